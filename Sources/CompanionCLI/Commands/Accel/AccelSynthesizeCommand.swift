import Accelerometer
import TerminalKit

/// `companion accel synthesize SCENARIO -o OUT`: a recording from the physical motion model.
enum AccelSynthesizeCommand: Subcommand {
    static var name: String { AccelAction.synthesize.name }
    static let summary = "generate a physically modelled recording (tilting, shaking, walking)"
    static var usage: String {
        """
        usage: companion accel synthesize SCENARIO -o OUT [--rate HZ] [--duration S] [--seed N]

        Generates a recording from a model of a phone in a hand: its attitude rotates gravity into
        the phone's axes, the hand adds its own acceleration, and sensor noise and tremor are added
        before the values are quantised as a ±8 g, 12-bit chip stores them (le:s12/16>>4). The
        parameters are written into the header's note: lines. The sample recordings shipped in
        Samples/AccelerometerGraph/Recordings were made with the defaults and --seed 1, 2, 3.

        scenarios:
        \(MotionScenario.allCases.map { "  " + $0.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0) + $0.summary }.joined(separator: "\n"))

          -o, --output OUT   the recording to write
          --rate HZ          samples per second (default 60)
          --duration S       seconds (default: the scenario's)
          --seed N           the noise seed (default 1)
        """
    }

    static func run(_ arguments: [String]) throws(CommandLineError) -> ExitStatus {
        var list = ArgumentList(arguments)
        guard let output = try list.option("-o", "--output") else {
            throw .usage("where should the recording go? (give -o OUT)", subject: "accel synthesize")
        }
        try AccelOutputPath.check(output, option: "-o", against: [])
        let rate = try list.decimalOption("--rate") ?? 60
        let duration = try list.decimalOption("--duration")
        let seed = try list.integerOption("--seed", in: 0...Int(Int32.max)) ?? 1
        guard rate >= 1 && rate <= 10_000 else {
            throw .usage("the rate must be from 1 to 10000 Hz", subject: "--rate")
        }
        if let duration, duration <= 0 || duration > 3600 {
            throw .usage("the duration must be more than 0 and at most 3600 s", subject: "--duration")
        }
        let names = try list.positionals()
        guard names.count == 1, let scenario = MotionScenario(rawValue: names[0]) else {
            throw .usage(
                "which motion? (\(MotionScenario.allCases.map(\.rawValue).joined(separator: ", ")))",
                subject: names.first ?? "accel synthesize")
        }
        let synthesizer = MotionSynthesizer(scenario: scenario, rate: rate, duration: duration, seed: UInt64(seed))
        let recording: Recording
        do {
            recording = try synthesizer.recording(tool: AccelCommand.toolVersion)
        } catch {
            throw .failure(error.description, subject: output)
        }
        try AccelInputs.write(recording.encoded(), to: output)
        let count = CountText.of(recording.scanCount, "scan")
        print(TerminalSanitizer.sanitize("wrote \(output): \(count), \(scenario.rawValue), seed \(seed)"))
        return .success
    }
}
