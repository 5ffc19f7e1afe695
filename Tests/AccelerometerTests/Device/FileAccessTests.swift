import Foundation
import Testing

@testable import Accelerometer

/// The real file system, except that chosen paths fail the way the kernel fails them for a user
/// without the right permissions — the same `errno` value through the same mapping.
private struct DenyingFileAccess: FileAccess {
    let denied: Set<String>
    let system = SystemFileAccess()

    func readText(_ path: String) throws(IIOError) -> String {
        if denied.contains(path) { throw SystemFileAccess.error(EACCES, path: path, writing: false) }
        return try system.readText(path)
    }

    func writeText(_ text: String, to path: String) throws(IIOError) {
        if denied.contains(path) { throw SystemFileAccess.error(EACCES, path: path, writing: true) }
        try system.writeText(text, to: path)
    }

    func contentsOfDirectory(_ path: String) throws(IIOError) -> [String] { try system.contentsOfDirectory(path) }
    func exists(_ path: String) -> Bool { system.exists(path) }
    func isDirectory(_ path: String) -> Bool { system.isDirectory(path) }
}

@Suite struct FileAccessTests {
    @Test func permissionErrorsSayWhichFileNeedsRoot() {
        let error = SystemFileAccess.error(
            EACCES, path: "/sys/bus/iio/devices/iio:device0/in_accel_x_raw", writing: false)
        #expect(error == .permissionDenied(path: "/sys/bus/iio/devices/iio:device0/in_accel_x_raw", writing: false))
        #expect(error.description.contains("cannot read /sys/bus/iio/devices/iio:device0/in_accel_x_raw"))
        #expect(error.description.contains("needs root"))
        #expect(SystemFileAccess.error(EPERM, path: "/x", writing: true).description.hasPrefix("cannot write /x"))
        #expect(SystemFileAccess.error(ENOENT, path: "/x", writing: false) == .notFound(path: "/x"))
    }

    @Test func anOutputFileThatCannotBeCreatedSaysWhyNotThatItDoesNotExist() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("output-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // ENOENT with the folder there is a file system that makes no files (/proc, /sys).
        #expect(
            SystemFileAccess.outputError(ENOENT, path: folder + "/x.iiorec").problem
                == "cannot create a file in \(folder): its file system does not allow new files")
        #expect(
            SystemFileAccess.outputError(ENOENT, path: folder + "/missing/x.iiorec").problem
                == "its folder does not exist")
        // A recording of one's own needs another folder, not root.
        let denied = SystemFileAccess.outputError(EACCES, path: folder + "/x.iiorec").problem
        #expect(denied.contains("permission denied") && !denied.contains("root") && !denied.contains("sudo"))
        #expect(
            SystemFileAccess.outputError(EROFS, path: "x.svg").problem
                == "cannot create it: . is on a read-only file system")
        #expect(
            SystemFileAccess.outputError(ENOSPC, path: "/x").problem == "cannot write it: no space left on the device")
    }

    @Test func anUnreadableScaleIsReportedNotTreatedAsMissing() throws {
        let tree = try FakeSysfsTree()
        defer { tree.remove() }
        try tree.write("in_accel_scale", "0.01\n")
        let path = tree.device.path + "/in_accel_scale"
        let device = SysfsDevice(directory: tree.device.path, files: DenyingFileAccess(denied: [path]))
        #expect(throws: IIOError.permissionDenied(path: path, writing: false)) {
            try device.scale(ofChannel: "accel_x")
        }
    }

    @Test func anUnwritableBufferEnableNamesTheFile() throws {
        let tree = try FakeSysfsTree()
        defer { tree.remove() }
        try tree.addScanElements()
        let enable = tree.device.path + "/buffer/enable"
        let device = SysfsDevice(directory: tree.device.path, files: DenyingFileAccess(denied: [enable]))
        let capture = BufferedCapture(device: device, devRoot: tree.root.path + "/dev")
        #expect(throws: IIOError.permissionDenied(path: enable, writing: true)) { try capture.start() }
    }

    @Test func readsRealFilesAndReportsMissingOnes() throws {
        let tree = try FakeSysfsTree(name: "adxl345")
        defer { tree.remove() }
        let files = SystemFileAccess()
        #expect(try files.readText(tree.device.path + "/name") == "adxl345\n")
        #expect(try files.readOptionalText(tree.device.path + "/nothing") == nil)
        #expect(files.isDirectory(tree.device.path))
        #expect(try files.contentsOfDirectory(tree.device.path) == ["name"])
        #expect(throws: IIOError.notFound(path: tree.device.path + "/nothing")) {
            try files.readBytes(tree.device.path + "/nothing")
        }
    }
}
