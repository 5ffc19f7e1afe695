import Testing

@testable import TerminalMarkdown

/// UTF-8 is checked by Unicode's table of well-formed byte sequences, wherever a chunk ends.
@Suite struct TextValidatorTests {
    private func check(_ bytes: [UInt8]) -> MarkdownInputError? {
        do {
            _ = try MarkdownInput.text(of: bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func wellFormedTextOfEveryLengthPasses() {
        let text = "ASCII, é, ∑, 語, 🙂, U+10FFFF \u{10FFFF}, a BOM \u{FEFF}, controls \u{1B}\u{7F}\u{9B}, bidi \u{202E}"
        #expect(check(Array(text.utf8)) == nil)
        #expect(check([]) == nil)
    }

    @Test(
        arguments: [
            ([0x61, 0x80], 1),  // a lone continuation byte
            ([0xC0, 0xAF], 0),  // overlong "/"
            ([0xC1, 0xBF], 0),  // overlong
            ([0xE0, 0x80, 0xAF], 0),  // overlong three-byte form
            ([0xED, 0xA0, 0x80], 0),  // a UTF-16 surrogate, U+D800
            ([0xF0, 0x80, 0x80, 0xAF], 0),  // overlong four-byte form
            ([0xF4, 0x90, 0x80, 0x80], 0),  // above U+10FFFF
            ([0xF5, 0x80, 0x80, 0x80], 0),  // no such lead byte
            ([0x61, 0x62, 0xE2, 0x82], 2),  // cut short at the end
            ([0x61, 0xE2, 0x28, 0xA1], 1),  // a lead byte followed by ASCII
            ([0xFF], 0),
        ] as [([UInt8], Int)])
    func malformedUTF8IsReportedWhereItsSequenceStarts(bytes: [UInt8], offset: Int) {
        #expect(check(bytes) == .invalidUTF8(offset: offset))
    }

    @Test func aNULByteIsNotText() {
        #expect(check(Array("# Title\n".utf8) + [0, 0x61]) == .nulByte(offset: 8))
    }

    @Test func utf16WithAByteOrderMarkGetsItsOwnMessage() {
        #expect(check([0xFF, 0xFE, 0x23, 0x00]) == .utf16)
        #expect(check([0xFE, 0xFF, 0x00, 0x23]) == .utf16)
        #expect(MarkdownInputError.utf16.description.contains("iconv -f UTF-16 -t UTF-8"))
    }

    @Test func aSequenceSplitBetweenChunksIsStillValid() throws {
        let bytes = Array("語🙂".utf8)
        for split in 0...bytes.count {
            var validator = TextValidator()
            try validator.check(bytes[..<split])
            try validator.check(bytes[split...])
            try validator.finish()
            #expect(validator.offset == bytes.count)
        }
    }
}
