import Foundation
import Testing

@testable import Accelerometer

@Suite struct BufferedCaptureTests {
    /// Two copies of the corpus scan as the fake `/dev/iio:device0` (a regular file).
    private func makeTree() throws -> FakeSysfsTree {
        let tree = try FakeSysfsTree()
        try tree.addScanElements()
        try tree.write("in_accel_scale", "0.0095768\n")
        try tree.write("trigger/current_trigger", "\n")
        let scan = try TestPaths.corpusBytes(TestPaths.orientationScan)
        let dev = tree.root.appendingPathComponent("dev")
        try FileManager.default.createDirectory(at: dev, withIntermediateDirectories: true)
        try Data(scan + scan + scan.prefix(10)).write(to: dev.appendingPathComponent("iio:device0"))
        return tree
    }

    @Test func setsUpTheBufferReadsWholeScansAndDisablesItAgain() throws {
        let tree = try makeTree()
        defer { tree.remove() }
        let device = SysfsDevice(directory: tree.device.path)
        let capture = BufferedCapture(
            device: device, devRoot: tree.root.path + "/dev", trigger: "lis3dh-dev0", bufferLength: 64)
        try capture.start()
        #expect(try tree.read("buffer/enable") == "1\n")
        #expect(try tree.read("buffer/length") == "64\n")
        #expect(try tree.read("trigger/current_trigger") == "lis3dh-dev0\n")
        for name in ["accel_x", "accel_y", "accel_z", "timestamp"] {
            #expect(try tree.read("scan_elements/in_\(name)_en") == "1\n")
        }
        #expect(capture.layout?.scanSize == 24)
        guard let interruption = CaptureInterruption() else { throw CancellationError() }
        var received: [UInt8] = []
        let count = try capture.run(maximumScans: nil, interruption: interruption) { received += $0 }
        capture.stop()
        #expect(count == 2)  // the 10 trailing bytes are not a whole scan
        #expect(received.count == 48)
        #expect(try tree.read("buffer/enable") == "0\n")
    }

    @Test func stopsAtTheRequestedNumberOfScans() throws {
        let tree = try makeTree()
        defer { tree.remove() }
        let capture = BufferedCapture(
            device: SysfsDevice(directory: tree.device.path), devRoot: tree.root.path + "/dev")
        try capture.start()
        guard let interruption = CaptureInterruption() else { throw CancellationError() }
        var received: [UInt8] = []
        #expect(try capture.run(maximumScans: 1, interruption: interruption) { received += $0 } == 1)
        #expect(received == Array(try TestPaths.corpusBytes(TestPaths.orientationScan)))
        capture.stop()
        #expect(try tree.read("buffer/enable") == "0\n")
    }

    @Test func anInterruptionEndsTheCaptureBeforeReading() throws {
        let tree = try makeTree()
        defer { tree.remove() }
        let capture = BufferedCapture(
            device: SysfsDevice(directory: tree.device.path), devRoot: tree.root.path + "/dev")
        try capture.start()
        guard let interruption = CaptureInterruption() else { throw CancellationError() }
        interruption.interrupt()
        #expect(interruption.isInterrupted)
        #expect(try capture.run(maximumScans: nil, interruption: interruption) { _ in } == 0)
        capture.stop()
        #expect(try tree.read("buffer/enable") == "0\n")
    }

    @Test func aMissingCharacterDeviceDisablesTheBufferAndNamesTheDevice() throws {
        let tree = try makeTree()
        defer { tree.remove() }
        let capture = BufferedCapture(
            device: SysfsDevice(directory: tree.device.path), devRoot: tree.root.path + "/nodev")
        #expect(throws: IIOError.notFound(path: tree.root.path + "/nodev/iio:device0")) { try capture.start() }
        #expect(try tree.read("buffer/enable") == "0\n")
    }
}
