import Foundation
import Testing

@testable import Accelerometer

@Suite struct ChannelSourceTests {
    @Test func aCopiedSysfsDeviceDirectoryIsAChannelSource() throws {
        let tree = try FakeSysfsTree(name: "lis3dh")
        defer { tree.remove() }
        try tree.addScanElements(type: "le:s12/16>>4")
        try tree.write("in_accel_scale", "0.009576\n")
        try tree.write("sampling_frequency", "100\n")
        let (kind, devices) = try ChannelSource.load(path: tree.device.path)
        #expect(kind == .sysfsDirectory)
        try #require(devices.count == 1)
        #expect(devices[0].name == "lis3dh")
        #expect(devices[0].channels.first?.type.description == "le:s12/16>>4")
        #expect(devices[0].samplingFrequency == 100)
        // The devices directory and the sysfs root work as well.
        #expect(try ChannelSource.load(path: tree.device.deletingLastPathComponent().path).devices == devices)
        #expect(try ChannelSource.load(path: tree.root.path).devices == devices)
    }

    @Test func severalAccelerometersNeedAChoice() throws {
        let xml = """
            <context name="x">
            <device id="iio:device0" name="base"><channel id="accel_x" type="input"><scan-element index="0" format="le:s16/16&gt;&gt;0"/></channel>
            <channel id="accel_y" type="input"><scan-element index="1" format="le:s16/16&gt;&gt;0"/></channel>
            <channel id="accel_z" type="input"><scan-element index="2" format="le:s16/16&gt;&gt;0"/></channel></device>
            <device id="iio:device1" name="lid"><channel id="accel_x" type="input"><scan-element index="0" format="le:s16/16&gt;&gt;0"/></channel>
            <channel id="accel_y" type="input"><scan-element index="1" format="le:s16/16&gt;&gt;0"/></channel>
            <channel id="accel_z" type="input"><scan-element index="2" format="le:s16/16&gt;&gt;0"/></channel></device>
            </context>
            """
        let devices = try LibiioContextReader.devices(fromXML: Data(xml.utf8), source: "two.xml")
        #expect(
            throws: IIOError.ambiguousDevice(
                source: "two.xml", candidates: ["base (iio:device0)", "lid (iio:device1)"])
        ) {
            try devices.select(named: nil, source: "two.xml")
        }
        #expect(try devices.select(named: "lid", source: "two.xml").identifier == "iio:device1")
        #expect(try devices.select(named: "iio:device0", source: "two.xml").name == "base")
    }
}
