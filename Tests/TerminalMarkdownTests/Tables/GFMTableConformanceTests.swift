import Foundation
import TerminalKit
import TestSupport
import Testing

@testable import TerminalMarkdown

/// The "Tables (extension)" examples of cmark-gfm 0.29's spec, drawn as aligned tables.
// Skipped, with the reason in the test output, in a checkout without ../shared/corpus: the spec
// examples are prose under their own licence and are not copied into the repository.
@Suite(.enabled(if: SharedCorpus.isAvailable, SpecCorpus.absenceReason))
struct GFMTableConformanceTests {
    static let examples = SpecCorpus.gfm.filter { $0.section == "Tables (extension)" }

    @Test func theCorpusHasTheTableExamples() {
        #expect(Self.examples.count == 8)
    }

    @Test(arguments: SpecCorpus.gfm.filter { $0.section == "Tables (extension)" }.map(\.example))
    func tableExampleRendersAsAnAlignedTableWithTheRightCells(number: Int) throws {
        let example = try #require(Self.examples.first { $0.example == number })
        let expected = ExpectedTable(html: example.html)
        let lines = MarkdownRenderer(options: RenderOptions(width: 100, colors: true)).lines(for: example.markdown)
            .map(\.plainText)
        guard let expected else {
            #expect(
                !lines.contains { $0.contains("┼") || $0.allSatisfy { $0 == "─" } && !$0.isEmpty },
                "example \(number) is not a table")
            return
        }
        let ruleIndex = try #require(lines.firstIndex { !$0.isEmpty && $0.allSatisfy { "─┼".contains($0) } })
        let rows = [try #require(lines.element(at: ruleIndex - 1))] + lines[(ruleIndex + 1)...].prefix { !$0.isEmpty }
        #expect(rows.count == expected.rows.count, "example \(number): rows \(rows)")
        let separators = rows.map { row in
            row.indices.filter { row[$0] == "│" }.map { row.distance(from: row.startIndex, to: $0) }
        }
        for (row, cells) in zip(rows, expected.rows) {
            let segments = row.components(separatedBy: " │ ")
            #expect(segments.map { $0.trimmingCharacters(in: .whitespaces) } == cells, "example \(number): \(row)")
            for (column, segment) in segments.enumerated() where !segment.trimmingCharacters(in: .whitespaces).isEmpty {
                let leading = segment.prefix { $0 == " " }.count
                let trailing = segment.reversed().prefix { $0 == " " }.count
                let isLast = column == segments.count - 1
                switch expected.alignments.element(at: column) {
                case "right": #expect(trailing == 0, "example \(number): right-aligned '\(segment)'")
                case "center":
                    #expect(isLast || abs(leading - trailing) <= 1, "example \(number): centred '\(segment)'")
                default: #expect(leading == 0, "example \(number): left-aligned '\(segment)'")
                }
            }
        }
        // Aligned: the column separators are at the same place on every line.
        #expect(Set(separators).count == 1, "example \(number): separators \(separators)")
    }
}

/// The cells and alignments of the one table in a spec example's expected HTML.
struct ExpectedTable {
    var rows: [[String]]
    var alignments: [String]

    init?(html: String) {
        guard html.contains("<table>") else { return nil }
        rows = []
        alignments = []
        for rowHTML in html.components(separatedBy: "<tr>").dropFirst() {
            var cells: [String] = []
            for cellHTML in rowHTML.components(separatedBy: "<t").dropFirst() {
                guard cellHTML.hasPrefix("h") || cellHTML.hasPrefix("d") else { continue }
                let end = cellHTML.range(of: "</t")?.lowerBound ?? cellHTML.endIndex
                let inner = "<t" + cellHTML[..<end]
                cells.append(VisibleText.text(ofHTML: inner).trimmingCharacters(in: .whitespacesAndNewlines))
                if rows.isEmpty {
                    let align = ["center", "right", "left"].first { cellHTML.prefix(30).contains("align=\"\($0)\"") }
                    alignments.append(align ?? "none")
                }
            }
            rows.append(cells)
        }
    }
}
