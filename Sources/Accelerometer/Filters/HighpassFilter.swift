/// Apple's AccelerometerGraph high-pass filter: removes gravity, keeps quick movement.
///
/// dt = 1/rate, RC = 1/cutoff, α₀ = RC / (dt + RC) and y ← α·(y + a − a_prev), a_prev ← a. The adaptive
/// mode keeps the full α₀ while ‖y‖ and ‖a‖ differ little and lowers it towards α₀/3, so the output
/// dies away three times faster, as they differ more: with d = clamp(|‖y‖ − ‖a‖| ÷ 0.02 − 1, 0, 1),
/// α = d·α₀/3 + (1 − d)·α₀ (DESIGN.md §6). At the defaults α₀ = 12/13, so a 1 g step on z gives
/// 0.923076923, 0.852071006…, and adaptively 0.307692308, 0.094674556…
public struct HighpassFilter: AccelerationFilter {
    /// Samples per second the filter assumes.
    public let rate: Double
    /// The cutoff frequency in Hz.
    public let cutoff: Double
    /// Whether the adaptive mode is on.
    public var isAdaptive: Bool
    /// The last output (zero before the first sample).
    public private(set) var output = Vector3.zero
    /// The previous input (zero before the first sample).
    public private(set) var previousInput = Vector3.zero

    /// Makes a filter; `rate` and `cutoff` must be positive (the CLI checks user input).
    public init(
        rate: Double = FilterConstants.defaultRate, cutoff: Double = FilterConstants.defaultCutoff,
        adaptive: Bool = false
    ) {
        self.rate = rate
        self.cutoff = cutoff
        self.isAdaptive = adaptive
    }

    /// α₀ for the configured rate: RC / (dt + RC).
    public var filterConstant: Double { Self.constant(interval: 1.0 / rate, cutoff: cutoff) }

    static func constant(interval dt: Double, cutoff: Double) -> Double {
        let rc = 1.0 / cutoff
        return rc / (dt + rc)
    }

    /// Feeds one acceleration in g; `interval` (seconds since the previous one) replaces 1/rate.
    public mutating func filter(_ acceleration: Vector3, interval: Double? = nil) -> Vector3 {
        let alpha0 = interval.map { Self.constant(interval: $0, cutoff: cutoff) } ?? filterConstant
        var alpha = alpha0
        if isAdaptive {
            let d = FilterConstants.adaptiveWeight(output: output, input: acceleration)
            alpha = d * alpha0 / FilterConstants.noiseAttenuation + (1.0 - d) * alpha0
        }
        output = Vector3(
            x: alpha * (output.x + acceleration.x - previousInput.x),
            y: alpha * (output.y + acceleration.y - previousInput.y),
            z: alpha * (output.z + acceleration.z - previousInput.z))
        previousInput = acceleration
        return output
    }

    /// Filters `samples` in place at the configured rate (the fast path for long recordings).
    public mutating func filter(_ samples: UnsafeMutableBufferPointer<Vector3>) {
        if isAdaptive {
            for index in samples.indices { samples[index] = filter(samples[index], interval: nil) }
            return
        }
        let alpha = filterConstant
        var (x, y, z) = (output.x, output.y, output.z)
        var (px, py, pz) = (previousInput.x, previousInput.y, previousInput.z)
        for index in samples.indices {
            let a = samples[index]
            x = alpha * (x + a.x - px)
            y = alpha * (y + a.y - py)
            z = alpha * (z + a.z - pz)
            (px, py, pz) = (a.x, a.y, a.z)
            samples[index] = Vector3(x: x, y: y, z: z)
        }
        output = Vector3(x: x, y: y, z: z)
        previousInput = Vector3(x: px, y: py, z: pz)
    }

    /// Continues from a state computed elsewhere (the fused loop of ``AccelerationPipeline``).
    mutating func restore(output: Vector3, previousInput: Vector3) {
        self.output = output
        self.previousInput = previousInput
    }

    /// Back to zero state.
    public mutating func reset() {
        output = .zero
        previousInput = .zero
    }
}
