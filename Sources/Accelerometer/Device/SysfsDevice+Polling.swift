/// One polled reading of the three `in_accel_*_raw` files.
public struct PolledReading: Sendable, Hashable {
    /// The raw counts, x, y, z.
    public var raw: [Int64]
    /// The acceleration in m/s² after scale, offset and mount matrix.
    public var acceleration: Vector3
}

extension SysfsDevice {
    /// Reads `in_accel_{x,y,z}_raw` once and converts them with the device's scale, offset and mount
    /// matrix: SI value = (raw + offset) × scale (DESIGN.md §6).
    public func readRawAcceleration() throws(IIOError) -> PolledReading {
        var raw: [Int64] = []
        var si: [Double] = []
        for axis in DeviceDescription.axisNames {
            let file = path("in_\(axis)_raw")
            let text = try files.readText(file).trimmingWhitespace()
            guard let value = Int64(text) else {
                throw .invalidAttribute(path: file, value: text, reason: "a raw reading must be a whole number")
            }
            raw.append(value)
            si.append((Double(value) + (try offset(ofChannel: axis))) * (try scale(ofChannel: axis)))
        }
        let vector = try mountMatrix().apply(Vector3(x: si[0], y: si[1], z: si[2]))
        return PolledReading(raw: raw, acceleration: vector)
    }
}
