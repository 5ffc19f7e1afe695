/// Finds pipe tables in Markdown source, outside fenced code, and replaces each with a marker
/// line that libcmark parses as an HTML comment block, so the table keeps its place among the
/// other blocks.
///
/// libcmark 0.30 knows no tables (DESIGN.md §5), so they are recognised here by the GFM rules: a
/// header row and a delimiter row with the same number of cells, both containing a pipe, then
/// body rows up to a blank line or the start of another block (`>`, an ATX heading, a fence).
/// Only tables that are not inside a block quote or list marker line are found.
struct PipeTableScanner {
    /// The source with tables replaced by markers.
    var source: String
    /// The tables, in order; marker `i` stands for `tables[i]`.
    var tables: [PipeTable]
    /// The text every marker starts with, chosen so that it does not occur in the input.
    var markerPrefix: String

    /// Scans `input`.
    init(scanning input: String) {
        var nonce = 0
        while input.contains("cdc-table-\(nonce)-") { nonce += 1 }
        markerPrefix = "<!--cdc-table-\(nonce)-"
        tables = []
        guard input.utf8.contains(UInt8(ascii: "|")) else {
            source = input
            return
        }
        let lines = input.split(separator: "\n", omittingEmptySubsequences: false)
        var output: [Substring] = []
        output.reserveCapacity(lines.count)
        var fence: (character: Character, length: Int)?
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if let open = fence {
                if Self.closesFence(line, open) { fence = nil }
                output.append(line)
                index += 1
                continue
            }
            if let opened = Self.opensFence(line) {
                fence = opened
                output.append(line)
                index += 1
                continue
            }
            if index + 1 < lines.count, let table = Self.table(at: index, in: lines) {
                let indentation = line.prefix { $0 == " " }
                output.append(Substring(String(indentation) + markerPrefix + "\(tables.count)-->"))
                tables.append(table.table)
                index = table.end
                continue
            }
            output.append(line)
            index += 1
        }
        source = output.joined(separator: "\n")
    }

    /// The table index a marker HTML block stands for, if `literal` is one of our markers.
    func tableIndex(ofMarker literal: String) -> Int? {
        let trimmed = literal.split(separator: "\n").first.map { $0.trimmingSpaces() } ?? ""
        guard trimmed.hasPrefix(markerPrefix), trimmed.hasSuffix("-->") else { return nil }
        let number = trimmed.dropFirst(markerPrefix.count).dropLast(3)
        guard let index = Int(number), tables.indices.contains(index) else { return nil }
        return index
    }

    // MARK: - Recognising tables

    private static func table(at index: Int, in lines: [Substring]) -> (table: PipeTable, end: Int)? {
        let headerLine = lines[index]
        guard indentation(of: headerLine) <= 3, headerLine.contains("|") else { return nil }
        let delimiterLine = lines[index + 1]
        guard indentation(of: delimiterLine) <= 3, delimiterLine.contains("|"),
              let alignments = alignments(of: delimiterLine) else { return nil }
        let header = cells(of: headerLine)
        guard header.count == alignments.count else { return nil }
        var rows: [[String]] = []
        var end = index + 2
        while end < lines.count, !endsTable(lines[end]) {
            var row = cells(of: lines[end])
            if row.count > header.count { row.removeLast(row.count - header.count) }
            while row.count < header.count { row.append("") }
            rows.append(row)
            end += 1
        }
        return (PipeTable(alignments: alignments, header: header, rows: rows), end)
    }

    private static func endsTable(_ line: Substring) -> Bool {
        let content = line.drop { $0 == " " }
        if content.allSatisfy({ $0 == " " || $0 == "\t" }) { return true }
        if indentation(of: line) > 3 { return false }
        return content.hasPrefix(">") || content.hasPrefix("#") || opensFence(line) != nil
    }

    /// The alignments of a delimiter row, or nil when it is not one.
    private static func alignments(of line: Substring) -> [PipeTable.Alignment]? {
        var result: [PipeTable.Alignment] = []
        for cell in cells(of: line) {
            let text = Substring(cell)
            let left = text.hasPrefix(":")
            let right = text.hasSuffix(":") && text.count > 1
            let dashes = text.dropFirst(left ? 1 : 0).dropLast(right ? 1 : 0)
            guard !dashes.isEmpty, dashes.allSatisfy({ $0 == "-" }) else { return nil }
            switch (left, right) {
            case (true, true): result.append(.center)
            case (true, false): result.append(.left)
            case (false, true): result.append(.right)
            case (false, false): result.append(.unspecified)
            }
        }
        return result.isEmpty ? nil : result
    }

    /// Splits a row at unescaped pipes; a leading and a trailing pipe are optional. `\|` becomes
    /// `|` in the cell (also inside code spans, as GFM says).
    static func cells(of line: Substring) -> [String] {
        var cells: [String] = []
        var cell = ""
        var escaped = false
        for character in line {
            if escaped {
                if character != "|" { cell.append("\\") }
                cell.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "|" {
                cells.append(cell)
                cell = ""
            } else {
                cell.append(character)
            }
        }
        if escaped { cell.append("\\") }
        cells.append(cell)
        var trimmed = cells.map { $0.trimmingSpaces() }
        let row = line.trimmingSpaces()
        if trimmed.count > 1, trimmed.first == "", row.hasPrefix("|") { trimmed.removeFirst() }
        if trimmed.count > 1, trimmed.last == "", row.hasSuffix("|"), !row.hasSuffix("\\|") { trimmed.removeLast() }
        return trimmed
    }

    // MARK: - Fences

    private static func opensFence(_ line: Substring) -> (character: Character, length: Int)? {
        guard indentation(of: line) <= 3 else { return nil }
        let content = line.drop { $0 == " " }
        guard let first = content.first, first == "`" || first == "~" else { return nil }
        let length = content.prefix { $0 == first }.count
        guard length >= 3 else { return nil }
        if first == "`", content.dropFirst(length).contains("`") { return nil }
        return (first, length)
    }

    private static func closesFence(_ line: Substring, _ fence: (character: Character, length: Int)) -> Bool {
        guard indentation(of: line) <= 3 else { return false }
        let content = line.drop { $0 == " " }
        let length = content.prefix { $0 == fence.character }.count
        return length >= fence.length && content.dropFirst(length).allSatisfy { $0 == " " || $0 == "\t" }
    }

    private static func indentation(of line: Substring) -> Int {
        line.prefix { $0 == " " }.count
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[start...end])
    }
}
