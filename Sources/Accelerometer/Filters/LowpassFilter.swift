/// Apple's AccelerometerGraph low-pass filter: keeps gravity, removes quick movement.
///
/// dt = 1/rate, RC = 1/cutoff (not 1/2π·cutoff, as in the sample), α₀ = dt / (dt + RC) and
/// y ← α·a + (1 − α)·y. The adaptive mode lets large changes through faster: with
/// d = clamp(|‖y‖ − ‖a‖| ÷ 0.02 − 1, 0, 1), α = (1 − d)·α₀/3 + d·α₀ (DESIGN.md §6). At the defaults
/// (60 Hz, 5 Hz) α₀ = 1/13, so a 1 g step on z gives 0.076923077, 0.147928994, 0.213472918…
public struct LowpassFilter: AccelerationFilter {
    /// Samples per second the filter assumes.
    public let rate: Double
    /// The cutoff frequency in Hz.
    public let cutoff: Double
    /// Whether the adaptive mode is on.
    public var isAdaptive: Bool
    /// The last output (zero before the first sample).
    public private(set) var output = Vector3.zero

    /// Makes a filter; `rate` and `cutoff` must be positive (the CLI checks user input).
    public init(
        rate: Double = FilterConstants.defaultRate, cutoff: Double = FilterConstants.defaultCutoff,
        adaptive: Bool = false
    ) {
        self.rate = rate
        self.cutoff = cutoff
        self.isAdaptive = adaptive
    }

    /// α₀ for the configured rate: dt / (dt + RC).
    public var filterConstant: Double { Self.constant(interval: 1.0 / rate, cutoff: cutoff) }

    static func constant(interval dt: Double, cutoff: Double) -> Double {
        let rc = 1.0 / cutoff
        return dt / (dt + rc)
    }

    /// Feeds one acceleration in g; `interval` (seconds since the previous one) replaces 1/rate.
    public mutating func filter(_ acceleration: Vector3, interval: Double? = nil) -> Vector3 {
        let alpha0 = interval.map { Self.constant(interval: $0, cutoff: cutoff) } ?? filterConstant
        var alpha = alpha0
        if isAdaptive {
            let d = FilterConstants.adaptiveWeight(output: output, input: acceleration)
            alpha = (1.0 - d) * alpha0 / FilterConstants.noiseAttenuation + d * alpha0
        }
        output = Vector3(
            x: acceleration.x * alpha + output.x * (1.0 - alpha),
            y: acceleration.y * alpha + output.y * (1.0 - alpha),
            z: acceleration.z * alpha + output.z * (1.0 - alpha))
        return output
    }

    /// Filters `samples` in place at the configured rate (the fast path for long recordings).
    public mutating func filter(_ samples: UnsafeMutableBufferPointer<Vector3>) {
        if isAdaptive {
            for index in samples.indices { samples[index] = filter(samples[index], interval: nil) }
            return
        }
        let alpha = filterConstant
        let keep = 1.0 - alpha
        var (x, y, z) = (output.x, output.y, output.z)
        for index in samples.indices {
            let a = samples[index]
            x = a.x * alpha + x * keep
            y = a.y * alpha + y * keep
            z = a.z * alpha + z * keep
            samples[index] = Vector3(x: x, y: y, z: z)
        }
        output = Vector3(x: x, y: y, z: z)
    }

    /// Continues from a state computed elsewhere (the fused loop of ``AccelerationPipeline``).
    mutating func restore(output: Vector3) {
        self.output = output
    }

    /// Back to zero state.
    public mutating func reset() {
        output = .zero
    }
}
