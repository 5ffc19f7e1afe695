import TerminalKit
import TestSupport
import Testing

@Suite struct TableWriterTests {
    let table = Table(columns: ["name", "count"], rows: [[.text("Book"), .integer(3)], [.text("Page"), .null]])

    @Test func tableFormatDrawsABoxWithNumbersRightAligned() {
        #expect(
            table.rendered(as: .table) == """
                ┌──────┬───────┐
                │ name │ count │
                ├──────┼───────┤
                │ Book │     3 │
                │ Page │ NULL  │
                └──────┴───────┘

                """)
    }

    @Test func markdownEscapesPipesAndAlignsNumberColumnsRight() {
        let text = Table(columns: ["a|b", "n"], rows: [[.text("x|y"), .integer(1)]]).rendered(as: .markdown)
        #expect(text == "| a\\|b | n |\n| --- | ---: |\n| x\\|y | 1 |\n")
    }

    @Test func jsonKeepsColumnOrderAndTypes() {
        #expect(
            table.rendered(as: .json) == "[\n{\"name\":\"Book\",\"count\":3},\n{\"name\":\"Page\",\"count\":null}\n]\n")
        #expect(Table(columns: ["a"]).rendered(as: .json) == "[]\n")
    }

    @Test func csvQuotesWhatNeedsQuotingAndLeavesNullsEmpty() {
        let text = Table(columns: ["a", "b"], rows: [[.text("x,\"y\""), .null]]).rendered(as: .csv)
        #expect(text == "a,b\r\n\"x,\"\"y\"\"\",\r\n")
    }

    @Test func lineFormatPrintsOneFieldPerLine() {
        #expect(table.rendered(as: .line) == " name = Book\ncount = 3\n\n name = Page\ncount = NULL\n")
    }

    @Test func hostileTextIsMadeVisibleInEveryFormat() {
        let hostile = Table(columns: ["c\u{1B}[31m"], rows: [[.text("a\u{1B}]0;x\u{07}\u{202E}b\u{9B}")]])
        for format in TableFormat.allCases {
            let text = hostile.rendered(as: format)
            #expect(
                !text.unicodeScalars.contains {
                    $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{202E}" || $0 == "\u{9B}"
                },
                "\(format)")
        }
        #expect(hostile.rendered(as: .json).contains("\\u001b"))
        #expect(hostile.rendered(as: .table).contains("␛"))
    }

    @Test func wideTablesShrinkTheirWidestColumnToFitTheWidth() {
        let long = Table(columns: ["id", "text"], rows: [[.integer(1), .text(String(repeating: "word ", count: 40))]])
        let lines = long.rendered(as: .table, width: 40).split(separator: "\n")
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 40 })
        #expect(lines.element(at: 3)?.contains("…") == true)
    }

    @Test func wideCharactersCountTwoColumns() {
        let text = Table(columns: ["名前"], rows: [[.text("日本")], [.text("abcd")]]).rendered(as: .table)
        let lines = text.split(separator: "\n").map { DisplayWidth.of($0) }
        #expect(Set(lines).count == 1)
    }

    @Test func streamingKeepsTheFirstBatchWidthsAndCutsLaterRows() {
        var output = ""
        var writer = TableWriter(columns: ["v"], format: .table, batchSize: 1) { output += $0 }
        writer.write([.text("abc")])
        writer.write([.text("abcdefgh")])
        writer.finish()
        #expect(output.contains("│ ab… │"))
        #expect(output.hasSuffix("└─────┘\n"))
    }

    @Test func truncationEndsWithAnEllipsisWithinTheWidth() {
        #expect(TableWriter.truncated("hello world", to: 6) == "hello…")
        #expect(TableWriter.truncated("hi", to: 6) == "hi")
        #expect(DisplayWidth.of(TableWriter.truncated("日本語日本語", to: 5)) <= 5)
    }
}
