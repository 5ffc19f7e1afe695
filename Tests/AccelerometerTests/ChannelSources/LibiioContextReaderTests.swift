import Foundation
import Testing

@testable import Accelerometer

@Suite struct LibiioContextReaderTests {
    private func load(_ name: String) throws -> [DeviceDescription] {
        let path = TestPaths.iioCorpus.appendingPathComponent(name).path
        return try ChannelSource.load(path: path).devices
    }

    @Test func readsTheADXL355Context() throws {
        let device = try load("analogdevicesinc__pyadi-iio__adxl355.xml").select(named: nil, source: "adxl355.xml")
        #expect(device.name == "adxl355")
        #expect(device.identifier == "iio:device0")
        try #require(device.channels.map(\.name) == ["accel_x", "accel_y", "accel_z", "timestamp"])
        #expect(device.channels.map(\.index) == [0, 1, 2, 4])
        #expect(device.channels[0].type.description == "be:s20/32>>4")
        #expect(device.channels[3].type.description == "le:s64/64>>0")
        // The channel attribute's full precision, not the scan element's rounded 0.000038.
        #expect(device.channels[0].scale == 0.000038245)
        #expect(device.samplingFrequency == 4000)
        #expect(device.timestampClock == "realtime")
        #expect(device.mountMatrix == .identity)
        #expect(try ScanLayout(channels: device.channels).scanSize == 24)
    }

    @Test func readsTheADXL382ContextWithoutATimestamp() throws {
        let device = try load("analogdevicesinc__pyadi-iio__adxl382.xml").select(named: nil, source: "adxl382.xml")
        #expect(device.name == "adxl382")
        try #require(device.channels.map(\.name) == ["accel_x", "accel_y", "accel_z", "temp"])
        #expect(device.channels[0].type.description == "be:s16/16>>0")
        #expect(device.channels[3].type.description == "be:s12/16>>4")
        #expect(device.channels[0].scale == 0.004903325)
        #expect(device.samplingFrequency == 16000)
        #expect(try ScanLayout(channels: device.channels).scanSize == 8)
    }

    @Test func picksTheAccelerometerOfTheADIS16475ContextAndItsUnroundedScale() throws {
        let devices = try load("analogdevicesinc__pyadi-iio__adis16475.xml")
        #expect(devices.map(\.identifier).contains("hwmon0"))
        let device = try devices.select(named: nil, source: "adis16475.xml")
        #expect(device.name == "adis16505-2")
        #expect(device.channels.count == 14)
        let accelX = try #require(device.channels.first { $0.name == "accel_x" })
        #expect(accelX.index == 3)
        #expect(accelX.type.description == "be:s32/32>>0")
        #expect(accelX.scale == 0.000000037)  // the scan element says 0.000000, which would be a zero scale
        #expect(device.samplingFrequency == 2000)
        #expect(try devices.select(named: "adis16505-2", source: "x").identifier == "iio:device0")
    }

    @Test func aZeroScaleInTheContextIsAnError() throws {
        let xml = """
            <?xml version="1.0"?><context name="local"><device id="iio:device0" name="fake">
            <channel id="accel_x" type="input"><scan-element index="0" format="le:s16/16&gt;&gt;0" scale="0.000000"/></channel>
            </device></context>
            """
        #expect(
            throws: IIOError.malformedDescription(
                source: "fake.xml", line: 2,
                reason: "channel accel_x has scale 0, which would turn every reading into 0")
        ) {
            try LibiioContextReader.devices(fromXML: Data(xml.utf8), source: "fake.xml")
        }
    }

    @Test func anUnknownFormatNamesTheChannelAndLine() throws {
        let xml =
            "<context name=\"x\">\n<device id=\"iio:device0\" name=\"d\">\n"
            + "<channel id=\"accel_x\" type=\"input\"><scan-element index=\"0\" format=\"le:x16/16&gt;&gt;0\"/></channel>"
            + "</device></context>"
        do {
            _ = try LibiioContextReader.devices(fromXML: Data(xml.utf8), source: "bad.xml")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("bad.xml, line 3: channel accel_x: unknown scan type 'le:x16/16>>0'"))
        }
    }

    @Test func brokenXMLIsReportedWithItsLine() {
        #expect(throws: IIOError.self) {
            try LibiioContextReader.devices(
                fromXML: Data("<context><device id='a'>\n<channel".utf8), source: "broken.xml")
        }
    }
}
