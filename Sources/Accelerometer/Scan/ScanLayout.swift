/// Where each enabled channel lives inside one scan, computed the way the kernel lays scans out.
///
/// Rules (DESIGN.md §6, `iio_compute_scan_bytes` in the kernel): channels in scan-index order with the
/// timestamp last; each starts at a multiple of its own storage size; the scan's total size is rounded
/// up to a multiple of its largest element. The iio-sensor-proxy test scan, x/y/z as `le:s16/32` plus a
/// `le:s64/64` timestamp, therefore has x, y, z at 0, 4, 8, four pad bytes, and the timestamp at 16.
public struct ScanLayout: Sendable, Hashable {
    /// The enabled channels, in the order they appear in a scan.
    public let channels: [ChannelDescription]
    /// The byte offset of each channel (parallel to ``channels``).
    public let offsets: [Int]
    /// The size of one whole scan in bytes, padding included.
    public let scanSize: Int

    /// Lays out `channels` (in any order) as the kernel would for a buffer with exactly these enabled.
    public init(channels unordered: [ChannelDescription]) throws(ScanLayoutError) {
        guard !unordered.isEmpty else { throw .noChannels }
        var seen: [Int: String] = [:]
        for channel in unordered {
            if let other = seen[channel.index] {
                throw .duplicateIndex(channel.index, other, channel.name)
            }
            seen[channel.index] = channel.name
        }
        let ordered = unordered.sorted { lhs, rhs in
            lhs.isTimestamp != rhs.isTimestamp ? rhs.isTimestamp : lhs.index < rhs.index
        }
        var offsets: [Int] = []
        var position = 0
        var largest = 1
        for channel in ordered {
            let alignment = channel.type.storageBytes
            position = (position + alignment - 1) / alignment * alignment
            offsets.append(position)
            position += channel.type.totalBytes
            largest = max(largest, alignment)
        }
        self.channels = ordered
        self.offsets = offsets
        self.scanSize = (position + largest - 1) / largest * largest
    }

    /// The position in ``channels`` of the channel called `name`, if it is enabled.
    public func position(ofChannelNamed name: String) -> Int? {
        channels.firstIndex { $0.name == name }
    }

    /// Decodes the raw value of channel `position` (repeat `element`) from one scan's bytes.
    ///
    /// `scan` must hold at least ``scanSize`` bytes.
    public func rawValue(ofChannelAt position: Int, element: Int = 0, in scan: UnsafeRawBufferPointer) -> Int64 {
        let type = channels[position].type
        return type.decode(scan, at: offsets[position] + element * type.storageBytes)
    }
}
