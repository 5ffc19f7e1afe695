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
import Foundation
import TerminalKit

/// The sample's options, read from the command line without the companion's parser (samples use
/// the libraries the way a student's program would).
struct SampleOptions {
    var recording = "tilting"
    var width: Int?
    var color: ColorPolicy.Flag?

    init(arguments: [String]) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--width", let value = rest.popFirst(), let width = Int(value), width >= 30 {
                self.width = width
            } else if argument.hasPrefix("--color="), let flag = ColorPolicy.Flag(rawValue: String(argument.dropFirst(8))) {
                color = flag
            } else if argument == "--help" || argument == "-h" {
                throw SampleExit.help
            } else if argument.hasPrefix("-") {
                throw SampleExit.usage("unknown option \(argument)")
            } else {
                recording = argument
            }
        }
    }
}

/// Why the sample stops early.
enum SampleExit: Error {
    case help
    case usage(String)
    case failure(String)
}

/// Finds a shipped recording by name, or takes a path.
func recordingURL(_ name: String) throws -> URL {
    if FileManager.default.fileExists(atPath: name) { return URL(fileURLWithPath: name) }
    guard let folder = Bundle.module.url(forResource: "Recordings", withExtension: nil) else {
        throw SampleExit.failure("the shipped recordings are missing from the bundle")
    }
    let url = folder.appendingPathComponent(name + ".iiorec")
    guard FileManager.default.fileExists(atPath: url.path) else {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".iiorec") }.map { String($0.dropLast(7)) }.sorted()
        throw SampleExit.failure("no recording called '\(name)' (shipped: \(names.joined(separator: ", ")))")
    }
    return url
}

/// The mean absolute change between consecutive outputs: how jittery a filter's output is.
func jitter(_ values: [Vector3]) -> Double {
    guard values.count > 1 else { return 0 }
    var total = 0.0
    for index in 1..<values.count { total += (values[index] - values[index - 1]).length }
    return total / Double(values.count - 1)
}

func run() throws {
    let options = try SampleOptions(arguments: Array(CommandLine.arguments.dropFirst()))
    let url = try recordingURL(options.recording)
    let recording: Recording
    do {
        recording = try Recording(bytes: [UInt8](try Data(contentsOf: url)))
    } catch let error as RecordingError {
        throw SampleExit.failure("\(url.path): \(error)")
    }
    let samples = try recording.samples()
    let color = ColorPolicy.current(flag: options.color)
    let width = TerminalSize.pageWidth(requested: options.width, environment: ProcessInfo.processInfo.environment)
    let rate = recording.effectiveSamplingFrequency
    let times = samples.map(\.time)
    let inputs = samples.map(\.accelerationInG)

    print("AccelerometerGraph — \(recording.header.device), \(samples.count) samples at \(Int(rate)) Hz")
    for note in recording.header.notes { print("  \(note)") }
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
                PlotPanel(title: "high-pass 5 Hz, \(mode): movement (g)", times: times, vectors: high),
            ],
            width: min(max(width, 30), 1000), panelHeight: 8, useColor: color.isEnabled)
        print(plot.render())
        rows.append(("low-pass, \(mode)", jitter(low), low.last.map(\.length) ?? 0))
        rows.append(("high-pass, \(mode)", jitter(high), high.last.map(\.length) ?? 0))
    }
    print("how much each output moves from one sample to the next (mean |Δ|, g):")
    print("  raw input                 " + String(format: "%.5f", jitter(inputs)))
    for (name, moves, _) in rows {
        print("  " + name.padding(toLength: 26, withPad: " ", startingAt: 0) + String(format: "%.5f", moves))
    }
    print("Adaptive mode compares the lengths of output and input: when they differ by under 0.02 g")
    print("(noise), the low-pass uses a third of its α (smoother) and the high-pass its full α; when they")
    print("differ a lot, the low-pass uses its full α (follows at once) and the high-pass a third of it.")
}

do {
    try run()
} catch SampleExit.help {
    print("usage: accelerometer-graph [tilting|shaking|walking|FILE] [--width N] [--color=always|never|auto]")
} catch SampleExit.usage(let message) {
    FileHandle.standardError.write(Data("accelerometer-graph: \(message)\n".utf8))
    exit(2)
} catch SampleExit.failure(let message) {
    FileHandle.standardError.write(Data("accelerometer-graph: \(message)\n".utf8))
    exit(1)
} catch {
    FileHandle.standardError.write(Data("accelerometer-graph: \(error)\n".utf8))
    exit(1)
}
