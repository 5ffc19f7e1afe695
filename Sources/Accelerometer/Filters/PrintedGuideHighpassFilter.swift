/// The high-pass filter exactly as Apple's Event Handling guide printed it — a documented curiosity.
///
/// The guide wrote `accelX = acceleration.x - ((acceleration.x * kFilteringFactor) + (accelX * (1.0 -
/// kFilteringFactor)))`, storing the *high-passed* value in the variable that should hold the low-pass
/// state. So y ← a − (a·k + y·(1 − k)): the state feeds back with a negative sign and, on a constant
/// input, the output oscillates around a·(1 − k)/(2 − k) ≈ 0.47·a instead of settling at 0. Kept for
/// the lecture, next to the corrected ``FilteringFactorHighpassFilter``.
public struct PrintedGuideHighpassFilter: AccelerationFilter {
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
            x: acceleration.x - (acceleration.x * factor + output.x * (1.0 - factor)),
            y: acceleration.y - (acceleration.y * factor + output.y * (1.0 - factor)),
            z: acceleration.z - (acceleration.z * factor + output.z * (1.0 - factor)))
        return output
    }

    /// Back to zero state.
    public mutating func reset() {
        output = .zero
    }
}
