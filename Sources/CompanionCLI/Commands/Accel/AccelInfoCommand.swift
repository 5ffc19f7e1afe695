import Accelerometer
import TerminalKit

/// `companion accel info FILE`: what a recording holds, and what is wrong with it.
enum AccelInfoCommand: Subcommand {
    static var name: String { AccelAction.info.name }
    static let summary = "describe a recording: device, channels, rate, duration, problems"
    static let usage = """
        usage: companion accel info FILE

        Prints the recording's header (device, channels with index/type/scale/offset and byte
        position, mount matrix, rate, clock, start time, tool, notes), its length and time span,
        timestamp gaps, the range of each axis in g, and every problem found: a truncated last scan,
        timestamps that repeat or go back, values beyond ±16 g. Exit status 1 when there are problems.
        """

    static func run(_ arguments: [String]) throws(CommandLineError) -> ExitStatus {
        let list = ArgumentList(arguments)
        let path = try AccelInputs.singleFile(list, action: name)
        let recording = try AccelInputs.loadRecording(path)
        let samples = try AccelInputs.samples(of: recording, path: path, warn: false)
        print(describe(recording, samples: samples, path: path), terminator: "")
        return recording.problems(in: samples).isEmpty ? .success : .failure
    }

    /// The report, line by line, with control characters in the header's text (device, notes…) and
    /// the path made visible: they come from the file, and the terminal must not obey them.
    static func describe(_ recording: Recording, samples: [AccelerationSample], path: String) -> String {
        report(recording, samples: samples, path: path).map { TerminalSanitizer.sanitize($0) + "\n" }.joined()
    }

    private static func report(_ recording: Recording, samples: [AccelerationSample], path: String) -> [String] {
        let header = recording.header
        var lines = ["recording: \(path)"]
        lines.append("device: \(header.device)" + (header.deviceIdentifier.map { " (\($0))" } ?? ""))
        lines.append("tool: \(header.tool.isEmpty ? "unknown" : header.tool)")
        lines.append("start time: \(header.startTime ?? "unknown")")
        let rate = recording.samplingRate
        let hertz = RecordingFormat.number(rate.hertz)
        switch rate.source {
        case .header: lines.append("sampling frequency: \(hertz) Hz")
        case .timestamps: lines.append("sampling frequency: \(hertz) Hz (estimated: median interval of the timestamps)")
        case .assumed: lines.append("sampling frequency: unknown (\(hertz) Hz assumed)")
        }
        lines.append("timestamp clock: \(header.timestampClock ?? "unknown")")
        lines.append("mount matrix: \(header.mountMatrix)" + (header.mountMatrix.isIdentity ? " (identity)" : ""))
        lines.append("channels:")
        let layout = recording.layout
        let rows = layout.channels.enumerated().map { position, channel in
            [
                String(channel.index), channel.name, channel.type.description, RecordingFormat.number(channel.scale),
                RecordingFormat.number(channel.offset), String(layout.offsets[position]),
            ]
        }
        lines += RecordingFormat.table(header: ["index", "name", "type", "scale", "offset", "byte"], rows: rows)
            .map { "  " + $0 }
        lines.append("scan size: \(CountText.of(layout.scanSize, "byte"))")
        lines.append("scans: \(recording.scanCount) (data from byte offset \(recording.dataOffset))")
        if !samples.isEmpty {
            // From the earliest to the latest time: when timestamps go back, the last is not the latest.
            lines.append("duration: \(RecordingFormat.fixed(samples.timeSpan, 3)) s")
            lines += gapLines(samples, rate: recording.effectiveSamplingFrequency)
            for (axis, name) in ["x", "y", "z"].enumerated() {
                let values = samples.map { $0.accelerationInG[axis] }
                let low = values.min() ?? 0
                let high = values.max() ?? 0
                let mean = values.reduce(0, +) / Double(values.count)
                lines.append(
                    "\(name): \(RecordingFormat.fixed(low, 3)) to \(RecordingFormat.fixed(high, 3)) g, "
                        + "mean \(RecordingFormat.fixed(mean, 3)) g")
            }
        }
        for note in header.notes { lines.append("note: \(note)") }
        let problems = recording.problems(in: samples)
        lines.append(problems.isEmpty ? "problems: none" : "problems: \(problems.count)")
        for problem in problems.prefix(20) { lines.append("  \(problem)") }
        if problems.count > 20 { lines.append("  … and \(problems.count - 20) more") }
        return lines
    }

    /// Gaps: steps forward longer than 1.5 sampling periods, from the timestamps (steps that repeat
    /// or go back are problems, listed with them).
    private static func gapLines(_ samples: [AccelerationSample], rate: Double) -> [String] {
        guard samples.first?.timestampNanoseconds != nil else {
            return ["timestamps: none (times are sample number ÷ rate)"]
        }
        guard samples.count > 1 else { return ["gaps: none (one scan, no step between timestamps)"] }
        let period = 1 / rate
        var gaps: [(Int, Double)] = []
        for index in 1..<samples.count {
            let step = samples[index].time - samples[index - 1].time
            if step > 1.5 * period { gaps.append((index, step)) }
        }
        guard let largest = gaps.max(by: { $0.1 < $1.1 }) else { return ["gaps: none"] }
        return [
            "gaps: \(gaps.count) longer than 1.5 sampling periods (largest \(RecordingFormat.fixed(largest.1, 3)) s "
                + "before sample \(largest.0)); use --timestamps when filtering"
        ]
    }
}
