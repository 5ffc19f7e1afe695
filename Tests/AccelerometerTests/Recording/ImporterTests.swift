import Foundation
import Testing

@testable import Accelerometer

@Suite struct ImporterTests {
    @Test func importsTheIIOSensorProxyCaptureWithASysfsDescription() throws {
        let tree = try FakeSysfsTree(name: "accel_3d")
        defer { tree.remove() }
        try tree.addScanElements()
        try tree.write("in_accel_scale", "0.0095768\n")
        let device = try #require(try ChannelSource.load(path: tree.device.path).devices.first)
        let capture = try TestPaths.corpusBytes(TestPaths.orientationScan)
        let (recording, issues) = try RawCaptureImporter.recording(
            capture: capture, device: device, channels: device.channels, tool: "t", notes: ["imported"])
        #expect(issues.isEmpty)
        #expect(recording.scanData == capture)
        let sample = try #require(try recording.samples().first)
        #expect(sample.raw == [103, -919, -385])
        #expect(sample.timestampNanoseconds == 0x165B_FC09_4574_81CE)
        var orientation = OrientationDetector()
        #expect(orientation.update(acceleration: sample.acceleration) == .normal)
    }

    @Test func aPartialScanInACaptureIsReportedAndLeftOut() throws {
        let channels = try RecordingTestData.channels()
        let device = DeviceDescription(name: "d", identifier: "iio:device0", channels: channels)
        let capture = RecordingTestData.scan(1, 2, 3, nanoseconds: 0) + [1, 2, 3, 4, 5]
        let (recording, issues) = try RawCaptureImporter.recording(
            capture: capture, device: device, channels: channels, tool: "t", notes: [])
        #expect(recording.scanCount == 1)
        #expect(issues == [.truncatedLastScan(sample: 1, byteOffset: 24, bytesPresent: 5, scanSize: 24)])
        #expect(throws: RecordingError.empty(byteCount: 5, scanSize: 24)) {
            try RawCaptureImporter.recording(
                capture: [1, 2, 3, 4, 5], device: device, channels: channels, tool: "t", notes: [])
        }
    }

    @Test func importsPolledValuesFromCSV() throws {
        let csv = "time,x,y,z\n0.00,103,-919,-385\n0.01,100,-920,-380\n0.03,90,-925,-370\n"
        var device = DeviceDescription(name: "polled", identifier: "iio:device0", channels: [])
        device.channels = try RecordingTestData.channels(scale: 0.01)
        let recording = try PolledCSVImporter.recording(csv: csv, device: device, tool: "t", notes: [])
        let samples = try recording.samples()
        try #require(samples.map(\.raw) == [[103, -919, -385], [100, -920, -380], [90, -925, -370]])
        #expect(samples.map(\.time) == [0, 0.01, 0.03])
        #expect(samples[0].acceleration.x == 1.03)
        #expect(recording.layout.channels.first?.type.description == "le:s32/32>>0")
    }

    @Test func csvErrorsNameTheLine() {
        let device = DeviceDescription(name: "p", identifier: "x", channels: [])
        #expect(throws: RecordingError.badCSV(line: 3, reason: "y value '1.5' is not a whole number of counts")) {
            try PolledCSVImporter.recording(csv: "x,y,z\n1,2,3\n4,1.5,6\n", device: device, tool: "t", notes: [])
        }
        #expect(
            throws: RecordingError.badCSV(
                line: 1, reason: "no column for the z axis (expected a header such as 'time,x,y,z')")
        ) {
            try PolledCSVImporter.recording(csv: "x,y\n1,2\n", device: device, tool: "t", notes: [])
        }
        #expect(throws: RecordingError.badCSV(line: 2, reason: "2 values, but the header names 3 columns")) {
            try PolledCSVImporter.recording(csv: "x,y,z\n1,2\n", device: device, tool: "t", notes: [])
        }
    }
}
