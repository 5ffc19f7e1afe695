import TerminalKit
import Testing

@Suite struct TerminalSanitizerTests {
    @Test func plainTextIsUnchanged() {
        #expect(TerminalSanitizer.sanitize("Theater → Movie, 日本語, é") == "Theater → Movie, 日本語, é")
    }

    @Test func escapeAndOtherC0ControlsBecomeControlPictures() {
        #expect(TerminalSanitizer.sanitize("\u{1B}[2J") == "␛[2J")
        #expect(TerminalSanitizer.sanitize("a\u{0}b\u{7}c\nd") == "a␀b␇c␊d")
        #expect(TerminalSanitizer.sanitize("\u{7F}") == "␡")
    }

    @Test func tabBecomesOneSpace() {
        #expect(TerminalSanitizer.sanitize("a\tb") == "a b")
    }

    @Test func c1ControlsAreShownAsCodePoints() {
        #expect(TerminalSanitizer.sanitize("\u{9B}31m") == "<U+009B>31m")
        #expect(TerminalSanitizer.sanitize("\u{9D}8;;x\u{9C}") == "<U+009D>8;;x<U+009C>")
    }

    /// The scan for work to do reads bytes: the scalars just outside each replaced range (and the
    /// other characters that share a replaced one's first bytes) must pass through unchanged.
    @Test(arguments: [0x7E, 0xA0, 0xA9, 0x2027, 0x202F, 0x2065, 0x206A, 0x20AC, 0x2100])
    func theNeighboursOfEveryReplacedRangeAreKept(value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        let text = "a" + String(Character(scalar)) + "b"
        #expect(TerminalSanitizer.sanitize(text) == text)
    }

    @Test(arguments: [0x80, 0x9F, 0x2028, 0x202E, 0x2066, 0x2069])
    func theEndsOfEveryReplacedRangeAreReplaced(value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        let hex = String(value, radix: 16, uppercase: true)
        let shown = "<U+" + String(repeating: "0", count: 4 - hex.count) + hex + ">"
        #expect(TerminalSanitizer.sanitize("é" + String(Character(scalar))) == "é" + shown)
    }

    @Test func bidiOverridesAndIsolatesAreShownAsCodePoints() {
        #expect(TerminalSanitizer.sanitize("if\u{202E}x\u{2066}y\u{2069}") == "if<U+202E>x<U+2066>y<U+2069>")
        #expect(
            TerminalSanitizer.sanitize("\u{202A}\u{202B}\u{202C}\u{202D}\u{2067}\u{2068}")
                == "<U+202A><U+202B><U+202C><U+202D><U+2067><U+2068>")
    }

    @Test func sanitizedTextHasNoDangerousScalarLeft() {
        var everything = ""
        for value in UInt32(0)...0x3000 {
            if let scalar = Unicode.Scalar(value) { everything.unicodeScalars.append(scalar) }
        }
        let safe = TerminalSanitizer.sanitize(everything)
        #expect(TerminalSanitizer.isSafe(safe))
        #expect(!safe.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }
}
