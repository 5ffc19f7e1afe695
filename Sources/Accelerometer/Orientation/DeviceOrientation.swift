/// Which way up the device is, named the way iio-sensor-proxy's `monitor-sensor` names it.
public enum DeviceOrientation: String, Sendable, CaseIterable {
    /// Not yet known (the state before the first decisive reading).
    case undefined
    /// Held upright, as in normal use (gravity along −y in the device's frame).
    case normal
    /// Upside down.
    case bottomUp = "bottom-up"
    /// Turned so its left edge points up.
    case leftUp = "left-up"
    /// Turned so its right edge points up.
    case rightUp = "right-up"
    /// Lying flat, screen up (our addition; iio-sensor-proxy keeps the previous orientation).
    case faceUp = "face-up"
    /// Lying flat, screen down (our addition).
    case faceDown = "face-down"
}
