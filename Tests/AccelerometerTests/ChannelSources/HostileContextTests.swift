import Accelerometer
import Foundation
import Testing

/// libiio contexts that crashed Foundation's XMLParser now read with libxml2 and fail in words.
@Suite struct HostileContextTests {
    @Test func aProcessingInstructionWithoutDataIsNoContext() {
        #expect(throws: IIOError.self) {
            try LibiioContextReader.devices(fromXML: Data("<?x?>".utf8), source: "pi.xml")
        }
    }

    @Test func aBrokenDeclarationThenANameThatIsNotUTF8IsMalformed() {
        let bytes = Data("<?xml encoding=?><a ".utf8) + Data([0xFF]) + Data("=\"1\"/>".utf8)
        #expect(throws: IIOError.self) { try LibiioContextReader.devices(fromXML: bytes, source: "bad.xml") }
    }

    @Test func aContextCutShortSaysWhereItEnds() {
        let xml = "<context name=\"x\">\n<device id=\"iio:device0\">"
        do {
            _ = try LibiioContextReader.devices(fromXML: Data(xml.utf8), source: "cut.xml")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("the XML ends inside <device>"), "\(error)")
        }
    }
}
