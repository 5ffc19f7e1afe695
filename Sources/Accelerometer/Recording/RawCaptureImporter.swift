/// Turns a raw `iio_readdev` capture (scan bytes, no header) plus a channel description into one of
/// our recordings.
///
/// `iio_readdev` writes whole scans exactly as the kernel lays them out, padding included, for the
/// channels it was asked for (all scan channels by default) (DESIGN.md §6). The importer keeps those
/// bytes untouched; a partial last scan is reported and left out.
public enum RawCaptureImporter {
    /// Builds a recording from `capture` laid out for `channels` of `device`.
    ///
    /// - Returns: the recording and the issues found (a truncated last scan).
    public static func recording(
        capture: [UInt8], device: DeviceDescription, channels: [ChannelDescription], tool: String, notes: [String]
    ) throws(RecordingError) -> (Recording, [RecordingIssue]) {
        let layout: ScanLayout
        do {
            layout = try ScanLayout(channels: channels)
        } catch {
            throw .headerMismatch(error.description)
        }
        _ = try AccelerationDecoder(layout: layout, mountMatrix: device.mountMatrix)
        let whole = capture.count / layout.scanSize
        let remainder = capture.count % layout.scanSize
        guard whole > 0 else { throw .empty(byteCount: capture.count, scanSize: layout.scanSize) }
        var issues: [RecordingIssue] = []
        if remainder > 0 {
            issues.append(
                .truncatedLastScan(
                    sample: whole, byteOffset: whole * layout.scanSize, bytesPresent: remainder,
                    scanSize: layout.scanSize))
        }
        let header = RecordingHeader(describing: device, channels: channels, tool: tool, startTime: nil, notes: notes)
        var recording = try Recording(header: header, scanData: Array(capture[0..<(whole * layout.scanSize)]))
        recording.header.deriveStartTime(from: recording)
        return (recording, issues)
    }
}
