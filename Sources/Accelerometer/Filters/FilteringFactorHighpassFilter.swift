/// The guide's simplified high-pass filter, corrected: the input minus a `kFilteringFactor` low-pass.
///
/// g ← a·k + g·(1 − k), y = a − g. The guide meant this; what it printed is
/// ``PrintedGuideHighpassFilter``.
public struct FilteringFactorHighpassFilter: AccelerationFilter {
    /// The low-pass whose output is subtracted.
    public private(set) var gravity: FilteringFactorLowpassFilter

    /// Makes the filter with the guide's factor unless told otherwise.
    public init(factor: Double = FilterConstants.filteringFactor) {
        gravity = FilteringFactorLowpassFilter(factor: factor)
    }

    /// Feeds one acceleration in g; the interval is ignored, as in the guide.
    public mutating func filter(_ acceleration: Vector3, interval: Double? = nil) -> Vector3 {
        acceleration - gravity.filter(acceleration, interval: nil)
    }

    /// Back to zero state.
    public mutating func reset() {
        gravity.reset()
    }
}
