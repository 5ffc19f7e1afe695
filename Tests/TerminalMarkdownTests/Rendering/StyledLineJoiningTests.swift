import TerminalKit
import Testing

@testable import TerminalMarkdown

/// `StyledLine(joining:_:isPreformatted:)` builds in one go the line that appending span by span gives.
@Suite struct StyledLineJoiningTests {
    private static let link = "https://example.com/b"

    private static let cases: [[StyledSpan]] = [
        [],
        [StyledSpan("")],
        [StyledSpan("let"), StyledSpan(" x = "), StyledSpan("1", style: Theme.token(.number))],
        [StyledSpan("", style: Theme.strong), StyledSpan("a"), StyledSpan(""), StyledSpan("b")],
        [StyledSpan("a", style: Theme.token(.keyword)), StyledSpan("b", style: Theme.token(.keyword), link: link)],
        [StyledSpan("日本", style: Theme.token(.string)), StyledSpan("e\u{301}", style: Theme.token(.string))],
        [StyledSpan("\u{1B}[2J"), StyledSpan("\t"), StyledSpan("tail", style: Theme.token(.comment))],
    ]

    @Test(arguments: [StyledSpan("    "), StyledSpan(""), StyledSpan("  ↪ ", style: Theme.overflowMarker)])
    func givesTheLineAppendingEachSpanGives(first: StyledSpan) {
        for spans in Self.cases {
            var appended = StyledLine([], isPreformatted: true)
            appended.append(first)
            for span in spans { appended.append(span) }
            #expect(StyledLine(joining: first, spans, isPreformatted: true) == appended, "\(spans.map(\.text))")
        }
    }
}
