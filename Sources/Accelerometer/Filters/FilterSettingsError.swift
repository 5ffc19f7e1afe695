/// Why a filter's sampling rate and cutoff frequency cannot work together.
public enum FilterSettingsError: Error, Equatable, CustomStringConvertible {
    /// The cutoff is at or above half the sampling rate (the Nyquist frequency). Samples taken `rate`
    /// times a second hold no frequency above rate ÷ 2, so such a filter separates nothing.
    case cutoffNotBelowNyquist(cutoff: Double, rate: Double)

    /// A sentence naming both numbers and the limit.
    public var description: String {
        switch self {
        case .cutoffNotBelowNyquist(let cutoff, let rate):
            let half = Self.format(rate / 2)
            return "a \(Self.format(cutoff)) Hz cutoff is not below half the "
                + "\(Self.format(rate)) Hz sampling rate (\(half) Hz, the highest frequency the samples "
                + "can hold); choose a cutoff under \(half) Hz"
        }
    }

    /// A number as the header writes it (`60`, `0.5`), except that one far from everyday sizes keeps
    /// its exponent: `--rate 1e-300` once made a message of some 700 characters, mostly zeros.
    private static func format(_ value: Double) -> String {
        value == 0 || (1e-6..<1e15).contains(abs(value)) ? RecordingHeader.format(value) : "\(value)"
    }
}
