/// Why a filter's sampling rate and cutoff frequency cannot work together.
public enum FilterSettingsError: Error, Equatable, CustomStringConvertible {
    /// The cutoff is at or above half the sampling rate (the Nyquist frequency). Samples taken `rate`
    /// times a second hold no frequency above rate ÷ 2, so such a filter separates nothing.
    case cutoffNotBelowNyquist(cutoff: Double, rate: Double)

    /// A sentence naming both numbers and the limit.
    public var description: String {
        switch self {
        case .cutoffNotBelowNyquist(let cutoff, let rate):
            let half = RecordingHeader.format(rate / 2)
            return "a \(RecordingHeader.format(cutoff)) Hz cutoff is not below half the "
                + "\(RecordingHeader.format(rate)) Hz sampling rate (\(half) Hz, the highest frequency the samples "
                + "can hold); choose a cutoff under \(half) Hz"
        }
    }
}
