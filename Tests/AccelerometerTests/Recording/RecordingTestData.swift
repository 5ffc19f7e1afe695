@testable import Accelerometer

/// Small recordings built in the tests: the iio-sensor-proxy layout (x, y, z as `le:s16/32`, a
/// 64-bit timestamp) with chosen raw values.
enum RecordingTestData {
    static func channels(scale: Double = 0.0095768) throws -> [ChannelDescription] {
        let axis = try ScanType(parsing: "le:s16/32>>0")
        return [
            ChannelDescription(name: "accel_x", index: 0, type: axis, scale: scale),
            ChannelDescription(name: "accel_y", index: 1, type: axis, scale: scale),
            ChannelDescription(name: "accel_z", index: 2, type: axis, scale: scale),
            ChannelDescription(name: "timestamp", index: 3, type: try ScanType(parsing: "le:s64/64>>0")),
        ]
    }

    /// One 24-byte scan; the upper half of each axis slot gets junk, as in the real capture.
    static func scan(_ x: Int16, _ y: Int16, _ z: Int16, nanoseconds: Int64) -> [UInt8] {
        var bytes: [UInt8] = []
        for value in [x, y, z] {
            let bits = UInt16(bitPattern: value)
            bytes += [UInt8(bits & 0xFF), UInt8(bits >> 8), 0xA5, 0x5A]
        }
        bytes += [0, 0, 0, 0]
        let time = UInt64(bitPattern: nanoseconds)
        bytes += (0..<8).map { UInt8(truncatingIfNeeded: time >> (8 * UInt64($0))) }
        return bytes
    }

    /// A recording of `count` scans at 100 Hz rising slowly on x.
    static func recording(count: Int = 5, notes: [String] = []) throws -> Recording {
        var data: [UInt8] = []
        for index in 0..<count {
            data += scan(Int16(index * 10), -1024, 12, nanoseconds: 1_000_000_000 + Int64(index) * 10_000_000)
        }
        let header = RecordingHeader(
            tool: "companion test", device: "lis3dh", deviceIdentifier: "iio:device0", channels: try channels(),
            samplingFrequency: 100, timestampClock: "monotonic", startTime: "2026-11-30T10:00:00.000Z", notes: notes)
        return try Recording(header: header, scanData: data)
    }
}
