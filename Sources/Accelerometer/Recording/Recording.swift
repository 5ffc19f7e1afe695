/// One accelerometer recording: a header describing the device and the raw scans, byte for byte.
///
/// Read one from a file's bytes with ``init(bytes:)``, write one with ``encoded()`` or
/// ``RecordingWriter``, and turn the scans into samples with ``samples()``.
public struct Recording: Sendable {
    /// The device, channels and capture details.
    public var header: RecordingHeader
    /// Where each channel sits in a scan.
    public let layout: ScanLayout
    /// The raw scans, a whole number of ``ScanLayout/scanSize`` bytes, exactly as the kernel wrote them.
    public let scanData: [UInt8]
    /// The byte offset of the first scan in the file (the header's length).
    public let dataOffset: Int
    /// Problems that did not stop the recording being read (a truncated last scan).
    public let issues: [RecordingIssue]
    /// The rate the timestamps show (one over their median interval) when the header has none.
    public let estimatedSamplingFrequency: Double?

    /// Makes a recording from a header and scans; `scanData` must hold whole scans.
    public init(header: RecordingHeader, scanData: [UInt8]) throws(RecordingError) {
        let layout: ScanLayout
        do {
            layout = try header.layout()
        } catch {
            throw .headerMismatch(error.description)
        }
        guard scanData.count % layout.scanSize == 0 else {
            throw .headerMismatch(
                "\(CountText.of(scanData.count, "byte")) of scans \(scanData.count == 1 ? "is" : "are") not a whole "
                    + "number of \(layout.scanSize)-byte scans")
        }
        self.header = header
        self.header.scanCount = scanData.count / layout.scanSize
        self.layout = layout
        self.scanData = scanData
        self.dataOffset = Array(self.header.text(scanSize: layout.scanSize).utf8).count
        self.issues = []
        _ = try AccelerationDecoder(layout: layout, mountMatrix: header.mountMatrix)
        estimatedSamplingFrequency = Self.estimateSamplingFrequency(
            layout: layout, header: self.header, scanData: scanData)
    }

    init(header: RecordingHeader, layout: ScanLayout, scanData: [UInt8], dataOffset: Int, issues: [RecordingIssue]) {
        self.header = header
        self.layout = layout
        self.scanData = scanData
        self.dataOffset = dataOffset
        self.issues = issues
        estimatedSamplingFrequency = Self.estimateSamplingFrequency(layout: layout, header: header, scanData: scanData)
    }

    /// The number of complete scans.
    public var scanCount: Int { scanData.count / layout.scanSize }

    /// The file's bytes: header text, then the scans.
    public func encoded() -> [UInt8] {
        Array(header.text(scanSize: layout.scanSize).utf8) + scanData
    }

    /// The sampling frequency to assume: the header's, else the timestamps' (median interval), else
    /// 60 Hz (the iPhone sample's rate). See ``samplingRate`` for where it came from.
    public var effectiveSamplingFrequency: Double {
        samplingRate.hertz
    }
}
