#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Buffered capture from `/dev/iio:deviceN`, set up the way the kernel documentation describes.
///
/// ``start()`` writes 0 to `buffer/enable`, 1 to each wanted `scan_elements/*_en`, the trigger name
/// to `trigger/current_trigger` (when given), the length to `buffer/length`, and 1 to `buffer/enable`
/// last. ``stop()`` writes 0 to `buffer/enable` again; callers must call it on every exit path,
/// Ctrl-C included.
public final class BufferedCapture {
    /// The device being captured.
    public let device: SysfsDevice
    /// The character device the scans are read from.
    public let devicePath: String
    /// The scan layout of the enabled channels (valid after ``start()``).
    public private(set) var layout: ScanLayout?
    /// What the device looked like when capture started.
    public private(set) var description: DeviceDescription?
    private let channelNames: [String]?
    private let trigger: String?
    private let bufferLength: Int
    private var descriptor: Int32 = -1
    private var enabled = false

    /// Prepares a capture; nothing is written until ``start()``.
    /// - Parameters:
    ///   - device: the accelerometer, as found under `/sys/bus/iio/devices`.
    ///   - devRoot: the directory holding the `iio:deviceN` character devices (`/dev`).
    ///   - channels: the scan channels to enable; the three axes plus the timestamp when nil.
    ///   - trigger: a trigger name for `trigger/current_trigger`, or nil to leave it alone.
    ///   - bufferLength: how many scans the kernel buffer holds.
    public init(
        device: SysfsDevice, devRoot: String = "/dev", channels: [String]? = nil, trigger: String? = nil,
        bufferLength: Int = 128
    ) {
        self.device = device
        self.devicePath = SysfsDevice.join(devRoot, device.identifier)
        self.channelNames = channels
        self.trigger = trigger
        self.bufferLength = bufferLength
    }

    deinit {
        stop()
    }

    /// Enables the scan elements and the buffer and opens the character device.
    public func start() throws(IIOError) {
        let files = device.files
        let described = try device.describe()
        guard let elements = device.scanElementsDirectory else {
            throw .notFound(path: device.path("scan_elements"))
        }
        let available = Set(described.channels.map(\.name))
        let wanted =
            channelNames ?? (DeviceDescription.axisNames + (available.contains("timestamp") ? ["timestamp"] : []))
        let chosen = try described.channels(named: wanted)
        let buffer = device.bufferDirectory
        try files.writeText("0\n", to: SysfsDevice.join(buffer, "enable"))
        for channel in described.channels {
            let on = wanted.contains(channel.name)
            try files.writeText(on ? "1\n" : "0\n", to: SysfsDevice.join(elements, "in_\(channel.name)_en"))
        }
        if let trigger {
            try files.writeText(trigger + "\n", to: device.path("trigger/current_trigger"))
        }
        try files.writeText("\(bufferLength)\n", to: SysfsDevice.join(buffer, "length"))
        do {
            layout = try ScanLayout(channels: chosen)
        } catch {
            throw .malformedDescription(source: elements, line: 0, reason: error.description)
        }
        description = described
        try files.writeText("1\n", to: SysfsDevice.join(buffer, "enable"))
        enabled = true
        descriptor = open(devicePath, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            stop()
            throw SystemFileAccess.error(code, path: devicePath, writing: false)
        }
    }

    /// Reads whole scans until `maximumScans` arrive, the device reports end of data, or `interruption`
    /// fires; hands each chunk of complete scans to `consume`.
    ///
    /// - Returns: the number of scans read.
    public func run(
        maximumScans: Int?, interruption: CaptureInterruption, consume: ([UInt8]) throws -> Void
    ) throws -> Int {
        guard let layout, descriptor >= 0 else { return 0 }
        let scanSize = layout.scanSize
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: scanSize * max(bufferLength, 1))
        var total = 0
        while maximumScans.map({ total < $0 }) ?? true {
            guard interruption.wait(forReadable: descriptor, milliseconds: -1) else { break }
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EAGAIN || errno == EINTR { continue }
                throw SystemFileAccess.error(errno, path: devicePath, writing: false)
            }
            if count == 0 { break }
            pending.append(contentsOf: chunk[0..<count])
            var whole = pending.count / scanSize
            if let maximumScans { whole = min(whole, maximumScans - total) }
            guard whole > 0 else { continue }
            try consume(Array(pending[0..<(whole * scanSize)]))
            pending.removeFirst(whole * scanSize)
            total += whole
        }
        return total
    }

    /// Disables the buffer (writes 0 to `buffer/enable`) and closes the device; safe to call twice.
    public func stop() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        if enabled {
            enabled = false
            try? device.files.writeText("0\n", to: SysfsDevice.join(device.bufferDirectory, "enable"))
        }
    }
}
