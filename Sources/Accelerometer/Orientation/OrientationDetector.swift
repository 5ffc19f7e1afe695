import Foundation

/// Decides the device orientation from accelerations, with the rules iio-sensor-proxy uses, plus the
/// flat cases.
///
/// The tilt of x and of y from the horizontal plane are measured in whole degrees; beyond 35°, x
/// decides between left-up (x > 0) and right-up, else y between bottom-up (y > 0) and normal. When
/// both are beyond 35° the reading sits on a border and the previous answer stands; a reading within
/// 5° of the same axis's opposite side does not flip between its two states. iio-sensor-proxy scales
/// counts so 1 g ≈ 256 and truncates to integers before measuring; this does the same, so the
/// answers match on the same data. When neither x nor y is tilted past 35° and z carries most of
/// gravity (the device is within 35° of flat), the answer is face-up (z < 0) or face-down (z > 0),
/// the names the course uses for the iPhone's `UIDeviceOrientation.faceUp`/`faceDown`.
public struct OrientationDetector: Sendable {
    /// The tilt in degrees beyond which an edge counts as "up" (iio-sensor-proxy's threshold).
    public static let threshold = 35
    /// Within this many degrees, a portrait or landscape state does not flip to its opposite.
    public static let sameAxisLimit = 5
    /// The current answer.
    public private(set) var orientation: DeviceOrientation = .undefined

    /// Starts undecided.
    public init() {}

    /// Updates the orientation with one acceleration in m/s² and returns it.
    public mutating func update(acceleration: Vector3) -> DeviceOrientation {
        // 1 g ≈ 256, truncated toward zero like iio-sensor-proxy's integer conversion.
        let x = Int(acceleration.x * 256 / 9.81)
        let y = Int(acceleration.y * 256 / 9.81)
        let z = Int(acceleration.z * 256 / 9.81)
        let portrait = Self.degrees(x, Double(y * y + z * z).squareRoot())
        let landscape = Self.degrees(y, Double(x * x + z * z).squareRoot())
        if abs(portrait) > Self.threshold && abs(landscape) > Self.threshold { return orientation }
        let previous = orientation
        if abs(portrait) > Self.threshold {
            orientation = portrait > 0 ? .leftUp : .rightUp
            if (previous == .leftUp || previous == .rightUp) && abs(portrait) < Self.sameAxisLimit {
                orientation = previous
            }
        } else if abs(landscape) > Self.threshold {
            orientation = landscape > 0 ? .bottomUp : .normal
            if (previous == .bottomUp || previous == .normal) && abs(landscape) < Self.sameAxisLimit {
                orientation = previous
            }
        } else {
            let flat = Self.degrees(abs(z), Double(x * x + y * y).squareRoot())
            if flat > 90 - Self.threshold && z != 0 { orientation = z < 0 ? .faceUp : .faceDown }
        }
        return orientation
    }

    private static func degrees(_ value: Int, _ across: Double) -> Int {
        Int((atan2(Double(value), across) * 180 / Double.pi).rounded())
    }
}
