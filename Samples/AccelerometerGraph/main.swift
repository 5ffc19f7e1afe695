// AccelerometerGraph, the lecture sample: Apple's iPhone sample of the same name, on Linux.
//
// It replays a recording shipped with the package (Recordings/, made by `companion accel synthesize`
// from a physical model; the header's note: lines hold the generator's parameters) through the
// low-pass filter (gravity) and the high-pass filter (movement), first with the adaptive mode off,
// then on, and prints each as a graph and how much each filter's output jitters.
//
//   swift run accelerometer-graph                 # the tilting recording
//   swift run accelerometer-graph shaking         # or walking, or a path to any recording
//   swift run accelerometer-graph --width 100 --color=never
import Accelerometer
import CStandardOutput
import Foundation
import TerminalKit

/// The mean absolute change between consecutive outputs: how jittery a filter's output is.
func jitter(_ values: [Vector3]) -> Double {
    guard values.count > 1 else { return 0 }
    var total = 0.0
    for index in 1..<values.count { total += (values[index] - values[index - 1]).length }
    return total / Double(values.count - 1)
}

/// `text` wrapped at spaces to `width` columns, each line after the first indented by `indent`;
/// control characters from the recording are shown visibly (TerminalKit's spans sanitise them).
func wrapped(_ text: String, width: Int, prefix: String = "", indent: String = "") -> [String] {
    TextWrapper(width: width)
        .wrap([[StyledSpan(text)]], firstPrefix: [StyledSpan(prefix)], continuationPrefix: [StyledSpan(indent)])
        .map(\.plainText)
}

func run() throws(SampleExit) {
    let options = try SampleOptions(arguments: Array(CommandLine.arguments.dropFirst()))
    let loaded = try SampleRecording(options.recording)
    let (recording, samples) = (loaded.recording, loaded.samples)
    let rate = recording.effectiveSamplingFrequency
    do {
        try FilterConstants.checkCutoff(FilterConstants.defaultCutoff, rate: rate)
    } catch {
        throw .failure("\(loaded.path): \(error)")
    }
    let color = ColorPolicy.current(flag: options.color)
    let requested = TerminalSize.pageWidth(requested: options.width, environment: ProcessInfo.processInfo.environment)
    let width = min(max(requested, SampleOptions.widths.lowerBound), SampleOptions.widths.upperBound)
    let times = samples.map(\.time)
    let inputs = samples.map(\.accelerationInG)

    let count = samples.count == 1 ? "1 sample" : "\(samples.count) samples"
    let title = "AccelerometerGraph — \(recording.header.device), \(count) at \(RecordingHeader.format(rate)) Hz"
    for line in wrapped(title, width: width) { print(line) }
    for note in recording.header.notes {
        for line in wrapped(note, width: width, prefix: "  ", indent: "    ") { print(line) }
    }
    print("")
    var rows: [(String, Double, Double)] = []
    for adaptive in [false, true] {
        // Timestamps drive each step's dt, so the walking recording's gap does not fool the filters.
        let low = samples.filtered(with: LowpassFilter(rate: rate, adaptive: adaptive), useTimestamps: true)
        let high = samples.filtered(with: HighpassFilter(rate: rate, adaptive: adaptive), useTimestamps: true)
        let mode = adaptive ? "adaptive on" : "adaptive off"
        print("== \(mode) ==")
        let plot = TerminalPlot(
            panels: [
                PlotPanel(title: "accelerometer (g)", times: times, vectors: inputs),
                PlotPanel(title: "low-pass 5 Hz, \(mode): gravity (g)", times: times, vectors: low),
                PlotPanel(
                    title: "high-pass 5 Hz, \(mode): movement (g) after settling", times: times,
                    vectors: settled(high, times: times)),
            ],
            width: width, panelHeight: 8, useColor: color.isEnabled)
        print(plot.render())
        rows.append(("low-pass, \(mode)", jitter(low), low.last.map(\.length) ?? 0))
        rows.append(("high-pass, \(mode)", jitter(high), high.last.map(\.length) ?? 0))
    }
    let heading = "how much each output moves from one sample to the next (mean |Δ|, g):"
    for line in wrapped(heading, width: width) { print(line) }
    for (name, moves) in [("raw input", jitter(inputs))] + rows.map({ ($0.0, $0.1) }) {
        let value = String(format: "%.5f", moves)
        let line = "  " + name.padding(toLength: 26, withPad: " ", startingAt: 0) + value
        // Too wide for the terminal: the value goes on a line of its own rather than wrapping anywhere.
        print(line.count <= width ? line : "  \(name)\n    \(value)")
    }
    let explanation = """
        Adaptive mode compares the lengths of output and input: when they differ by under 0.02 g \
        (noise), the low-pass uses a third of its α (smoother) and the high-pass its full α; when they \
        differ a lot, the low-pass uses its full α (follows at once) and the high-pass a third of it.
        """
    for line in wrapped(explanation, width: width) { print(line) }
}

/// The high-pass output with its first second left out (not a number, so it is not drawn and does
/// not set the panel's scale). The filter starts from zero, so its first output jumps to the whole
/// 1 g of gravity and decays over five time constants (5 RC = 5 / cutoff = 1 s); scaled to that
/// jump, the movement the panel is about would be a flat line.
func settled(_ output: [Vector3], times: [Double]) -> [Vector3] {
    guard let start = times.first else { return output }
    let settling = 5 / FilterConstants.defaultCutoff
    let hidden = Vector3(x: .nan, y: .nan, z: .nan)
    return zip(output, times).map { value, time in time - start < settling ? hidden : value }
}

/// Prints one line on standard error, control characters shown visibly (the message may quote a
/// file's first bytes or a path the user typed).
func printError(_ message: String) {
    FileHandle.standardError.write(Data(TerminalSanitizer.sanitize("accelerometer-graph: \(message)").utf8 + [10]))
}

// Output lost to a full disk or /dev/full is a failure, not a silent success.
companion_check_standard_output_at_exit("accelerometer-graph")
do {
    try run()
} catch .help {
    print(SampleOptions.help)
} catch .usage(let message) {
    printError(message)
    exit(2)
} catch .failure(let message) {
    printError(message)
    exit(1)
}
