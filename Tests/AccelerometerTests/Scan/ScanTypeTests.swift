import Testing

@testable import Accelerometer

@Suite struct ScanTypeTests {
    @Test func parsesTheKernelsLowerCaseSpelling() throws {
        let type = try ScanType(parsing: "le:s12/16>>4\n")
        #expect(type.byteOrder == .littleEndian)
        #expect(type.isSigned)
        #expect(type.realBits == 12)
        #expect(type.storageBits == 16)
        #expect(type.shift == 4)
        #expect(type.repeatCount == 1)
        #expect(type.description == "le:s12/16>>4")
    }

    @Test func parsesLibiiosUpperCaseSignLetters() throws {
        #expect(try ScanType(parsing: "be:S32/32>>0").isSigned)
        #expect(try !ScanType(parsing: "be:U16/16>>0").isSigned)
        #expect(try ScanType(parsing: "le:S64/64>>0").description == "le:s64/64>>0")
    }

    @Test func parsesARepeatCount() throws {
        let type = try ScanType(parsing: "le:s16/16X4>>0")
        #expect(type.repeatCount == 4)
        #expect(type.totalBytes == 8)
        #expect(type.description == "le:s16/16X4>>0")
    }

    @Test(arguments: [
        "", "xx:s16/16>>0", "le:q16/16>>0", "le:s16/16", "le:s16/16>>", "le s16/16>>0", "le:s16/16>>0 junk",
    ])
    func rejectsUnknownTypeStringsNamingThem(_ text: String) {
        #expect(throws: ScanTypeError.unknownFormat(text)) { try ScanType(parsing: text) }
        let message = ScanTypeError.unknownFormat(text).description
        #expect(message.contains("unknown scan type '\(text)'"))
    }

    @Test func rejectsImpossibleSizes() {
        #expect(throws: ScanTypeError.self) { try ScanType(parsing: "le:s40/32>>0") }
        #expect(throws: ScanTypeError.self) { try ScanType(parsing: "le:s16/24>>0") }
        #expect(throws: ScanTypeError.self) { try ScanType(parsing: "le:s16/16>>4") }
        #expect(throws: ScanTypeError.self) { try ScanType(parsing: "le:s0/16>>0") }
    }

    @Test func decodingMasksJunkAndSignExtends() throws {
        // be:s20/32>>4 (ADXL355): 0xABFE_D5F3 >> 4 = 0x0ABF_ED5F; the low 20 bits 0xFED5F have the
        // sign bit set, so the value is 0xFED5F − 2²⁰; the 0xAB byte is junk that must vanish.
        let type = try ScanType(parsing: "be:s20/32>>4")
        let bytes: [UInt8] = [0xAB, 0xFE, 0xD5, 0xF3]  // 0xAB in the top byte is junk
        let value = bytes.withUnsafeBytes { type.decode($0, at: 0) }
        #expect(value == Int64(0xFED5F) - (1 << 20))
        #expect(value == -4769)
    }

    @Test func decodingUnsignedValuesKeepsTheTopBit() throws {
        let type = try ScanType(parsing: "le:u12/16>>4")
        let bytes: [UInt8] = [0xF5, 0xFF]  // 0xFFF5 >> 4 = 0xFFF, low nibble is junk
        #expect(bytes.withUnsafeBytes { type.decode($0, at: 0) } == 0xFFF)
    }

    @Test func decodesTheIIOSensorProxyScanDespiteItsJunk() throws {
        let scan = try TestPaths.corpusBytes(TestPaths.orientationScan)
        let type = try ScanType(parsing: "le:s16/32>>0")
        let values = scan.withUnsafeBytes { bytes in [0, 4, 8].map { type.decode(bytes, at: $0) } }
        #expect(values == [103, -919, -385])
    }
}
