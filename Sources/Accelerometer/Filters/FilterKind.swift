/// The filters `companion accel dump --filter` and `graph --filter` can apply, by their CLI names.
public enum FilterKind: String, Sendable, CaseIterable {
    /// ``LowpassFilter``.
    case lowpass
    /// ``HighpassFilter``.
    case highpass
    /// ``LowpassFilter`` in adaptive mode.
    case adaptiveLowpass = "adaptive-lowpass"
    /// ``HighpassFilter`` in adaptive mode.
    case adaptiveHighpass = "adaptive-highpass"
    /// ``FilteringFactorLowpassFilter`` (the guide's `kFilteringFactor` low-pass).
    case factorLowpass = "factor-lowpass"
    /// ``FilteringFactorHighpassFilter`` (the guide's high-pass, corrected).
    case factorHighpass = "factor-highpass"
    /// ``PrintedGuideHighpassFilter`` (the guide's high-pass as printed; it oscillates).
    case guideHighpass = "guide-highpass"

    /// A fresh filter of this kind at `rate` samples per second with `cutoff` Hz.
    public func makeFilter(rate: Double, cutoff: Double) -> any AccelerationFilter {
        switch self {
        case .lowpass: return LowpassFilter(rate: rate, cutoff: cutoff)
        case .highpass: return HighpassFilter(rate: rate, cutoff: cutoff)
        case .adaptiveLowpass: return LowpassFilter(rate: rate, cutoff: cutoff, adaptive: true)
        case .adaptiveHighpass: return HighpassFilter(rate: rate, cutoff: cutoff, adaptive: true)
        case .factorLowpass: return FilteringFactorLowpassFilter()
        case .factorHighpass: return FilteringFactorHighpassFilter()
        case .guideHighpass: return PrintedGuideHighpassFilter()
        }
    }

    /// Whether rate and cutoff matter (the guide's filters use a fixed factor instead).
    public var usesRateAndCutoff: Bool {
        switch self {
        case .lowpass, .highpass, .adaptiveLowpass, .adaptiveHighpass: return true
        case .factorLowpass, .factorHighpass, .guideHighpass: return false
        }
    }
}

extension Array where Element == AccelerationSample {
    /// Runs `filter` over the samples' accelerations in g.
    ///
    /// - Parameter useTimestamps: take each step's dt from the sample times (for recordings with gaps)
    ///   instead of 1/rate; the first step always uses 1/rate.
    public func filtered(with filter: any AccelerationFilter, useTimestamps: Bool) -> [Vector3] {
        var filter = filter
        var outputs: [Vector3] = []
        outputs.reserveCapacity(count)
        var previousTime: Double?
        for sample in self {
            var interval: Double?
            if useTimestamps, let previousTime, sample.time > previousTime {
                interval = sample.time - previousTime
            }
            previousTime = sample.time
            outputs.append(filter.filter(sample.accelerationInG, interval: interval))
        }
        return outputs
    }
}
