import Glibc
import TerminalKit
import Testing

@Suite struct DisplayWidthTests {
    @Test func asciiTakesOneColumnPerCharacter() {
        #expect(DisplayWidth.of("Core Data") == 9)
        #expect(DisplayWidth.of("") == 0)
    }

    @Test func eastAsianWideCharactersTakeTwoColumns() {
        #expect(DisplayWidth.of("日本語") == 6)
        #expect(DisplayWidth.of("한국어") == 6)
        #expect(DisplayWidth.of("カタカナ") == 8)
        #expect(DisplayWidth.of("ＡＢ") == 4, "fullwidth forms are wide")
        #expect(DisplayWidth.of("ｶﾀ") == 2, "halfwidth katakana are narrow")
    }

    @Test func combiningMarksTakeNoColumn() {
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of(scalar: "\u{301}") == 0)
    }

    @Test func spacingVowelSignsTakeAColumnAsTerminalsDrawThem() {
        // क + ि (vowel sign I, Mc): tmux moves the cursor two columns.
        #expect(DisplayWidth.of("कि") == 2)
        #expect(DisplayWidth.of(scalar: "\u{93F}") == 1)
        // न म स ् (virama, Mn) त े (vowel sign E, Mn): four columns in tmux.
        #expect(DisplayWidth.of("नमस्ते") == 4)
    }

    @Test func everyScalarTakesTheWidthGlibcsWcwidthGivesInCUTF8() throws {
        let locale = try #require(setlocale(LC_CTYPE, "C.UTF-8"), "the C.UTF-8 locale is missing")
        #expect(String(cString: locale) == "C.UTF-8")
        // Glibc's module map leaves wcwidth out (it needs _XOPEN_SOURCE): take it from libc itself.
        let libc = try #require(dlopen(nil, RTLD_NOW))
        let symbol = try #require(dlsym(libc, "wcwidth"))
        typealias WCWidth = @convention(c) (wchar_t) -> Int32
        let wcwidth = unsafeBitCast(symbol, to: WCWidth.self)
        var mismatches: [String] = []
        for value in UInt32(0x20)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), !(0x7F...0x9F).contains(value) else { continue }
            let glibc = Int(wcwidth(wchar_t(value)))
            // wcwidth -1 (unassigned) is drawn one column wide by tmux.
            let expected = glibc < 0 ? 1 : glibc
            if DisplayWidth.of(scalar: scalar) != expected, mismatches.count < 20 {
                mismatches.append(
                    String(value, radix: 16) + ": wcwidth \(glibc), ours \(DisplayWidth.of(scalar: scalar))")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
    }

    @Test func formatCharactersTakeNoColumn() {
        #expect(DisplayWidth.of(scalar: "\u{200B}") == 0)
        #expect(DisplayWidth.of(scalar: "\u{2060}") == 0)
    }

    @Test func emojiTakeTheColumnsTmuxGivesThem() {
        #expect(DisplayWidth.of("🙂") == 2)
        #expect(DisplayWidth.of("👩‍💻") == 2, "after a zero-width joiner an emoji joins the one before")
        #expect(DisplayWidth.of("👨‍👩‍👧") == 2)
        #expect(DisplayWidth.of("🇯🇵") == 2, "two regional indicators, one column each")
        #expect(DisplayWidth.of("❤\u{FE0F}") == 1, "VS16 adds no column: tmux draws ❤️ in one")
        #expect(DisplayWidth.of("❤") == 1)
    }

    @Test func controlCharactersTakeTheWidthOfTheirVisibleForm() {
        #expect(DisplayWidth.of("\u{1B}") == 1)  // ␛
        #expect(DisplayWidth.of("\u{9B}") == 8)  // <U+009B>
        #expect(DisplayWidth.of("a\u{202E}b") == 10)
    }

    @Test func widthOfStringIsTheWidthOfWhatTheSanitizerShows() {
        let hostile = "x\u{1B}[31m\u{9B}1m日\u{2066}"
        #expect(DisplayWidth.of(hostile) == DisplayWidth.of(TerminalSanitizer.sanitize(hostile)))
    }
}
