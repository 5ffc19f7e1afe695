import Accelerometer
import Dispatch
import Foundation
import TerminalKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `companion accel play FILE`: replays a recording at its own pace with live, filtered values and
/// the orientation as `monitor-sensor` names it.
enum AccelPlayCommand: Subcommand {
    static var name: String { AccelAction.play.name }
    static let summary = "replay a recording at its pace: values, filtered values, orientation"
    static let usage = """
        usage: companion accel play FILE [--speed X | --fast] [--adaptive] [options]

        Replays the samples at the pace their timestamps (or the sampling frequency) give, showing
        the acceleration in g, the low-pass (gravity) and high-pass (movement) outputs, and the
        device orientation: normal, bottom-up, left-up, right-up (iio-sensor-proxy's rules), plus
        face-up and face-down when the device lies flat. Orientation changes are printed the way
        monitor-sensor prints them. On a terminal one status line updates in place, shortened to fit
        the terminal's width, and q stops the replay; otherwise one line is printed per --every
        samples. Ctrl-C stops the replay cleanly (exit status 130, as for any command Ctrl-C
        interrupts).

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
        let speed = try list.decimalOption("--speed") ?? 1
        guard speed > 0 else { throw .usage("the speed must be more than 0", subject: "--speed") }
        let every = try list.integerOption("--every", in: 1...1_000_000)
        let adaptive = list.flag("--adaptive")
        var options = try AccelFilterOptions(&list, defaultKind: nil)
        let color = try AccelTerminal.colorPolicy(&list)
        let path = try AccelInputs.singleFile(list, action: name)
        let recording = try AccelInputs.loadRecording(path)
        try options.adopt(
            recordingRate: recording.header.samplingFrequency ?? recording.estimatedSamplingFrequency, filtering: true)
        let samples = try AccelInputs.samples(of: recording, path: path)
        let signals = try AccelSignals()
        defer { signals.cancel() }
        var player = Player(
            lowpass: LowpassFilter(rate: options.rate, cutoff: options.cutoff, adaptive: adaptive),
            highpass: HighpassFilter(rate: options.rate, cutoff: options.cutoff, adaptive: adaptive),
            live: AccelTerminal.isTerminal, useColor: color.isEnabled,
            every: every ?? max(1, Int((recording.effectiveSamplingFrequency / 10).rounded())))
        let pace =
            fast ? " (fast)" : speed == 1 ? " at the recorded pace" : " at \(RecordingFormat.number(speed))× speed"
        print(
            TerminalSanitizer.sanitize(
                "replaying \(path): \(CountText.of(samples.count, "sample")) of \(recording.header.device)")
                + pace + (adaptive ? ", adaptive filters" : ""))
        // Flushed now, so a script (or a test) reading the pipe knows the replay has begun.
        fflush(nil)
        // Keys are read, not echoed, while the status line is live: a q pressed to stop would
        // otherwise be drawn into it.
        let keys = player.live && !fast ? KeyPressReader(fileDescriptor: STDIN_FILENO) : nil
        defer { keys?.restore() }
        let start = DispatchTime.now().uptimeNanoseconds
        var previousTime: Double?
        var played = 0
        replay: for (index, sample) in samples.enumerated() {
            if !fast {
                let due = start + UInt64(max(sample.time, 0) / speed * 1e9)
                // Woken early by a key press: the sample is still due later, so wait again.
                while true {
                    let now = DispatchTime.now().uptimeNanoseconds
                    guard due > now else { break }
                    let keyboard = keys.flatMap { $0.isAtEnd ? nil : $0.fileDescriptor }
                    let milliseconds = Int32(min((due - now) / 1_000_000, 60_000))
                    guard signals.interruption.wait(forReadable: keyboard, milliseconds: milliseconds) else {
                        break replay
                    }
                    if let keys, keys.pendingKeys().contains(where: { $0 == "q" || $0 == "Q" }) { break replay }
                }
            }
            if signals.interruption.isInterrupted { break }
            let interval =
                options.usesTimestamps ? previousTime.map { sample.time - $0 }.flatMap { $0 > 0 ? $0 : nil } : nil
            previousTime = sample.time
            player.show(sample, interval: interval, isLast: index == samples.count - 1)
            played += 1
        }
        player.finish()
        let stopped = played < samples.count
        let total = CountText.of(samples.count, "sample")
        print(stopped ? "stopped after \(played) of \(total)" : "done: \(CountText.of(played, "sample"))")
        if let number = signals.signalNumber {
            // endProcess never returns, so the deferred restore would not run.
            keys?.restore()
            signals.endProcess(dueTo: number)
        }
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
    /// The terminal's width when that line was drawn.
    private var shownColumns = 0
    /// Whether the terminal moves its cursor on request (all but `TERM=dumb`).
    private let canMoveCursor = ProcessInfo.processInfo.environment["TERM"].map { !$0.isEmpty && $0 != "dumb" } ?? false

    init(lowpass: LowpassFilter, highpass: HighpassFilter, live: Bool, useColor: Bool, every: Int) {
        self.lowpass = lowpass
        self.highpass = highpass
        self.live = live
        self.useColor = useColor
        self.every = every
    }

    /// Filters `sample` and shows every `every`th one, and always the last, so a replay ends on
    /// the recording's final sample.
    mutating func show(_ sample: AccelerationSample, interval: Double?, isLast: Bool) {
        let g = sample.accelerationInG
        let low = lowpass.filter(g, interval: interval)
        let high = highpass.filter(g, interval: interval)
        let previous = detector.orientation
        let orientation = detector.update(acceleration: sample.acceleration)
        if orientation != previous {
            if live { clearStatus(columns: Self.terminalColumns()) }
            print(
                "    Accelerometer orientation changed: \(orientation.rawValue) (t = \(RecordingFormat.fixed(sample.time, 3)) s)"
            )
        }
        defer { count += 1 }
        guard count % every == 0 || isLast else { return }
        let status = ReplayStatusLine(
            time: sample.time, acceleration: g, lowpass: low, highpass: high, orientation: orientation.rawValue,
            isBeyondRange: sample.isBeyondRange)
        if live {
            // Measured at every update, so a resized window is followed.
            let columns = Self.terminalColumns()
            let (line, width) = status.rendered(columns: columns, useColor: useColor)
            clearStatus(columns: columns)
            print(line, terminator: "")
            shown = width
            shownColumns = columns
            fflush(nil)
        } else {
            print(status.rendered(useColor: useColor))
        }
    }

    mutating func finish() {
        if live { print("") }
    }

    /// The terminal's width now: standard output's, else `COLUMNS`, else 80.
    private static func terminalColumns() -> Int {
        let environment = ProcessInfo.processInfo.environment
        return TerminalSize.of(fileDescriptor: STDOUT_FILENO)?.columns
            ?? TerminalSize.pageWidth(requested: nil, environment: environment, terminal: { nil })
    }

    /// Returns to the start of the status line and blanks it: with colour by erasing to the end of the
    /// line, without colour (no escape sequences at all) by overwriting it with spaces.
    ///
    /// A terminal made narrower since the line was drawn has re-wrapped it onto several rows (tmux,
    /// VTE, Konsole, kitty, iTerm2 all do), and a carriage return only reaches the start of the
    /// last: the rows above would stay on the screen as a stale fragment. Then the cursor goes up
    /// to the line's first row and everything below is erased, with or without colour; a dumb
    /// terminal, which cannot move its cursor, gets a fresh line instead.
    private mutating func clearStatus(columns: Int) {
        let rowsAbove =
            shown > 0 && columns != shownColumns
            ? ReplayStatusLine.rowsAboveCursor(
                afterWrapping: shown, columns: columns) : 0
        if rowsAbove > 0 {
            print(canMoveCursor ? "\u{1B}[\(rowsAbove)A\r\u{1B}[J" : "\n", terminator: "")
        } else if useColor {
            print("\r\u{1B}[K", terminator: "")
        } else {
            print("\r" + String(repeating: " ", count: shown) + "\r", terminator: "")
        }
        shown = 0
    }
}
