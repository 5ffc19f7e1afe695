/// The readable header of a recording: everything about the device and the capture.
///
/// On disk it is UTF-8 text, one `key: value` per line, between a first line `IIO-RECORDING 1` and a
/// line `data:`; the raw scans follow the newline after `data:` exactly as the kernel delivered them.
/// ```
/// IIO-RECORDING 1
/// tool: companion 1.0
/// device: adxl355
/// device-id: iio:device0
/// sampling-frequency: 4000
/// timestamp-clock: realtime
/// start-time: 2026-11-30T09:49:39.000Z
/// mount-matrix: 1, 0, 0; 0, 1, 0; 0, 0, 1
/// channel: accel_x index=0 type=be:s20/32>>4 scale=3.8245e-05 offset=0
/// channel: timestamp index=4 type=le:s64/64>>0 scale=1 offset=0
/// note: imported from capture.bin with channels from adxl355.xml
/// scan-size: 24
/// scans: 000000001200
/// data:
/// ```
/// Numbers use `.` as the decimal point whatever the locale. `note:` lines are free text (the sample
/// recordings keep their generator's parameters there).
public struct RecordingHeader: Sendable, Hashable {
    /// The format's magic first line.
    public static let magic = "IIO-RECORDING 1"

    /// The program (and version) that wrote the file.
    public var tool: String
    /// The device's name.
    public var device: String
    /// The device's kernel identifier, when known.
    public var deviceIdentifier: String?
    /// The channels present in every scan, in any order (the layout orders them).
    public var channels: [ChannelDescription]
    /// How the chip is mounted.
    public var mountMatrix: MountMatrix
    /// Samples per second, when known.
    public var samplingFrequency: Double?
    /// The clock behind the timestamp channel, when known.
    public var timestampClock: String?
    /// When the capture began, as ISO 8601 text.
    public var startTime: String?
    /// Free-text notes: the origin of an import, a generator's parameters.
    public var notes: [String]
    /// The number of scans the header announces (nil when the header does not say).
    public var scanCount: Int?

    /// Makes a header.
    public init(
        tool: String, device: String, deviceIdentifier: String? = nil, channels: [ChannelDescription],
        mountMatrix: MountMatrix = .identity, samplingFrequency: Double? = nil, timestampClock: String? = nil,
        startTime: String? = nil, notes: [String] = [], scanCount: Int? = nil
    ) {
        self.tool = tool
        self.device = device
        self.deviceIdentifier = deviceIdentifier
        self.channels = channels
        self.mountMatrix = mountMatrix
        self.samplingFrequency = samplingFrequency
        self.timestampClock = timestampClock
        self.startTime = startTime
        self.notes = notes
        self.scanCount = scanCount
    }

    /// Makes a header for a capture from `description` with the given channels enabled.
    public init(
        describing description: DeviceDescription, channels: [ChannelDescription], tool: String,
        startTime: String?, notes: [String] = []
    ) {
        self.init(
            tool: tool, device: description.name, deviceIdentifier: description.identifier, channels: channels,
            mountMatrix: description.mountMatrix, samplingFrequency: description.samplingFrequency,
            timestampClock: description.timestampClock, startTime: startTime, notes: notes)
    }

    /// The scan layout the header's channels make.
    public func layout() throws(ScanLayoutError) -> ScanLayout {
        try ScanLayout(channels: channels)
    }
}
