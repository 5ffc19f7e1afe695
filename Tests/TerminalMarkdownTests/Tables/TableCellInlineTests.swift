import TerminalKit
import TestSupport
import Testing

@testable import TerminalMarkdown

/// A table cell's inline Markdown is drawn exactly as the same text in a paragraph (GFM cells
/// hold inline content), whatever character the cell starts with.
@Suite struct TableCellInlineTests {
    /// Cells that start with a delimiter run, a code span, a link: every inline element libcmark
    /// knows. `~~x~~` stays text: CommonMark 0.30 has no strikethrough, in cells or paragraphs.
    static let inlineCells = [
        "**bold**", "__under__", "***both***", "*em*", "_em_", "*em* and **strong**", "`code`",
        "``a ` tick``", "[link](https://x.org)", "<https://x.org>", "![alt](i.png)", "~~strike~~",
        "***both*** then *em*", "a **b** c",
    ]

    private func lines(_ markdown: String, colors: Bool) -> [StyledLine] {
        MarkdownRenderer(options: RenderOptions(width: 80, colors: colors)).lines(for: markdown)
    }

    @Test(arguments: inlineCells, [false, true])
    func aCellIsDrawnLikeTheSameTextInAParagraph(cell: String, colors: Bool) {
        let paragraph = lines(cell, colors: colors)
        let table = lines("| h |\n|---|\n| \(cell) |", colors: colors)
        #expect(table.count == paragraph.count + 2, "header and rule, then the row (and the same link list)")
        #expect(table.element(at: 2)?.spans == paragraph.first?.spans, "cell \(cell)")
        #expect(Array(table.dropFirst(3)) == Array(paragraph.dropFirst()), "the same references after the table")
    }

    @Test func strongInACellIsBoldWithNoAsterisksLeft() {
        let table = lines("| a | b |\n|---|---|\n| **bold** | __under__ |\n| ***both*** | x |", colors: true)
        #expect(table.element(at: 2)?.spans.first == StyledSpan("bold", style: Theme.strong))
        #expect(
            table.element(at: 3)?.spans.first == StyledSpan("both", style: Theme.emphasis.merged(with: Theme.strong)))
        #expect(!table.map(\.plainText).joined().contains("*"))
    }

    @Test func columnsAreAsWideAsTheRenderedTextNotTheSource() {
        let table = lines("| a | b |\n|---|---|\n| **bold** | `x` |", colors: true)
        #expect(table.map(\.plainText) == ["a    │ b", "─────┼──", "bold │ x"])
        let plain = lines("| a | b |\n|---|---|\n| **bold** | `x` |", colors: false)
        #expect(
            plain.map(\.plainText) == ["a        │ b", "─────────┼────", "**bold** │ `x`"],
            "plain mode shows the markers, and counts them")
    }

    @Test(arguments: [
        "# h", "- item", "* item", "+ item", "1. one", "2) two", "> quote", "---", "***", "___", "<div>x</div>",
        "[a]: /b", "~~~", "```", "=",
    ])
    func aCellThatWouldOpenABlockShowsItsText(cell: String) {
        let table = lines("| h |\n|---|\n| \(cell) |", colors: true)
        #expect(table.map(\.plainText).last == cell)
    }
}
