import TerminalKit
import Testing

@Suite struct StyledLineTests {
    @Test func withoutColourNoEscapeIsWritten() {
        let line = StyledLine([StyledSpan("a", style: TextStyle([.bold]), link: "https://x"), StyledSpan("b")])
        #expect(line.encoded(colors: false, hyperlinks: false) == "ab")
    }

    @Test func everyLineClosesItsStyleAndLink() {
        let line = StyledLine([StyledSpan("x "), StyledSpan("link", style: TextStyle([.underline]), link: "https://x")])
        #expect(
            line.encoded(colors: true, hyperlinks: true)
                == "x \u{1B}[4m\u{1B}]8;;https://x\u{1B}\\link\u{1B}]8;;\u{1B}\\\u{1B}[0m")
    }

    @Test func aStyleContinuedOnTheNextLineIsOpenedAgain() {
        let style = TextStyle(foreground: .green)
        let lines = [StyledLine([StyledSpan("one", style: style)]), StyledLine([StyledSpan("two", style: style)])]
        #expect(
            lines.encoded(colors: true, hyperlinks: false)
                == "\u{1B}[32mone\u{1B}[0m\n\u{1B}[32mtwo\u{1B}[0m\n")
    }

    @Test func changingStyleResetsBeforeOpeningTheNext() {
        let line = StyledLine([
            StyledSpan("a", style: TextStyle([.bold])), StyledSpan("b", style: TextStyle([.italic])),
        ])
        #expect(line.encoded(colors: true, hyperlinks: false) == "\u{1B}[1ma\u{1B}[0m\u{1B}[3mb\u{1B}[0m")
    }

    @Test func spansAreSanitisedWhenMade() {
        #expect(StyledSpan("\u{1B}[31m").text == "␛[31m")
        #expect(StyledLine([StyledSpan("日本")]).width == 4)
    }

    @Test func appendingJoinsSpansThatLookTheSame() {
        var line = StyledLine()
        line.append(StyledSpan("a"))
        line.append(StyledSpan("b"))
        line.append(StyledSpan("c", style: TextStyle([.bold])))
        #expect(line.spans.count == 2)
        #expect(line.plainText == "abc")
    }
}
