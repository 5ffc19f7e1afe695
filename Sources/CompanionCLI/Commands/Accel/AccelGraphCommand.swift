import Accelerometer
import TerminalKit

/// `companion accel graph FILE`: raw and filtered x, y, z against time, in the terminal or as SVG.
enum AccelGraphCommand: Subcommand {
    static var name: String { AccelAction.graph.name }
    static let summary = "plot raw and filtered x, y, z against time (terminal Braille or --svg)"
    static let usage = """
        usage: companion accel graph FILE [--filter KIND] [--svg OUT] [options]

        Two panels in the spirit of Apple's AccelerometerGraph: the unfiltered acceleration and the
        filtered one (low-pass unless --filter says otherwise), x red, y green, z blue, in g against
        seconds. With colour the lines are Braille dots (2×4 per cell); without colour each axis is
        drawn with its own letter so the plot survives copy and paste (--braille keeps the dots).

          --svg OUT          write the same two panels as an SVG file instead
          --from S, --to S   only the samples from S to S seconds
          --width N          columns (default: COLUMNS, else the terminal's width, else 80)
          --height N         rows per panel (default 12)
          --color WHEN       always, never or auto (NO_COLOR, CLICOLOR_FORCE, TERM=dumb… are honoured)
          --braille          Braille dots even without colour
        \(AccelFilterOptions.help)
        """

    static func run(_ arguments: [String]) throws(CommandLineError) -> ExitStatus {
        var list = ArgumentList(arguments)
        var options = try AccelFilterOptions(&list, defaultKind: .lowpass)
        let svgPath = try list.option("--svg")
        let from = try list.decimalOption("--from")
        let to = try list.decimalOption("--to")
        let height = try list.integerOption("--height", in: 3...100) ?? 12
        let forceBraille = list.flag("--braille")
        let color = try AccelTerminal.colorPolicy(&list)
        let width = try AccelTerminal.width(&list)
        let path = try AccelInputs.singleFile(list, action: name)
        if let svgPath {
            try AccelOutputPath.check(svgPath, option: "--svg", against: [.init(path: path, role: "input recording")])
        }
        let recording = try AccelInputs.loadRecording(path)
        try options.adopt(recordingRate: recording.header.samplingFrequency ?? recording.estimatedSamplingFrequency)
        let all = try AccelInputs.samples(of: recording, path: path)
        let filteredAll =
            options.makeFilter().map { all.filtered(with: $0, useTimestamps: options.usesTimestamps) } ?? []
        // Filter the whole recording first, then cut, so the window shows the filter's settled state.
        let chosen = all.indices.filter { index in
            (from.map { all[index].time >= $0 } ?? true) && (to.map { all[index].time <= $0 } ?? true)
        }
        guard !chosen.isEmpty else {
            throw .failure(
                "no samples between --from and --to (the recording spans 0 to "
                    + "\(RecordingFormat.fixed(all.last?.time ?? 0, 3)) s)", subject: path)
        }
        let times = chosen.map { all[$0].time }
        let panels = [
            PlotPanel(title: "raw (g)", times: times, vectors: chosen.map { all[$0].accelerationInG }),
            PlotPanel(title: "\(options.label) (g)", times: times, vectors: chosen.map { filteredAll[$0] }),
        ]
        if let svgPath {
            try AccelInputs.write(Array(SVGPlot(panels: panels).render().utf8), to: svgPath)
            let count = CountText.of(chosen.count, "sample")
            print(TerminalSanitizer.sanitize("wrote \(svgPath): \(count), 2 panels"))
            return .success
        }
        let plot = TerminalPlot(
            panels: panels, width: width, panelHeight: height, useColor: color.isEnabled,
            braille: forceBraille || color.isEnabled)
        print(plot.render(), terminator: "")
        return .success
    }
}
