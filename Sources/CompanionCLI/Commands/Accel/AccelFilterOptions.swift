import Accelerometer

/// The filter options shared by `dump`, `graph` and `play`: `--filter`, `--rate`, `--cutoff`,
/// `--timestamps`.
struct AccelFilterOptions {
    /// The filter asked for, if any.
    var kind: FilterKind?
    /// Samples per second: `--rate`, else the recording's sampling frequency, else 60.
    var rate: Double
    /// The cutoff frequency: `--cutoff`, else 5 Hz.
    var cutoff: Double
    /// Take each step's dt from the timestamps (for recordings with gaps).
    var usesTimestamps: Bool

    /// The option lines for help texts.
    static let help = """
          --filter KIND      one of: \(FilterKind.allCases.map(\.rawValue).joined(separator: ", "))
          --rate HZ          the filter's sampling rate (default: the recording's, else 60)
          --cutoff HZ        the cutoff frequency (default 5)
          --timestamps       take each step's dt from the timestamps (for recordings with gaps)
        """

    /// Whether `--rate` was given (so the recording's rate must not replace it).
    private(set) var rateIsExplicit: Bool

    /// Takes the options out of `arguments`; call ``adopt(recordingRate:)`` once the recording is read.
    init(_ arguments: inout ArgumentList, defaultKind: FilterKind?) throws(CommandLineError) {
        if let text = try arguments.option("--filter") {
            guard let kind = FilterKind(rawValue: text) else {
                throw .usage(
                    "unknown filter '\(text)' (filters: \(FilterKind.allCases.map(\.rawValue).joined(separator: ", ")))",
                    subject: "--filter")
            }
            self.kind = kind
        } else {
            kind = defaultKind
        }
        let explicitRate = try arguments.decimalOption("--rate")
        rateIsExplicit = explicitRate != nil
        rate = explicitRate ?? FilterConstants.defaultRate
        cutoff = try arguments.decimalOption("--cutoff") ?? FilterConstants.defaultCutoff
        guard rate > 0 else { throw .usage("the rate must be more than 0 Hz", subject: "--rate") }
        guard cutoff > 0 else { throw .usage("the cutoff must be more than 0 Hz", subject: "--cutoff") }
        usesTimestamps = arguments.flag("--timestamps")
    }

    /// Uses the recording's sampling frequency unless `--rate` was given, then checks that the cutoff
    /// lies below half that rate (the Nyquist frequency).
    ///
    /// - Parameter filtering: whether a filter that uses rate and cutoff will run; by default, whether
    ///   `--filter` (or the action's default) names one. `play` always runs its two filters.
    mutating func adopt(recordingRate: Double?, filtering: Bool? = nil) throws(CommandLineError) {
        if !rateIsExplicit, let recordingRate { rate = recordingRate }
        guard filtering ?? (kind?.usesRateAndCutoff ?? false) else { return }
        do {
            try FilterConstants.checkCutoff(cutoff, rate: rate)
        } catch {
            throw .usage(error.description, subject: "--cutoff")
        }
    }

    /// A fresh filter, if one was asked for.
    func makeFilter() -> (any AccelerationFilter)? {
        kind?.makeFilter(rate: rate, cutoff: cutoff)
    }

    /// A short label such as `low-pass 5 Hz @ 60 Hz` for plot titles and column headers.
    var label: String {
        guard let kind else { return "" }
        guard kind.usesRateAndCutoff else { return "\(kind.rawValue) (k = \(FilterConstants.filteringFactor))" }
        return "\(kind.rawValue) \(Self.format(cutoff)) Hz @ \(Self.format(rate)) Hz"
            + (usesTimestamps ? " (dt from timestamps)" : "")
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : "\(value)"
    }
}
