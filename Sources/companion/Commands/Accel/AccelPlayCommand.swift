#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Accelerometer
import Dispatch
import TerminalKit

/// `companion accel play FILE`: replays a recording at its own pace with live, filtered values and
/// the orientation as `monitor-sensor` names it.
enum AccelPlayCommand: Subcommand {
    static let name = "play"
    static let summary = "replay a recording at its pace: values, filtered values, orientation"
    static let usage = """
        usage: companion accel play FILE [--speed X | --fast] [--adaptive] [options]

        Replays the samples at the pace their timestamps (or the sampling frequency) give, showing
        the acceleration in g, the low-pass (gravity) and high-pass (movement) outputs, and the
        device orientation: normal, bottom-up, left-up, right-up (iio-sensor-proxy's rules), plus
        face-up and face-down when the device lies flat. Orientation changes are printed the way
        monitor-sensor prints them. On a terminal one status line updates in place; otherwise one
        line is printed per --every samples. Ctrl-C stops the replay cleanly.

          --speed X          play X times faster (0.5 = half speed)
          --fast             no waiting at all (for scripts and tests)
          --every N          print every Nth sample (default: about 10 lines per second)
          --adaptive         use the adaptive filters
          --rate HZ, --cutoff HZ, --timestamps   as for 'dump'
          --color WHEN       always, never or auto
        """

    static func run(_ arguments: [String]) throws(CommandLineError) -> ExitStatus {
        var list = ArgumentList(arguments)
        let fast = list.flag("--fast")
        let speed = try list.doubleOption("--speed") ?? 1
        guard speed > 0 else { throw .usage("the speed must be more than 0", subject: "--speed") }
        let every = try list.integerOption("--every", in: 1...1_000_000)
        let adaptive = list.flag("--adaptive")
        var options = try AccelFilterOptions(&list, defaultKind: nil)
        let color = try AccelTerminal.colorPolicy(&list)
        let path = try AccelInputs.singleFile(list, action: name)
        let recording = try AccelInputs.loadRecording(path)
        options.adopt(recordingRate: recording.header.samplingFrequency)
        let samples = try AccelInputs.samples(of: recording, path: path)
        let signals = try AccelSignals()
        defer { signals.cancel() }
        var player = Player(
            lowpass: LowpassFilter(rate: options.rate, cutoff: options.cutoff, adaptive: adaptive),
            highpass: HighpassFilter(rate: options.rate, cutoff: options.cutoff, adaptive: adaptive),
            live: AccelTerminal.isTerminal, useColor: color.isEnabled,
            every: every ?? max(1, Int((recording.effectiveSamplingFrequency / 10).rounded())))
        print("replaying \(path): \(samples.count) samples of \(recording.header.device)"
            + (fast ? " (fast)" : speed == 1 ? " at the recorded pace" : " at \(RecordingFormat.number(speed))× speed")
            + (adaptive ? ", adaptive filters" : ""))
        // Flushed now, so a script (or a test) reading the pipe knows the replay has begun.
        fflush(nil)
        let start = DispatchTime.now().uptimeNanoseconds
        var previousTime: Double?
        var played = 0
        for sample in samples {
            if !fast {
                let due = start + UInt64(max(sample.time, 0) / speed * 1e9)
                let now = DispatchTime.now().uptimeNanoseconds
                if due > now, !signals.interruption.wait(forReadable: nil, milliseconds: Int32(min((due - now) / 1_000_000, 60_000))) {
                    break
                }
            }
            if signals.interruption.isInterrupted { break }
            let interval = options.usesTimestamps ? previousTime.map { sample.time - $0 }.flatMap { $0 > 0 ? $0 : nil } : nil
            previousTime = sample.time
            player.show(sample, interval: interval)
            played += 1
        }
        player.finish()
        let stopped = played < samples.count
        print(stopped ? "stopped after \(played) of \(samples.count) samples" : "done: \(played) samples")
        return .success
    }
}

/// The replay's state: filters, orientation, and how lines are printed.
private struct Player {
    var lowpass: LowpassFilter
    var highpass: HighpassFilter
    var detector = OrientationDetector()
    let live: Bool
    let useColor: Bool
    let every: Int
    private var count = 0
    /// The length of the status line on screen, so a shorter one can blank it without escapes.
    private var shown = 0

    init(lowpass: LowpassFilter, highpass: HighpassFilter, live: Bool, useColor: Bool, every: Int) {
        self.lowpass = lowpass
        self.highpass = highpass
        self.live = live
        self.useColor = useColor
        self.every = every
    }

    mutating func show(_ sample: AccelerationSample, interval: Double?) {
        let g = sample.accelerationInG
        let low = lowpass.filter(g, interval: interval)
        let high = highpass.filter(g, interval: interval)
        let previous = detector.orientation
        let orientation = detector.update(acceleration: sample.acceleration)
        if orientation != previous {
            if live { clearStatus() }
            print("    Accelerometer orientation changed: \(orientation.rawValue) (t = \(RecordingFormat.fixed(sample.time, 3)) s)")
        }
        defer { count += 1 }
        guard count % every == 0 else { return }
        let line = "t=\(RecordingFormat.fixed(sample.time, 3)) s  g \(vector(g))  low-pass \(vector(low))  "
            + "high-pass \(vector(high))  \(orientation.rawValue)" + (sample.isBeyondRange ? "  >16g" : "")
        if live {
            clearStatus()
            print(line, terminator: "")
            shown = line.count
            fflush(nil)
        } else {
            print(line)
        }
    }

    mutating func finish() {
        if live { print("") }
    }

    /// Returns to the start of the status line and blanks it: with colour by erasing to the end of the
    /// line, without colour (no escape sequences at all) by overwriting it with spaces.
    private mutating func clearStatus() {
        if useColor {
            print("\r\u{1B}[K", terminator: "")
        } else {
            print("\r" + String(repeating: " ", count: shown) + "\r", terminator: "")
        }
        shown = 0
    }

    private func vector(_ value: Vector3) -> String {
        let parts = (0..<3).map { axis -> String in
            let digits = RecordingFormat.fixed(value[axis], 3)
            let text = digits.hasPrefix("-") ? digits : "+" + digits
            guard useColor else { return ["x", "y", "z"][axis] + "=" + text }
            return "\u{1B}[" + ["31", "32", "34"][axis] + "m" + ["x", "y", "z"][axis] + "=" + text + "\u{1B}[0m"
        }
        return parts.joined(separator: " ")
    }
}
