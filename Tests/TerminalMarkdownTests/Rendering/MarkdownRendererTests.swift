import TerminalKit
import TestSupport
import Testing

@testable import TerminalMarkdown

@Suite struct MarkdownRendererTests {
    private func plain(_ markdown: String, width: Int = 40) -> String {
        MarkdownRenderer(options: RenderOptions(width: width)).render(markdown)
    }

    private func styled(_ markdown: String, width: Int = 40, links: Bool = false) -> [StyledLine] {
        MarkdownRenderer(
            options: RenderOptions(
                width: width, colors: true, hyperlinks: links,
                documentDirectory: "/course/Lessons")
        ).lines(for: markdown)
    }

    @Test func plainModeShowsStructureWithCharacters() {
        #expect(
            plain("# Title\n\n## Part\n\nSome *em* and **strong** and `code`.")
                == "# Title\n\n## Part\n\nSome *em* and **strong** and `code`.\n")
    }

    @Test func colourModeStylesInsteadOfMarking() throws {
        let lines = styled("# Title\n\nSome *em*.")
        try #require(lines.map(\.plainText) == ["Title", "═════", "", "Some em."])
        #expect(lines[0].spans.first?.style == Theme.heading(1))
        #expect(lines[3].spans.element(at: 1) == StyledSpan("em", style: Theme.emphasis))
    }

    @Test func listsNestAndNumbersKeepTheirStartAndDelimiter() {
        #expect(
            plain("3) three\n4) four\n   - nested\n     - deeper") == "3) three\n4) four\n   - nested\n     + deeper\n",
            "bullet shapes follow the nesting depth")
        #expect(plain("- a\n\n- b") == "* a\n\n* b\n", "a loose list keeps its blank lines")
    }

    @Test func wrappedListItemsHangUnderTheirText() {
        #expect(plain("10. a long item that wraps\n11. b", width: 16) == "10. a long item\n    that wraps\n11. b\n")
    }

    @Test func quotesNestAndKeepTheirBarOnEveryLine() {
        #expect(plain("> a\n>\n> > b c d e", width: 8) == "> a\n>\n> > b c\n> > d e\n")
        #expect(styled("> a").first?.spans.first == StyledSpan("│ ", style: Theme.quoteBar))
    }

    @Test func thematicBreakSpansThePage() {
        #expect(plain("---", width: 5) == "─────\n")
    }

    @Test func imagesShowTheirAltText() {
        #expect(plain("![a *diagram*](x.png)") == "[image: a diagram]\n")
    }

    @Test func linksGetNumberedReferencesListedAtTheEnd() {
        #expect(
            plain("[a](https://x.org) [b](https://x.org) [c](javascript:alert(1)) <https://y.org>")
                == "a[1] b[1] c[2] https://y.org\n\nLinks\n[1] https://x.org\n[2] javascript:alert(1)\n")
    }

    @Test func hyperlinksOnlyForWebMailAndLessonRelativePaths() {
        let spans = styled(
            "[w](https://x.org) [m](mailto:a@b.c) [l](02-next.md#top) [j](javascript:x) [f](file:///etc)",
            width: 80, links: true
        ).flatMap(\.spans)
        let links = Set(spans.compactMap(\.link))
        #expect(links == ["https://x.org", "mailto:a@b.c", "file:///course/Lessons/02-next.md"])
        #expect(spans.contains { $0.text == "[1]" } && spans.contains { $0.text == "[2]" })
    }

    @Test func codeBlocksAreIndentedAndOnATerminalWrapUnderAMarkKeepingEveryCharacter() {
        let markdown = "```swift\nlet theaters = try context.fetch(request)\n```"
        let kept = MarkdownRenderer(options: RenderOptions(width: 20)).lines(for: markdown)
        #expect(kept.map(\.plainText) == ["    let theaters = try context.fetch(request)"])
        #expect(kept.allSatisfy { $0.isPreformatted })
        let wrapped = MarkdownRenderer(options: RenderOptions(width: 20, codeOverflow: .wrap)).lines(for: markdown)
        #expect(wrapped.map(\.plainText) == ["    let theaters = t", "  ↪ ry context.fetch", "  ↪ (request)"])
        #expect(
            wrapped.map { String($0.plainText.dropFirst(4)) }.joined() == "let theaters = try context.fetch(request)")
    }

    @Test func tablesNarrowTheirColumnsToFitThePage() {
        let markdown = "| Entity | Description |\n|---|---|\n| Theater | a place where movies are shown |"
        let lines = plain(markdown, width: 24).split(separator: "\n")
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 24 })
        #expect(lines.first == "Entity  │ Description")
        #expect(lines.count > 3, "the long cell wraps inside its column")
    }

    @Test func tablesTooWideForAnyColumnsBecomeRecords() {
        let markdown = "| a | b | c | d | e |\n|---|---|---|---|---|\n| 1 | 2 | 3 | 4 | 5 |"
        #expect(plain(markdown, width: 12) == "a: 1\nb: 2\nc: 3\nd: 4\ne: 5\n")
    }

    @Test func tableCellsAreParsedInlineNotAsBlocks() {
        #expect(
            plain("| h |\n|---|\n| # not a heading |\n| - not a list |")
                == "h\n───────────────\n# not a heading\n- not a list\n")
    }

    @Test func rawHTMLIsShownAsText() {
        #expect(plain("<div>\n*x*\n</div>") == "<div>\n*x*\n</div>\n")
    }
}
