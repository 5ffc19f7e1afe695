import Foundation
import TestSupport

/// Paths and fixtures shared by the `companion accel` end-to-end tests.
enum AccelTestSupport {
    /// `Tests/Fixtures/iio`.
    static var iioCorpus: URL { Fixtures.iio }

    /// The shipped sample recordings.
    static func shippedRecording(_ name: String) -> String {
        ProductRunner.packageRoot.appendingPathComponent("Samples/AccelerometerGraph/Recordings/\(name).iiorec").path
    }

    /// The iio-sensor-proxy scan from the corpus.
    static var orientationScan: URL {
        iioCorpus.appendingPathComponent("maemo-leste-upstream-forks__iio-sensor-proxy__orientation-normal.bin")
    }

    /// A fresh temporary directory (world-writable, so a test may run the binary as another user).
    static func temporaryDirectory() throws -> URL {
        let url = try ScratchDirectory.makeFolder(prefix: "accel-e2e")
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: url.path)
        return url
    }

    /// A fake sysfs device at `<root>/bus/iio/devices/iio:device0`: x, y, z as `le:s16/32>>0` plus a
    /// timestamp (the iio-sensor-proxy layout), scale 0.0095768, raw files, buffer files; and
    /// `<root>/dev/` for the character device.
    static func makeSysfsTree(in root: URL) throws -> URL {
        let device = root.appendingPathComponent("bus/iio/devices/iio:device0")
        var files = [
            "name": "accel_3d", "in_accel_scale": "0.0095768", "sampling_frequency": "100",
            "current_timestamp_clock": "realtime", "in_accel_x_raw": "103", "in_accel_y_raw": "-919",
            "in_accel_z_raw": "-385", "buffer/enable": "0", "buffer/length": "2",
            "scan_elements/in_timestamp_en": "0", "scan_elements/in_timestamp_index": "3",
            "scan_elements/in_timestamp_type": "le:s64/64>>0",
        ]
        for (index, axis) in ["x", "y", "z"].enumerated() {
            files["scan_elements/in_accel_\(axis)_en"] = "0"
            files["scan_elements/in_accel_\(axis)_index"] = "\(index)"
            files["scan_elements/in_accel_\(axis)_type"] = "le:s16/32>>0"
        }
        for (name, text) in files {
            let url = device.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data((text + "\n").utf8).write(to: url)
        }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("dev"), withIntermediateDirectories: true)
        return device
    }
}

extension AccelTestSupport {
    /// Runs any executable (not only the package's products), returning its standard error and status;
    /// standard output is discarded.
    static func runTool(_ path: String, _ arguments: [String], directory: URL) throws -> (
        standardError: String, status: Int32
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }
}
