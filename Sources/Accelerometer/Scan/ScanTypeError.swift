/// Why a scan type string (`le:s16/32>>0`) could not be understood.
public enum ScanTypeError: Error, Equatable, CustomStringConvertible {
    /// The text does not follow `[be|le]:[s|u]bits/storagebits[Xrepeat]>>shift`.
    case unknownFormat(String)
    /// The text has the right shape but its numbers describe no real value.
    case invalid(String, String)

    /// A sentence naming the offending text.
    public var description: String {
        switch self {
        case .unknownFormat(let text):
            return "unknown scan type '\(text)' (expected something like 'le:s16/32>>0': "
                + "[be|le]:[s|u]bits/storagebits[Xrepeat]>>shift)"
        case .invalid(let text, let reason):
            return "invalid scan type '\(text)': \(reason)"
        }
    }
}
