import Accelerometer
import Foundation
import TerminalKit

/// `companion accel record -o OUT`: captures from an IIO device into a recording.
enum AccelRecordCommand: Subcommand {
    static var name: String { AccelAction.record.name }
    static let summary = "capture from an IIO accelerometer into a recording (buffered or polled)"
    static let usage = """
        usage: companion accel record -o OUT [--device NAME] [--samples N] [options]

        Buffered capture (the default) enables the scan elements, sets the trigger and buffer
        length, enables the buffer last, and reads whole scans from /dev/iio:deviceN, writing them
        untouched after a header describing the device. The buffer is disabled again on every
        exit, Ctrl-C included. --poll reads the in_accel_*_raw files instead, --rate times a second.

          -o, --output OUT       the recording to write
          --device NAME          the device's name or iio:deviceN (default: the first accelerometer)
          --sysfs-root DIR       where sysfs is mounted (default /sys; a copied tree works too)
          --dev-root DIR         where the iio:deviceN character devices are (default /dev)
          --samples N            stop after N scans (default: until Ctrl-C or the end of the data)
          --scan-channels LIST   scan channels to enable (default accel_x,accel_y,accel_z,timestamp)
          --trigger NAME         write NAME to trigger/current_trigger first
          --buffer-length N      the kernel buffer's length in scans (default 128)
          --poll                 poll the *_raw files instead of using the buffer
          --rate HZ              polling rate (default: the device's sampling frequency, else 60)

        Reading sysfs and /dev/iio:deviceN usually needs root; the error names the file.
        """

    static func run(_ arguments: [String]) throws(CommandLineError) -> ExitStatus {
        var list = ArgumentList(arguments)
        guard let output = try list.option("-o", "--output") else {
            throw .usage("where should the recording go? (give -o OUT)", subject: "accel record")
        }
        let deviceName = try list.option("--device")
        let sysfsRoot = try list.option("--sysfs-root") ?? "/sys"
        let devRoot = try list.option("--dev-root") ?? "/dev"
        let maximum = try list.integerOption("--samples", in: 1...Int(Int32.max))
        let channels = try list.option("--scan-channels").map { $0.split(separator: ",").map(String.init) }
        let trigger = try list.option("--trigger")
        let bufferLength = try list.integerOption("--buffer-length", in: 1...1_000_000) ?? 128
        let poll = list.flag("--poll")
        let pollRate = try list.decimalOption("--rate")
        let extra = try list.positionals()
        guard extra.isEmpty else { throw .usage("unexpected argument", subject: extra[0]) }
        if let pollRate, pollRate <= 0 || pollRate > 10_000 {
            throw .usage("the polling rate must be more than 0 and at most 10000 Hz", subject: "--rate")
        }
        let device: SysfsDevice
        do {
            device = try SysfsDevice.find(named: deviceName, sysfsRoot: sysfsRoot)
        } catch {
            throw .failure(error, subject: "accel record")
        }
        let capture = BufferedCapture(
            device: device, devRoot: devRoot, channels: channels, trigger: trigger, bufferLength: bufferLength)
        // The files read must not be the one written (-o /dev/iio:device0 would truncate nothing useful,
        // but -o pointing into a copied tree would destroy the copy).
        let inputs =
            poll
            ? DeviceDescription.axisNames.map { .init(path: device.path("in_\($0)_raw"), role: "polled reading") }
            : [AccelOutputPath.Input(path: capture.devicePath, role: "IIO character device")]
        try AccelOutputPath.check(output, option: "-o", against: inputs)
        let signals = try AccelSignals()
        defer { signals.cancel() }
        if poll {
            return try AccelPolledRecorder.record(
                device: device, output: output, maximum: maximum, rate: pollRate, interruption: signals.interruption)
        }
        return try recordBuffered(
            device: device, output: output, maximum: maximum, capture: capture, interruption: signals.interruption)
    }

    private static func recordBuffered(
        device: SysfsDevice, output: String, maximum: Int?, capture: BufferedCapture, interruption: CaptureInterruption
    ) throws(CommandLineError) -> ExitStatus {
        // stop() runs on every path out of here: normal end, error, or Ctrl-C (which ends run()).
        defer { capture.stop() }
        let writer: RecordingWriter
        do throws(IIOError) {
            try capture.start()
            guard let layout = capture.layout, let description = capture.description else {
                throw .ioFailure(path: device.directory, reason: "the capture did not start")
            }
            let header = RecordingHeader(
                describing: description, channels: layout.channels, tool: AccelCommand.toolVersion,
                startTime: Date().ISO8601Format(
                    .iso8601.time(includingFractionalSeconds: true).year().month().day()
                        .dateSeparator(.dash).timeSeparator(.colon)),
                notes: ["recorded from \(capture.devicePath) (\(device.directory))"])
            writer = try RecordingWriter(path: output, header: header)
        } catch {
            throw .failure(error, subject: "accel record")
        }
        printError(
            TerminalSanitizer.sanitize(
                "recording \(device.identifier) from \(capture.devicePath) into \(output) (Ctrl-C to stop)"))
        let count: Int
        do {
            count = try capture.run(maximumScans: maximum, interruption: interruption) { scans in
                try writer.append(scans)
            }
            try writer.close()
        } catch let error as IIOError {
            throw .failure(error, subject: "accel record")
        } catch {
            throw .failure("\(error)", subject: "accel record")
        }
        capture.stop()
        printError(
            TerminalSanitizer.sanitize("wrote \(CountText.of(count, "scan")) to \(output)")
                + (interruption.isInterrupted ? " (stopped by signal)" : ""))
        return .success
    }
}
