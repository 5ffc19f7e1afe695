/// A per-axis filter over accelerations in g, with state that starts at zero.
public protocol AccelerationFilter: Sendable {
    /// Feeds one acceleration (in g) taken `interval` seconds after the previous one and returns the
    /// filter's new output. A nil interval means the filter's configured rate (1 / rate seconds).
    mutating func filter(_ acceleration: Vector3, interval: Double?) -> Vector3
    /// Returns the filter to its initial, all-zero state.
    mutating func reset()
}

/// The constants of Apple's AccelerometerGraph filters (DESIGN.md §6, verified against the sample).
public enum FilterConstants {
    /// `kAccelerometerMinStep`: the change in g below which the adaptive filters treat input as noise.
    public static let minimumStep = 0.02
    /// `kAccelerometerNoiseAttenuation`: how much the adaptive filters damp noise (α ÷ 3).
    public static let noiseAttenuation = 3.0
    /// The default rate: the iPhone sample sampled at 60 Hz.
    public static let defaultRate = 60.0
    /// The default cutoff frequency: 5 Hz.
    public static let defaultCutoff = 5.0
    /// `kFilteringFactor` from Apple's older Event Handling guide.
    public static let filteringFactor = 0.1

    /// How much the output and the input differ in length, as the adaptive filters use it:
    /// d = clamp(|‖y‖ − ‖a‖| ÷ 0.02 − 1, 0, 1), with y the output before the update.
    static func adaptiveWeight(output: Vector3, input: Vector3) -> Double {
        let d = abs(output.length - input.length) / minimumStep - 1.0
        return min(max(d, 0.0), 1.0)
    }
}
