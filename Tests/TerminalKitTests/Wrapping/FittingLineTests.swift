import Testing

@testable import TerminalKit

/// A hard line that fits is added whole, skipping the chunking; the lines must be exactly those
/// the chunking gives, spaces at either end dropped and everything else as written.
@Suite struct FittingLineTests {
    private static let bold = TextStyle([.bold])

    /// Hard lines around the edges of the fast path.
    static let cases: [[[StyledSpan]]] = [
        [[StyledSpan("a short line")]],
        [[StyledSpan("   leading and trailing   ")]],
        [[StyledSpan("    ")], [StyledSpan("after a line of spaces")]],
        [[StyledSpan("  two "), StyledSpan(" spans ", style: bold), StyledSpan("  ")]],
        [[StyledSpan("same "), StyledSpan("look"), StyledSpan(" joined")]],
        [[StyledSpan(" "), StyledSpan("bold", style: bold), StyledSpan(" ")]],
        [[StyledSpan("日本語の文章。「引用」")]],
        [[StyledSpan("cafe\u{301} and e\u{301}te\u{301}  ")]],
        [[StyledSpan(" \u{301}mark after a space")]],
        [[StyledSpan("exactly twenty cols!")], [StyledSpan("twenty-one columns!!!")]],
        [[StyledSpan("a line that is far too long to fit on one line of twenty")]],
        [[StyledSpan("first hard line")], [StyledSpan("  second  ")], []],
        [[StyledSpan("link", link: "https://example.com"), StyledSpan(" text")]],
    ]

    @Test(arguments: cases, [8, 20, 40])
    func aFittingLineComesOutAsTheChunksWouldHaveIt(_ hardLines: [[StyledSpan]], width: Int) {
        let prefixes = ([StyledSpan("• ")], [StyledSpan("  ")])
        let whole = TextWrapper(width: width, addsFittingLinesWhole: true)
            .wrap(hardLines, firstPrefix: prefixes.0, continuationPrefix: prefixes.1)
        let chunked = TextWrapper(width: width, addsFittingLinesWhole: false)
            .wrap(hardLines, firstPrefix: prefixes.0, continuationPrefix: prefixes.1)
        #expect(whole == chunked)
    }
}
