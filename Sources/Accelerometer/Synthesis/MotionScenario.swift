/// The motions the synthesizer can record, each a physically plausible model of a phone in a hand.
///
/// Readings follow the iPhone's and iio-sensor-proxy's convention: a phone held upright reads
/// y ≈ −1 g, lying face up z ≈ −1 g; the reading is gravity minus the hand's own acceleration,
/// expressed in the phone's axes (x right, y up the screen, z out of the screen).
public enum MotionScenario: String, Sendable, CaseIterable {
    /// Held upright, then slowly rolled left-up, back, right-up, back, and laid face up: gravity moves
    /// between axes, what the low-pass filter isolates.
    case tilting
    /// Held upright and shaken sideways in two bursts (4 Hz, 3 cm; then 6 Hz, 2.5 cm): large, quick
    /// accelerations on x, what the high-pass filter isolates.
    case shaking
    /// Carried in a hand while walking (1.9 steps per second): a bounce at the step frequency, sway at
    /// half of it, a tilted gravity vector, and one 0.24 s gap where the buffer overran.
    case walking

    /// What the motion shows, for `--help` and the sample.
    public var summary: String {
        switch self {
        case .tilting: return "slow tilts: gravity moves between axes (low-pass territory)"
        case .shaking: return "two bursts of sideways shaking (high-pass territory)"
        case .walking: return "walking with the phone in hand, with one gap in the timestamps"
        }
    }

    /// The default length in seconds.
    public var defaultDuration: Double {
        switch self {
        case .tilting: return 14
        case .shaking: return 10
        case .walking: return 12
        }
    }
}
