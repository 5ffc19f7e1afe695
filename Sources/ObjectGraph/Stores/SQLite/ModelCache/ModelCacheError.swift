/// Writing a store's model cache (`Z_MODELCACHE`) failed.
public enum ModelCacheError: Error, Equatable, Sendable, CustomStringConvertible {
    /// zlib could not compress the archived model; the reason names zlib's complaint.
    case compressionFailed(String)

    /// The reason, in words.
    public var description: String {
        switch self {
        case .compressionFailed(let reason): "The model cache could not be compressed: \(reason)."
        }
    }
}
