/// The low-pass filter of Apple's older Event Handling guide: `kFilteringFactor` 0.1, no rate.
///
/// y ← a·k + y·(1 − k). It ignores the sampling rate, so its cutoff moves when the rate does.
public struct FilteringFactorLowpassFilter: AccelerationFilter {
    /// The filtering factor k (0.1 in the guide).
    public let factor: Double
    /// The last output (zero before the first sample).
    public private(set) var output = Vector3.zero

    /// Makes the filter with the guide's factor unless told otherwise.
    public init(factor: Double = FilterConstants.filteringFactor) {
        self.factor = factor
    }

    /// Feeds one acceleration in g; the interval is ignored, as in the guide.
    public mutating func filter(_ acceleration: Vector3, interval: Double? = nil) -> Vector3 {
        output = Vector3(
            x: acceleration.x * factor + output.x * (1.0 - factor),
            y: acceleration.y * factor + output.y * (1.0 - factor),
            z: acceleration.z * factor + output.z * (1.0 - factor))
        return output
    }

    /// Back to zero state.
    public mutating func reset() {
        output = .zero
    }
}
