import Testing

@testable import TerminalMarkdown

@Suite struct PipeTableScannerTests {
    @Test func findsATableAndReplacesItWithAMarker() throws {
        let scanner = PipeTableScanner(scanning: "before\n\n| a | b |\n|:--|--:|\n| 1 | 2 |\n\nafter")
        #expect(scanner.tables == [PipeTable(alignments: [.left, .right], header: ["a", "b"], rows: [["1", "2"]])])
        #expect(scanner.source == "before\n\n\(scanner.markerPrefix)0-->\n\nafter")
        #expect(scanner.tableIndex(ofMarker: "\(scanner.markerPrefix)0-->\n") == 0)
    }

    @Test func tablesInsideCodeFencesAreLeftAlone() {
        let source = "```\n| a | b |\n|---|---|\n```\n~~~~\n| c |\n| - |\n~~~~"
        let scanner = PipeTableScanner(scanning: source)
        #expect(scanner.tables.isEmpty)
        #expect(scanner.source == source)
    }

    @Test func headerAndDelimiterMustHaveTheSameNumberOfCells() {
        #expect(PipeTableScanner(scanning: "| a | b |\n| --- |\n| c |").tables.isEmpty)
    }

    @Test func rowsArePaddedOrCutToTheHeader() {
        let table = PipeTableScanner(scanning: "| a | b |\n|---|---|\n| 1 |\n| 1 | 2 | 3 |").tables.first
        #expect(table?.rows == [["1", ""], ["1", "2"]])
    }

    @Test func escapedPipesStayInTheirCell() {
        #expect(PipeTableScanner.cells(of: "| f\\|oo | `\\|` | \\* |") == ["f|oo", "`|`", "\\*"])
    }

    /// ASCII rows are split on bytes, others character by character: both ways agree on escapes,
    /// a trailing backslash and the optional outer pipes.
    @Test(arguments: ["", "é"])
    func rowsSplitAlikeWhetherOrNotTheyAreASCII(extra: String) {
        #expect(
            PipeTableScanner.cells(of: Substring("a\(extra) | \\\\| b |\\"))
                == ["a\(extra)", "\\\\", "b", "\\"])
        #expect(PipeTableScanner.cells(of: Substring("|\(extra)|")) == [extra])
    }

    @Test func aPipeWithACombiningMarkIsNotACellBorder() {
        #expect(PipeTableScanner.cells(of: "| a |\u{301} b |") == ["a |\u{301} b"])
    }

    @Test func aBlankLineOrAnotherBlockEndsTheTable() {
        let scanner = PipeTableScanner(scanning: "| a |\n| - |\n| 1 |\n> quote\n")
        #expect(scanner.tables.first?.rows == [["1"]])
        #expect(scanner.source.hasSuffix("-->\n> quote\n"))
    }

    @Test func theMarkerNeverCollidesWithTheDocument() {
        let scanner = PipeTableScanner(scanning: "cdc-table-0- is here\n\n| a |\n| - |")
        #expect(scanner.markerPrefix == "<!--cdc-table-1-")
    }
}
