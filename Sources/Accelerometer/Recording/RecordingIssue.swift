/// Something wrong in a recording that does not stop it being read, reported rather than hidden.
public enum RecordingIssue: Sendable, Hashable, CustomStringConvertible {
    /// The data ends partway through a scan; the partial scan is ignored.
    case truncatedLastScan(sample: Int, byteOffset: Int, bytesPresent: Int, scanSize: Int)
    /// A sample exceeds ±16 g on some axis: probably a glitch, a mis-set scale or a real impact.
    case beyondRange(sample: Int, byteOffset: Int, axis: String, valueInG: Double)
    /// A sample's timestamp is not later than the previous sample's: it repeats it (`time` equal to
    /// `previousTime`) or goes back. Times are seconds since the first sample.
    case timestampNotIncreasing(sample: Int, byteOffset: Int, time: Double, previousTime: Double)

    /// A sentence with the sample number and byte offset.
    public var description: String {
        switch self {
        case .truncatedLastScan(let sample, let offset, let present, let size):
            return "truncated last scan: sample \(sample) at byte offset \(offset) has only \(present) of its "
                + "\(size) bytes (ignored)"
        case .beyondRange(let sample, let offset, let axis, let value):
            let shown = (value * 1000).rounded() / 1000
            return "sample \(sample) (byte offset \(offset)): \(axis) = \(shown) g is beyond ±16 g"
        case .timestampNotIncreasing(let sample, let offset, let time, let previous):
            let (now, before) = (RecordingHeader.format(time), RecordingHeader.format(previous))
            let what =
                time == previous
                ? "repeats sample \(sample - 1)'s (\(now) s)"
                : "goes back to \(now) s from sample \(sample - 1)'s \(before) s"
            return "sample \(sample) (byte offset \(offset)): its timestamp \(what); timestamps must increase"
        }
    }
}
