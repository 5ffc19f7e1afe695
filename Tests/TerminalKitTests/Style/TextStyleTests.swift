import TerminalKit
import Testing

@Suite struct TextStyleTests {
    @Test func plainStyleWritesNothing() {
        #expect(TextStyle.plain.openSequence == "")
        #expect(SGR.styled("x", .plain) == "x")
    }

    @Test func attributesAndColoursBecomeOneSGRSequence() {
        let style = TextStyle([.bold, .underline], foreground: .red, background: .brightBlue)
        #expect(style.openSequence == "\u{1B}[1;4;31;104m")
        #expect(SGR.styled("x", style) == "\u{1B}[1;4;31;104mx\u{1B}[0m")
    }

    @Test func nestedStylesAddAttributesAndInnerColourWins() {
        let outer = TextStyle([.bold], foreground: .blue)
        let inner = TextStyle([.italic], foreground: .green)
        #expect(outer.merged(with: inner) == TextStyle([.bold, .italic], foreground: .green))
        #expect(outer.merged(with: .plain) == outer)
    }

    @Test func hyperlinkURIsCannotCarryControls() {
        #expect(Hyperlink.open("https://x.org/a b") == "\u{1B}]8;;https://x.org/a%20b\u{1B}\\")
        #expect(Hyperlink.encode("a\u{1B}\\b") == "a%1B\\b")
        #expect(Hyperlink.encode("é") == "%C3%A9")
    }
}
