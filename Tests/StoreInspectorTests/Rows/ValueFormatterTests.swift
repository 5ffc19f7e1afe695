import Foundation
import Testing

@testable import StoreInspector

@Suite struct ValueFormatterTests {
    @Test func datesAreSecondsSince2001ShownAsUTC() {
        #expect(ValueFormatter.format(.real(0), type: .date) == .text("2001-01-01T00:00:00Z"))
        #expect(ValueFormatter.format(.real(737_057_647.5), type: .date) == .text("2024-05-10T18:14:07.500Z"))
    }

    @Test func uuidsBooleansAndBlobsAreReadable() {
        let bytes = Data([
            0xC4, 0x63, 0x74, 0x90, 0xBD, 0x1C, 0x4A, 0x3B, 0x8E, 0x1D, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06,
        ])
        #expect(ValueFormatter.format(.blob(bytes), type: .uuid) == .text("C4637490-BD1C-4A3B-8E1D-010203040506"))
        #expect(ValueFormatter.format(.integer(1), type: .boolean) == .boolean(true))
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
        png += Data([0, 0, 0, 64, 0, 0, 0, 32])
        #expect(
            ValueFormatter.format(.blob(png), type: .binaryData, blobLength: 12_345)
                == .text("<12,345 bytes: PNG 64×32>"))
        #expect(
            ValueFormatter.format(.blob(Data([2]) + Data("ABC-123".utf8)), type: .binaryData, externalStorage: true)
                == .text("<external file ABC-123>"))
    }

    @Test func keyedArchivesAreSniffedByTheirRootClass() throws {
        let archive = try PropertyListSerialization.data(
            fromPropertyList: [
                "$archiver": "NSKeyedArchiver", "$version": 100000,
                "$top": ["root": "x"], "$objects": ["$null"],
            ] as [String: Any], format: .binary, options: 0)
        #expect(ValueFormatter.sniff(archive) == "binary plist")
        #expect(ValueFormatter.sniff(Data("%PDF-1.4".utf8)) == "PDF")
    }
}
