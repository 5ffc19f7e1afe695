/// One decoded scan: raw counts, the acceleration in m/s² and in g, and when it was taken.
public struct AccelerationSample: Sendable, Hashable {
    /// The standard gravity in m/s², used to convert to g (DESIGN.md §6).
    public static let standardGravity = 9.80665
    /// The range beyond which a value is flagged: ±16 g, the widest range of common phone sensors.
    public static let flaggedRangeInG = 16.0

    /// The sample number, from 0.
    public var number: Int
    /// Seconds since the first sample (from the timestamp channel, else number ÷ rate).
    public var time: Double
    /// The kernel timestamp in nanoseconds, when the scans carry one.
    public var timestampNanoseconds: Int64?
    /// The raw x, y, z counts as stored.
    public var raw: [Int64]
    /// The acceleration in m/s² after offset, scale and mount matrix.
    public var acceleration: Vector3

    /// The acceleration in g (m/s² ÷ 9.80665), the unit the filters take.
    public var accelerationInG: Vector3 { (1 / Self.standardGravity) * acceleration }

    /// Whether some axis is beyond ±16 g.
    public var isBeyondRange: Bool { accelerationInG.largestMagnitude > Self.flaggedRangeInG }
}
