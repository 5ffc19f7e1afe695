import TerminalKit

extension BlockRenderer {
    /// A pipe table: columns as wide as their widest cell, narrowed (and cells wrapped) when the
    /// page is too narrow; drawn as records when even that cannot fit.
    func table(_ table: PipeTable, width: Int) -> [StyledLine] {
        let header = table.header.map { cell($0, style: Theme.tableHeader) }
        let rows = table.rows.map { row in row.map { cell($0, style: .plain) } }
        let columns = table.alignments.count
        var widths = (0..<columns).map { column in
            ([header[column]] + rows.map { $0[column] }).map(Self.naturalWidth).max() ?? 1
        }.map { max(1, $0) }
        let separators = 3 * (columns - 1)
        let minimum = 3
        while widths.reduce(0, +) + separators > width {
            guard let widest = widths.indices.max(by: { widths[$0] < widths[$1] }), widths[widest] > minimum else {
                return records(table, header: header, rows: rows, width: width)
            }
            widths[widest] -= 1
        }
        var lines = drawRow(header, widths: widths, alignments: table.alignments)
        let rule = widths.enumerated().map { index, columnWidth in
            String(repeating: "─", count: columnWidth + (index > 0 ? 1 : 0) + (index < columns - 1 ? 1 : 0))
        }.joined(separator: "┼")
        lines.append(StyledLine([StyledSpan(rule, style: Theme.tableBorder)]))
        for row in rows {
            lines += drawRow(row, widths: widths, alignments: table.alignments)
        }
        return lines
    }

    /// A cell's Markdown parsed inline by libcmark (GFM cells hold inline content only).
    ///
    /// libcmark parses documents, not inline text, so a cell is parsed as a one-line document and
    /// its paragraph's inlines are drawn. Only when that line would open some other block (`# x`,
    /// `- x`, `1. x`, `> x`, `---`, `<div>`, a fence, a link reference definition) is its marker
    /// escaped and the cell parsed again. Escaping up front whenever the first character *could*
    /// start a block broke every cell that begins with a delimiter run: `**bold**` became a
    /// literal `*`, emphasis, and another `*`.
    private func cell(_ markdown: String, style: TextStyle) -> [[StyledSpan]] {
        guard !markdown.isEmpty else { return [[]] }
        for source in [markdown, Self.escapingBlockStart(markdown)] {
            let document = MarkdownDocument(parsing: source)
            // The nodes belong to the document: keep it alive until its inlines are drawn.
            let spans: [[StyledSpan]]? = withExtendedLifetime(document) {
                let blocks = Array(document.root.children)
                guard blocks.count == 1, blocks[0].kind == .paragraph else { return nil }
                return inlines(of: blocks[0], style: style)
            }
            if let spans { return spans }
        }
        return [[StyledSpan(markdown, style: style)]]
    }

    /// The cell with the character that makes it open a block escaped, so that it reads as a
    /// paragraph: `# x` → `\# x`, `1. x` → `1\. x`, `<div>` → `\<div>`. Every character that can
    /// start a block other than a paragraph is either ASCII punctuation, which a backslash makes
    /// literal (CommonMark 0.30, 2.4), or the digits of an ordered list marker.
    static func escapingBlockStart(_ markdown: String) -> String {
        guard let first = markdown.first else { return markdown }
        if first.isASCII, first.isNumber {
            let digits = markdown.prefix { $0.isASCII && $0.isNumber }
            let rest = markdown.dropFirst(digits.count)
            guard let mark = rest.first, mark == "." || mark == ")" else { return markdown }
            return digits + "\\" + rest
        }
        if first.isASCII, first.isPunctuation || first.isSymbol { return "\\" + markdown }
        return markdown
    }

    private static func naturalWidth(_ cell: [[StyledSpan]]) -> Int {
        cell.map { $0.reduce(0) { $0 + $1.width } }.max() ?? 0
    }

    private func drawRow(_ cells: [[[StyledSpan]]], widths: [Int], alignments: [PipeTable.Alignment]) -> [StyledLine] {
        let wrapped = cells.enumerated().map { column, cell in self.wrapped(cell, width: widths[column]) }
        let height = wrapped.map(\.count).max() ?? 1
        let border = StyledSpan(" │ ", style: Theme.tableBorder)
        var lines: [StyledLine] = []
        for row in 0..<height {
            var line = StyledLine()
            for column in wrapped.indices {
                if column > 0 { line.append(border) }
                let content = row < wrapped[column].count ? wrapped[column][row] : StyledLine()
                let isLast = column == wrapped.count - 1
                if isLast, content.spans.isEmpty { continue }
                let padding = max(0, widths[column] - content.width)
                let (left, right): (Int, Int) =
                    switch alignments[column] {
                    case .right: (padding, 0)
                    case .center: (padding / 2, padding - padding / 2)
                    case .left, .unspecified: (0, padding)
                    }
                if left > 0 { line.append(StyledSpan(String(repeating: " ", count: left))) }
                for span in content.spans { line.append(span) }
                if right > 0, !isLast { line.append(StyledSpan(String(repeating: " ", count: right))) }
            }
            lines.append(line)
        }
        return lines
    }

    /// The table as one record per row (`header: value`), for pages too narrow for its columns.
    private func records(
        _ table: PipeTable, header: [[[StyledSpan]]], rows: [[[[StyledSpan]]]], width: Int
    ) -> [StyledLine] {
        var lines: [StyledLine] = []
        for row in rows {
            if !lines.isEmpty { lines.append(StyledLine([StyledSpan("─", style: Theme.tableBorder)])) }
            for (column, cell) in row.enumerated() {
                let label = header[column].flatMap { $0 } + [StyledSpan(": ", style: Theme.tableHeader)]
                lines += TextWrapper(width: width).wrap(
                    [label + (cell.first ?? [])] + cell.dropFirst(), continuationPrefix: [StyledSpan("  ")])
            }
        }
        if rows.isEmpty {
            lines = TextWrapper(width: width).wrap(header.flatMap { $0 }, continuationPrefix: [])
        }
        return lines
    }
}
