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
        // Devanagari: क + ि (vowel sign I, a spacing mark inside the cluster) + ् virama.
        #expect(DisplayWidth.of("कि") == 1)
        #expect(DisplayWidth.of("नमस्ते") == 3)
    }

    @Test func formatCharactersTakeNoColumn() {
        #expect(DisplayWidth.of(scalar: "\u{200B}") == 0)
        #expect(DisplayWidth.of(scalar: "\u{2060}") == 0)
    }

    @Test func emojiInEmojiPresentationAreWide() {
        #expect(DisplayWidth.of("🙂") == 2)
        #expect(DisplayWidth.of("👩‍💻") == 2, "a ZWJ sequence is one wide cluster")
        #expect(DisplayWidth.of("❤\u{FE0F}") == 2, "VS16 asks for emoji presentation")
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
