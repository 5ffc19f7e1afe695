import Foundation
import TestSupport
import Testing

@testable import Accelerometer

@Suite struct IIOInfoReaderTests {
    /// What `iio_info` (libiio 0.2x) prints for the ADXL355 context of the corpus.
    static let adxl355 = """
        Library version: 0.24 (git tag: v0.24)
        Compiled with backends: local xml ip usb
        IIO context created with network backend.
        Backend version: 0.24 (git tag: v0.24)
        Backend description string: 169.254.84.12 Linux myadxl355 5.10.63-v7+ #1 SMP armv7l
        IIO context has 3 attributes:
        \tlocal,kernel: 5.10.63-v7+
        \turi: ip:myadxl355.local
        \tip,ip-addr: 169.254.84.12
        IIO context has 3 devices:
        \tiio:device0: adxl355 (buffer capable)
        \t\t5 channels found:
        \t\t\taccel_x:  (input, index: 0, format: be:s20/32>>4)
        \t\t\t3 channel-specific attributes found:
        \t\t\t\tattr  0: calibbias value: 0
        \t\t\t\tattr  1: raw value: -4641
        \t\t\t\tattr  2: scale value: 0.000038245
        \t\t\taccel_y:  (input, index: 1, format: be:s20/32>>4)
        \t\t\t2 channel-specific attributes found:
        \t\t\t\tattr  0: raw value: -2198
        \t\t\t\tattr  1: scale value: 0.000038245
        \t\t\taccel_z:  (input, index: 2, format: be:s20/32>>4)
        \t\t\t2 channel-specific attributes found:
        \t\t\t\tattr  0: raw value: 257934
        \t\t\t\tattr  1: scale value: 0.000038245
        \t\t\ttimestamp:  (input, index: 4, format: le:S64/64>>0)
        \t\t\ttemp:  (input)
        \t\t\t3 channel-specific attributes found:
        \t\t\t\tattr  0: offset value: -2111.250000
        \t\t\t\tattr  1: raw value: 1838
        \t\t\t\tattr  2: scale value: -110.497238
        \t\t2 device-specific attributes found:
        \t\t\t\tattr  0: current_timestamp_clock value: realtime
        \t\t\t\tattr  1: sampling_frequency value: 4000.000000
        \t\t2 buffer-specific attributes found:
        \t\t\t\tattr  0: data_available value: 0
        \t\t\t\tattr  1: watermark value: 1
        \t\tCurrent trigger: trigger0(adxl355-dev0)
        \tiio_sysfs_trigger:
        \t\t0 channels found:
        \t\t2 device-specific attributes found:
        \t\t\t\tattr  0: add_trigger ERROR: Permission denied (13)
        \t\t\t\tattr  1: remove_trigger ERROR: Permission denied (13)
        \ttrigger0: adxl355-dev0
        \t\t0 channels found:
        \t\tNo trigger on this device
        """

    @Test func readsTheSameChannelsAsTheXMLContext() throws {
        let devices = try IIOInfoReader.devices(fromText: Self.adxl355, source: "iio_info.txt")
        #expect(devices.map(\.identifier) == ["iio:device0", "iio_sysfs_trigger", "trigger0"])
        let fromText = try devices.select(named: nil, source: "iio_info.txt")
        let xmlPath = TestPaths.iioCorpus.appendingPathComponent("analogdevicesinc__pyadi-iio__adxl355.xml").path
        let fromXML = try ChannelSource.load(path: xmlPath).devices.select(named: nil, source: "xml")
        #expect(fromText == fromXML)
    }

    @Test func isDetectedByContent() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("info.txt").path
        try Data(Self.adxl355.utf8).write(to: URL(fileURLWithPath: path))
        #expect(try ChannelSource.load(path: path).kind == .iioInfo)
    }

    @Test func labelsAndLibiio1SpellingsAreUnderstood() throws {
        let text = """
            IIO context has 1 devices:
            \tiio:device3: lsm6dsx_accel (label: accel-base) (buffer capable)
            \t\t4 channels found:
            \t\t\taccel_x: base-x (input, index: 0, format: le:S16/16>>0)
            \t\t\t1 channel-specific attributes found:
            \t\t\t\tattr  0: scale value: 0.000598
            \t\t\taccel_y: base-y (input, index: 1, format: le:S16/16>>0)
            \t\t\taccel_z: base-z (input, index: 2, format: le:S16/16>>0)
            \t\t\ttimestamp:  (input, index: 3, format: le:S64/64>>0)
            \t\t1 device-specific attributes found:
            \t\t\t\tattr  0: mount_matrix value: 0, 1, 0; -1, 0, 0; 0, 0, 1
            """
        let device = try IIOInfoReader.devices(fromText: text, source: "x").select(named: nil, source: "x")
        #expect(device.name == "lsm6dsx_accel")
        try #require(device.channels.map(\.name) == ["accel_x", "accel_y", "accel_z", "timestamp"])
        #expect(device.channels[0].scale == 0.000598)
        #expect(device.channels[1].scale == 1.0)
        #expect(device.mountMatrix.rows.element(at: 1) == [-1, 0, 0])
    }

    @Test func aDeviceBlockPastedWithoutTheContextHeadingIsRead() throws {
        // From the `iio:device0:` line on, as someone copies one device out of a terminal.
        let block = try #require(Self.adxl355.range(of: "\tiio:device0:"))
        let pasted = String(Self.adxl355[block.lowerBound...])
        let devices = try IIOInfoReader.devices(fromText: pasted, source: "pasted.txt")
        let full = try IIOInfoReader.devices(fromText: Self.adxl355, source: "pasted.txt")
        #expect(devices == full)
        let device = try devices.select(named: nil, source: "pasted.txt")
        #expect(device.channels.map(\.name).prefix(3) == ["accel_x", "accel_y", "accel_z"])
    }

    @Test func textThatIsNotIIOInfoIsRejected() {
        #expect(throws: IIOError.self) { try IIOInfoReader.devices(fromText: "hello\nworld\n", source: "notes.txt") }
    }

    @Test func anUnknownFormatNamesItsLine() {
        let text =
            "IIO context has 1 devices:\n\tiio:device0: x\n\t\t1 channels found:\n\t\t\taccel_x:  (input, index: 0, format: le:z16/16>>0)\n"
        #expect(
            throws: IIOError.malformedDescription(
                source: "i.txt", line: 4, reason: "channel accel_x: \(ScanTypeError.unknownFormat("le:z16/16>>0"))")
        ) {
            try IIOInfoReader.devices(fromText: text, source: "i.txt")
        }
    }
}
