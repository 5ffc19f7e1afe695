/// A three-axis value: an acceleration in g or m/s², or a filter's output.
public struct Vector3: Sendable, Hashable, CustomStringConvertible {
    /// The x component.
    public var x: Double
    /// The y component.
    public var y: Double
    /// The z component.
    public var z: Double

    /// Makes a vector from its components.
    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The zero vector, every filter's initial state.
    public static let zero = Vector3(x: 0, y: 0, z: 0)

    /// The Euclidean length, √(x² + y² + z²).
    public var length: Double { (x * x + y * y + z * z).squareRoot() }

    /// The largest absolute component (used to flag values beyond the ±16 g range).
    public var largestMagnitude: Double { max(abs(x), abs(y), abs(z)) }

    /// The component for axis 0, 1 or 2.
    public subscript(axis: Int) -> Double {
        switch axis {
        case 0: return x
        case 1: return y
        default: return z
        }
    }

    /// `(x, y, z)` with full precision.
    public var description: String { "(\(x), \(y), \(z))" }

    /// Component-wise sum.
    public static func + (lhs: Vector3, rhs: Vector3) -> Vector3 {
        Vector3(x: lhs.x + rhs.x, y: lhs.y + rhs.y, z: lhs.z + rhs.z)
    }

    /// Component-wise difference.
    public static func - (lhs: Vector3, rhs: Vector3) -> Vector3 {
        Vector3(x: lhs.x - rhs.x, y: lhs.y - rhs.y, z: lhs.z - rhs.z)
    }

    /// Scales every component.
    public static func * (lhs: Double, rhs: Vector3) -> Vector3 {
        Vector3(x: lhs * rhs.x, y: lhs * rhs.y, z: lhs * rhs.z)
    }
}
