import Foundation

/// A fake `/sys` (and `/dev`) built in a temporary directory: what `--sysfs-root` reads in tests.
struct FakeSysfsTree {
    /// The fake sysfs root.
    let root: URL
    /// The device directory, `<root>/bus/iio/devices/iio:device0`.
    let device: URL

    /// Makes `<root>/bus/iio/devices/iio:device0` with `name`.
    init(name: String = "lis3dh", identifier: String = "iio:device0") throws {
        root = try TestPaths.temporaryDirectory()
        device = root.appendingPathComponent("bus/iio/devices/\(identifier)")
        try FileManager.default.createDirectory(at: device, withIntermediateDirectories: true)
        try write("name", name + "\n")
    }

    /// Writes a file relative to the device directory, creating folders.
    func write(_ relative: String, _ text: String) throws {
        let url = device.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Reads a file relative to the device directory.
    func read(_ relative: String) throws -> String {
        try String(contentsOf: device.appendingPathComponent(relative), encoding: .utf8)
    }

    /// Adds buffered-capture files: scan elements for x, y, z as `le:s16/32>>0` plus a timestamp,
    /// the layout of the iio-sensor-proxy test scan, and buffer/enable, buffer/length.
    func addScanElements(type: String = "le:s16/32>>0") throws {
        for (index, axis) in ["x", "y", "z"].enumerated() {
            try write("scan_elements/in_accel_\(axis)_en", "0\n")
            try write("scan_elements/in_accel_\(axis)_index", "\(index)\n")
            try write("scan_elements/in_accel_\(axis)_type", type + "\n")
        }
        try write("scan_elements/in_timestamp_en", "0\n")
        try write("scan_elements/in_timestamp_index", "3\n")
        try write("scan_elements/in_timestamp_type", "le:s64/64>>0\n")
        try write("buffer/enable", "0\n")
        try write("buffer/length", "2\n")
    }

    /// Removes the whole tree.
    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
