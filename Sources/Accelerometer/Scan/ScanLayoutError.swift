/// Why a set of channels does not make a valid scan layout.
public enum ScanLayoutError: Error, Equatable, CustomStringConvertible {
    /// No channel is enabled, so a scan would be empty.
    case noChannels
    /// Two channels claim the same scan index.
    case duplicateIndex(Int, String, String)

    /// A sentence a student understands.
    public var description: String {
        switch self {
        case .noChannels:
            return "no channels are enabled, so there is nothing to read in a scan"
        case .duplicateIndex(let index, let first, let second):
            return "channels '\(first)' and '\(second)' both claim scan index \(index)"
        }
    }
}
