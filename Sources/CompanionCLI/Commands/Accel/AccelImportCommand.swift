import Accelerometer
import TerminalKit

/// `companion accel import`: makes a recording from a raw `iio_readdev` capture or a CSV.
enum AccelImportCommand: Subcommand {
    static var name: String { AccelAction.import.name }
    static let summary = "make a recording from a raw iio_readdev capture or a CSV of polled values"
    static let usage = """
        usage: companion accel import CAPTURE.bin --channels SOURCE -o OUT [--device NAME]
               companion accel import --csv FILE.csv -o OUT [--channels SOURCE] [--scale S] [--rate HZ]

        A raw capture is the scan bytes iio_readdev wrote, with no header. SOURCE describes its
        channels: a libiio XML context (iio_info -x, iio_genxml), the text iio_info printed, or a
        sysfs device directory (copied from /sys/bus/iio/devices/iio:deviceN). The capture's scans
        hold every scan channel of the device, as iio_readdev reads by default; --scan-channels
        names the ones it was asked for instead (for a sysfs directory, the *_en files that hold 1
        are used when any do). The bytes are kept exactly; a partial last scan is reported and left out.

        A CSV of polled values has a header row naming x, y, z (raw counts) and optionally time
        (seconds) or timestamp (nanoseconds).

          -o, --output OUT        the recording to write
          --channels SOURCE       the channel description
          --device NAME           which device, when SOURCE lists several
          --scan-channels LIST    the channels in the capture, comma-separated
          --csv FILE              import polled values instead of a raw capture
          --scale S, --offset O   for a CSV without SOURCE: the raw counts' scale (m/s² per count) and offset
          --rate HZ               the sampling frequency, when SOURCE does not say
        """

    static func run(_ arguments: [String]) throws(CommandLineError) -> ExitStatus {
        var list = ArgumentList(arguments)
        guard let output = try list.option("-o", "--output") else {
            throw .usage("where should the recording go? (give -o OUT)", subject: "accel import")
        }
        let source = try list.option("--channels")
        let deviceName = try list.option("--device")
        let scanChannels = try list.option("--scan-channels").map { $0.split(separator: ",").map(String.init) }
        let csvPath = try list.option("--csv")
        let scale = try list.decimalOption("--scale")
        let offset = try list.decimalOption("--offset")
        let rate = try list.decimalOption("--rate")
        if let scale, scale == 0 { throw .usage("a zero scale would turn every reading into 0", subject: "--scale") }
        if let rate, rate <= 0 { throw .usage("the rate must be more than 0 Hz", subject: "--rate") }
        let files = try list.positionals()
        // Before anything is read or written: the recording must not replace one of its own inputs.
        let inputs =
            files.map { AccelOutputPath.Input(path: $0, role: "raw capture") }
            + [
                csvPath.map { .init(path: $0, role: "CSV being imported") },
                source.map { .init(path: $0, role: "channel description") },
            ].compactMap { $0 }
        try AccelOutputPath.check(output, option: "-o", against: inputs)
        var (device, enabledInSource) = try describe(source: source, deviceName: deviceName)
        if let rate { device?.samplingFrequency = rate }
        let recording: Recording
        if let csvPath {
            guard files.isEmpty else { throw .usage("give either a capture or --csv, not both", subject: files[0]) }
            recording = try importCSV(csvPath, device: device, source: source, scale: scale, offset: offset)
        } else {
            guard files.count == 1 else {
                throw .usage(
                    files.isEmpty ? "which capture? (or --csv FILE)" : "give exactly one capture",
                    subject: "accel import")
            }
            guard let device, let source else {
                throw .usage(
                    "a raw capture has no header: say what its channels are with --channels SOURCE", subject: files[0])
            }
            recording = try importCapture(
                files[0], device: device, source: source,
                channels: scanChannels ?? (enabledInSource.isEmpty ? nil : enabledInSource))
        }
        try AccelInputs.write(recording.encoded(), to: output)
        print(
            TerminalSanitizer.sanitize(
                "wrote \(output): \(CountText.of(recording.scanCount, "scan")) of "
                    + "\(recording.layout.scanSize) bytes from \(recording.header.device)"))
        return .success
    }

    /// The device SOURCE describes (nil without SOURCE), and for a sysfs directory the channels its
    /// `*_en` files enable.
    private static func describe(source: String?, deviceName: String?) throws(CommandLineError)
        -> (DeviceDescription?, [String])
    {
        guard let source else { return (nil, []) }
        do {
            let (kind, devices) = try ChannelSource.load(path: source)
            let chosen = try devices.select(named: deviceName, source: source)
            guard kind == .sysfsDirectory else { return (chosen, []) }
            return (chosen, try SysfsDevice(directory: sysfsDirectory(source, chosen)).enabledScanChannels())
        } catch {
            throw .failure(error, subject: source)
        }
    }

    /// A raw `iio_readdev` capture laid out for `channels` (all scan channels when nil).
    private static func importCapture(_ path: String, device: DeviceDescription, source: String, channels: [String]?)
        throws(CommandLineError) -> Recording
    {
        let capture = try AccelInputs.readBytes(path)
        let chosen: [ChannelDescription]
        do {
            chosen = try device.channels(named: channels)
        } catch {
            throw .failure(error, subject: source)
        }
        do {
            let (recording, issues) = try RawCaptureImporter.recording(
                capture: capture, device: device, channels: chosen, tool: AccelCommand.toolVersion,
                notes: ["imported from \(path) with channels from \(source)"])
            for issue in issues { AccelInputs.printWarning(path, issue.description) }
            return recording
        } catch {
            throw .failure(error.description, subject: path)
        }
    }

    /// Polled raw values from a CSV; scale and offset from the options, else from SOURCE, else 1 and 0.
    private static func importCSV(
        _ path: String, device: DeviceDescription?, source: String?, scale: Double?, offset: Double?
    ) throws(CommandLineError) -> Recording {
        var description = device ?? DeviceDescription(name: "polled", identifier: "unknown", channels: [])
        if scale != nil || offset != nil || device == nil {
            let template = description.channels
            description.channels = try DeviceDescription.axisNames.enumerated().map {
                index, axis throws(CommandLineError) in
                ChannelDescription(
                    name: axis, index: index, type: try scanType("le:s32/32>>0"),
                    scale: scale ?? template.first { $0.name == axis }?.scale ?? 1.0,
                    offset: offset ?? template.first { $0.name == axis }?.offset ?? 0.0)
            }
        }
        let text = String(decoding: try AccelInputs.readBytes(path), as: UTF8.self)
        let recording: Recording
        do {
            recording = try PolledCSVImporter.recording(
                csv: text, device: description, tool: AccelCommand.toolVersion,
                notes: ["imported from polled values in \(path)"] + (source.map { ["channels from \($0)"] } ?? []))
        } catch {
            throw .failure(error.description, subject: path)
        }
        if scale == nil && device == nil {
            AccelInputs.printWarning(path, "no --scale or --channels, so 1 count = 1 m/s² (scale 1.0)")
        }
        return recording
    }

    private static func scanType(_ text: String) throws(CommandLineError) -> ScanType {
        do {
            return try ScanType(parsing: text)
        } catch {
            throw .failure(error.description)
        }
    }

    /// The device directory inside a sysfs source (the source itself, or its iio:deviceN child).
    private static func sysfsDirectory(_ source: String, _ device: DeviceDescription) -> String {
        let child = SysfsDevice(directory: source).path(device.identifier)
        return SystemFileAccess().isDirectory(child) ? child : source
    }
}
