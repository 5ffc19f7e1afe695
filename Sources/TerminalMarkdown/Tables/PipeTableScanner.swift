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

    /// Scans `input`. The scan works on UTF-8 bytes (every character that matters is ASCII), so
    /// a megabyte of Markdown costs a few milliseconds; only table rows are split as strings.
    init(scanning input: String) {
        let bytes = Array(input.utf8)
        var nonce = 0
        if Self.contains(bytes, Array("cdc-table-".utf8)) {
            while input.contains("cdc-table-\(nonce)-") { nonce += 1 }
        }
        markerPrefix = "<!--cdc-table-\(nonce)-"
        tables = []
        guard bytes.contains(UInt8(ascii: "|")) else {
            source = input
            return
        }
        var lines: [Range<Int>] = []
        var lineStart = 0
        for (offset, byte) in bytes.enumerated() where byte == 0x0A {
            lines.append(lineStart..<offset)
            lineStart = offset + 1
        }
        lines.append(lineStart..<bytes.count)

        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var fence: Fence?
        var index = 0
        while index < lines.count {
            let line = bytes[lines[index]]
            if index > 0 { output.append(0x0A) }
            if let open = fence {
                if open.isClosed(by: line) { fence = nil }
            } else if let opened = Fence(opening: line) {
                fence = opened
            } else if index + 1 < lines.count, let table = Self.table(at: index, lines: lines, bytes: bytes) {
                output += line.prefix { $0 == 0x20 }
                output += Array((markerPrefix + "\(tables.count)-->").utf8)
                tables.append(table.table)
                index = table.end
                continue
            }
            output += line
            index += 1
        }
        source = String(decoding: output, as: UTF8.self)
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

    private static func table(at index: Int, lines: [Range<Int>], bytes: [UInt8]) -> (table: PipeTable, end: Int)? {
        let headerBytes = bytes[lines[index]]
        let delimiterBytes = bytes[lines[index + 1]]
        // Cheap byte checks first: a delimiter row holds only `|`, `:`, `-` and blanks.
        guard indentation(of: headerBytes) <= 3, headerBytes.contains(pipe),
            indentation(of: delimiterBytes) <= 3, delimiterBytes.contains(pipe), delimiterBytes.contains(dash),
            delimiterBytes.allSatisfy({ [pipe, dash, colon, space, tab].contains($0) })
        else { return nil }
        let text = { (range: Range<Int>) in Substring(String(decoding: bytes[range], as: UTF8.self)) }
        guard let alignments = alignments(of: text(lines[index + 1])) else { return nil }
        let header = cells(of: text(lines[index]))
        guard header.count == alignments.count else { return nil }
        var rows: [[String]] = []
        var end = index + 2
        while end < lines.count, !endsTable(bytes[lines[end]]) {
            var row = cells(of: text(lines[end]))
            if row.count > header.count { row.removeLast(row.count - header.count) }
            while row.count < header.count { row.append("") }
            rows.append(row)
            end += 1
        }
        return (PipeTable(alignments: alignments, header: header, rows: rows), end)
    }

    private static let pipe = UInt8(ascii: "|"), dash = UInt8(ascii: "-"), colon = UInt8(ascii: ":")
    private static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")

    private static func endsTable(_ line: ArraySlice<UInt8>) -> Bool {
        let content = line.drop { $0 == space }
        if content.allSatisfy({ $0 == space || $0 == tab }) { return true }
        if indentation(of: line) > 3 { return false }
        return content.first == UInt8(ascii: ">") || content.first == UInt8(ascii: "#") || Fence(opening: line) != nil
    }

    private static func indentation(of line: ArraySlice<UInt8>) -> Int {
        line.prefix { $0 == space }.count
    }

    private static func contains(_ bytes: [UInt8], _ pattern: [UInt8]) -> Bool {
        guard let first = pattern.first, bytes.count >= pattern.count else { return false }
        var index = 0
        while index <= bytes.count - pattern.count {
            if bytes[index] == first, bytes[index..<index + pattern.count].elementsEqual(pattern) { return true }
            index += 1
        }
        return false
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
        let cells = line.utf8.allSatisfy { $0 < 0x80 } ? asciiCells(of: line) : characterCells(of: line)
        var trimmed = cells.map { $0.trimmingSpaces() }
        let row = line.trimmingSpaces()
        if trimmed.count > 1, trimmed.first == "", row.hasPrefix("|") { trimmed.removeFirst() }
        if trimmed.count > 1, trimmed.last == "", row.hasSuffix("|"), !row.hasSuffix("\\|") { trimmed.removeLast() }
        return trimmed
    }

    /// The untrimmed cells of an ASCII row, split on its bytes: in ASCII every character is one
    /// byte, so this is the character split below without building each cell character by character.
    private static func asciiCells(of line: Substring) -> [String] {
        let backslash = UInt8(ascii: "\\")
        var cells: [String] = []
        var cell: [UInt8] = []
        var escaped = false
        for byte in line.utf8 {
            if escaped {
                if byte != pipe { cell.append(backslash) }
                cell.append(byte)
                escaped = false
            } else if byte == backslash {
                escaped = true
            } else if byte == pipe {
                cells.append(String(decoding: cell, as: UTF8.self))
                cell.removeAll(keepingCapacity: true)
            } else {
                cell.append(byte)
            }
        }
        if escaped { cell.append(backslash) }
        cells.append(String(decoding: cell, as: UTF8.self))
        return cells
    }

    /// The untrimmed cells of a row, character by character (a pipe with a combining mark is no pipe).
    private static func characterCells(of line: Substring) -> [String] {
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
        return cells
    }
}

/// A fenced code block's opening line: inside it nothing is a table.
private struct Fence {
    let character: UInt8
    let length: Int

    /// The fence a line opens (up to 3 spaces, then 3 or more backticks or tildes), if any.
    init?(opening line: ArraySlice<UInt8>) {
        let content = line.drop { $0 == 0x20 }
        guard line.count - content.count <= 3, let first = content.first,
            first == UInt8(ascii: "`") || first == UInt8(ascii: "~")
        else { return nil }
        let length = content.prefix { $0 == first }.count
        guard length >= 3 else { return nil }
        // A backtick fence's info string cannot contain a backtick (CommonMark 0.30, 4.5).
        if first == UInt8(ascii: "`"), content.dropFirst(length).contains(first) { return nil }
        character = first
        self.length = length
    }

    /// Whether `line` closes this fence: the same character, at least as many, then blanks.
    func isClosed(by line: ArraySlice<UInt8>) -> Bool {
        let content = line.drop { $0 == 0x20 }
        guard line.count - content.count <= 3 else { return false }
        let run = content.prefix { $0 == character }.count
        return run >= length && content.dropFirst(run).allSatisfy { $0 == 0x20 || $0 == 0x09 }
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
