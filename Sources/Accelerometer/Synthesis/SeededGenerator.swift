import Foundation

/// A small deterministic random number generator (SplitMix64), so a synthetic recording is the same
/// bytes every time for the same seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in [0, 1).
    mutating func uniform() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A normally distributed value (Box–Muller) with the given standard deviation.
    mutating func gaussian(standardDeviation: Double) -> Double {
        let u1 = max(uniform(), 1e-300)
        let u2 = uniform()
        return standardDeviation * (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }
}
