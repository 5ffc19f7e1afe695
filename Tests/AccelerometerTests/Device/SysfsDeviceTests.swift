import Foundation
import Testing

@testable import Accelerometer

@Suite struct SysfsDeviceTests {
    @Test func findsTheDeviceUnderAConfigurableRoot() throws {
        let tree = try FakeSysfsTree(name: "bmc150_accel")
        defer { tree.remove() }
        try tree.write("in_accel_x_raw", "12\n")
        let device = try SysfsDevice.find(named: nil, sysfsRoot: tree.root.path)
        #expect(device.identifier == "iio:device0")
        #expect(try device.name() == "bmc150_accel")
        #expect(try SysfsDevice.find(named: "bmc150_accel", sysfsRoot: tree.root.path).identifier == "iio:device0")
        #expect(throws: IIOError.deviceNotFound(name: "mma8452", available: ["bmc150_accel"])) {
            try SysfsDevice.find(named: "mma8452", sysfsRoot: tree.root.path)
        }
    }

    @Test func aMissingTreeSaysWhereItLooked() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: IIOError.noDevices(directory: directory.path + "/bus/iio/devices")) {
            try SysfsDevice.all(sysfsRoot: directory.path)
        }
    }

    @Test func prefersThePerAxisScaleThenTheSharedOneThenScale() throws {
        let tree = try FakeSysfsTree()
        defer { tree.remove() }
        let device = SysfsDevice(directory: tree.device.path)
        #expect(try device.scale(ofChannel: "accel_x") == 1.0)  // missing → 1.0
        try tree.write("scale", "0.5\n")
        #expect(try device.scale(ofChannel: "accel_x") == 0.5)
        try tree.write("in_accel_scale", "0.009576\n")
        #expect(try device.scale(ofChannel: "accel_x") == 0.009576)
        try tree.write("in_accel_x_scale", "0.019152\n")
        #expect(try device.scale(ofChannel: "accel_x") == 0.019152)
        #expect(try device.scale(ofChannel: "accel_y") == 0.009576)
    }

    @Test func aZeroScaleIsInvalidAndNamesTheFile() throws {
        let tree = try FakeSysfsTree()
        defer { tree.remove() }
        try tree.write("in_accel_scale", "0.000000\n")
        let device = SysfsDevice(directory: tree.device.path)
        let path = tree.device.path + "/in_accel_scale"
        #expect(
            throws: IIOError.invalidAttribute(
                path: path, value: "0.000000", reason: "a zero scale would turn every reading into 0")
        ) {
            try device.scale(ofChannel: "accel_x")
        }
    }

    @Test func readsOffsetSamplingFrequencyAndClock() throws {
        let tree = try FakeSysfsTree()
        defer { tree.remove() }
        let device = SysfsDevice(directory: tree.device.path)
        #expect(try device.offset(ofChannel: "accel_z") == 0)
        #expect(try device.samplingFrequency() == nil)
        #expect(try device.timestampClock() == nil)
        try tree.write("in_accel_offset", "-12\n")
        try tree.write("in_accel_sampling_frequency", "100.000000\n")
        try tree.write("current_timestamp_clock", "monotonic\n")
        #expect(try device.offset(ofChannel: "accel_z") == -12)
        #expect(try device.samplingFrequency() == 100)
        #expect(try device.timestampClock() == "monotonic")
        try tree.write("sampling_frequency", "fast\n")
        #expect(throws: IIOError.self) { try device.samplingFrequency() }
    }

    @Test(arguments: ["mount_matrix", "in_accel_mount_matrix", "in_mount_matrix"])
    func readsTheMountMatrixFromEachOfItsFileNames(_ file: String) throws {
        let tree = try FakeSysfsTree()
        defer { tree.remove() }
        let device = SysfsDevice(directory: tree.device.path)
        #expect(try device.mountMatrix() == .identity)
        try tree.write(file, "0, 1, 0; -1, 0, 0; 0, 0, 1\n")
        let matrix = try device.mountMatrix()
        #expect(matrix.rows == [[0, 1, 0], [-1, 0, 0], [0, 0, 1]])
        #expect(matrix.apply(Vector3(x: 1, y: 2, z: 3)) == Vector3(x: 2, y: -1, z: 3))
        try tree.write(file, "\n")
        #expect(try device.mountMatrix() == .identity)
        try tree.write(file, "1, 0, 0; 0, 0, 0; 0, 0, 1\n")
        #expect(throws: IIOError.self) { try device.mountMatrix() }
    }

    @Test func pollsTheRawFilesWithScaleOffsetAndMatrix() throws {
        let tree = try FakeSysfsTree()
        defer { tree.remove() }
        try tree.write("in_accel_x_raw", "100\n")
        try tree.write("in_accel_y_raw", "-200\n")
        try tree.write("in_accel_z_raw", "10\n")
        try tree.write("in_accel_scale", "0.5\n")
        try tree.write("in_accel_z_offset", "2\n")
        try tree.write("mount_matrix", "-1, 0, 0; 0, 1, 0; 0, 0, 1\n")
        let reading = try SysfsDevice(directory: tree.device.path).readRawAcceleration()
        #expect(reading.raw == [100, -200, 10])
        #expect(reading.acceleration == Vector3(x: -50, y: -100, z: 6))
        try tree.write("in_accel_y_raw", "oops\n")
        #expect(
            throws: IIOError.invalidAttribute(
                path: tree.device.path + "/in_accel_y_raw", value: "oops",
                reason: "a raw reading must be a whole number")
        ) {
            try SysfsDevice(directory: tree.device.path).readRawAcceleration()
        }
    }

    @Test func describesScanElementsFromScanElementsOrBuffer0() throws {
        let tree = try FakeSysfsTree()
        defer { tree.remove() }
        try tree.addScanElements()
        try tree.write("in_accel_scale", "0.0095768\n")
        let description = try SysfsDevice(directory: tree.device.path).describe()
        try #require(description.channels.map(\.name) == ["accel_x", "accel_y", "accel_z", "timestamp"])
        #expect(description.channels[0].scale == 0.0095768)
        #expect(description.channels[3].scale == 1)
        #expect(description.hasAccelerometerChannels)
        try FileManager.default.moveItem(
            at: tree.device.appendingPathComponent("scan_elements"), to: tree.device.appendingPathComponent("buffer0"))
        #expect(try SysfsDevice(directory: tree.device.path).describe().channels.count == 4)
    }

    @Test func anUnknownScanTypeNamesItsFile() throws {
        let tree = try FakeSysfsTree()
        defer { tree.remove() }
        try tree.addScanElements(type: "le:s16/32>>0")
        try tree.write("scan_elements/in_accel_y_type", "le:f32/32>>0\n")
        let expected = IIOError.invalidAttribute(
            path: tree.device.path + "/scan_elements/in_accel_y_type", value: "le:f32/32>>0",
            reason: ScanTypeError.unknownFormat("le:f32/32>>0").description)
        #expect(throws: expected) { try SysfsDevice(directory: tree.device.path).describe() }
    }
}
