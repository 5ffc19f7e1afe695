/// Writes a listing row by row, so a table of millions of rows never has to be held in memory.
///
/// `markdown`, `json`, `csv` and `line` stream each row as it arrives. `table` needs column
/// widths first: it holds the first `batchSize` rows, sizes the columns from them (shrinking the
/// widest until the box fits `width`), prints them, and from then on cuts any longer cell with `…`.
///
/// ```swift
/// var writer = TableWriter(columns: ["name", "count"], format: .table, width: 80) { print($0, terminator: "") }
/// writer.write([.text("Book"), .integer(3)])
/// writer.finish()
/// ```
public struct TableWriter {
    /// The columns, in order.
    public let columns: [TableColumn]
    /// The output format.
    public let format: TableFormat
    /// The widest a `table` line may be; nil for no limit.
    public let width: Int?
    /// How null cells read in `table`, `markdown` and `line` output.
    public let nullText: String

    private let emit: (String) -> Void
    private let batchSize: Int
    private var pending: [[TableCell]] = []
    private var columnWidths: [Int]?
    private var rightAligned: [Bool] = []
    private var rowsWritten = 0
    private var finished = false

    /// A writer sending text to `emit` (each call ends with a newline).
    public init(
        columns: [TableColumn], format: TableFormat, width: Int? = nil, nullText: String = "NULL",
        batchSize: Int = 256, emit: @escaping (String) -> Void
    ) {
        self.columns = columns
        self.format = format
        self.width = width
        self.nullText = nullText
        self.batchSize = max(1, batchSize)
        self.emit = emit
    }

    /// Adds one row (missing cells are null, extra cells are ignored).
    public mutating func write(_ row: [TableCell]) {
        var cells = Array(row.prefix(columns.count))
        if cells.count < columns.count { cells += Array(repeating: .null, count: columns.count - cells.count) }
        switch format {
        case .table, .markdown:
            if columnWidths == nil {
                pending.append(cells)
                if pending.count >= batchSize { flushPending() }
            } else {
                emitRow(cells)
            }
        default:
            if rowsWritten == 0 { emitHeader() }
            emitRow(cells)
        }
        rowsWritten += 1
    }

    /// Ends the listing (closes the box or the JSON array). Further writes are ignored.
    public mutating func finish() {
        guard !finished else { return }
        if columnWidths == nil, format == .table || format == .markdown {
            flushPending()
        }
        if rowsWritten == 0, format == .csv || format == .line { emitHeader() }
        switch format {
        case .table:
            emit(rule(left: "└", middle: "┴", right: "┘") + "\n")
        case .json:
            emit(rowsWritten == 0 ? "[]\n" : "\n]\n")
        default:
            break
        }
        finished = true
    }

    // MARK: - Layout

    private mutating func flushPending() {
        let texts = pending.map { $0.map(display) }
        var widths = columns.map { DisplayWidth.of(TerminalSanitizer.sanitize($0.name)) }
        for row in texts {
            for (index, text) in row.enumerated() { widths[index] = max(widths[index], DisplayWidth.of(text)) }
        }
        if format == .table, let width { widths = Self.fit(widths, into: width) }
        columnWidths = widths
        rightAligned = columns.indices.map { index in
            switch columns[index].alignment {
            case .left: return false
            case .right: return true
            case .automatic:
                let values = pending.map { $0[index] }.filter { $0 != .null }
                return !values.isEmpty && values.allSatisfy(\.isNumeric)
            }
        }
        emitHeader()
        for row in pending { emitRow(row) }
        pending = []
    }

    /// Shrinks the widest columns one column at a time until the box fits, keeping each at least 3 wide.
    static func fit(_ natural: [Int], into width: Int) -> [Int] {
        var widths = natural
        let frame = 3 * widths.count + 1
        while widths.reduce(0, +) + frame > width {
            guard let widest = widths.indices.max(by: { widths[$0] < widths[$1] }), widths[widest] > 3 else { break }
            widths[widest] -= 1
        }
        return widths
    }

    // MARK: - Emitting

    private func emitHeader() {
        switch format {
        case .table:
            emit(rule(left: "┌", middle: "┬", right: "┐") + "\n")
            emit(boxLine(columns.map { TerminalSanitizer.sanitize($0.name) }, alignRight: nil) + "\n")
            emit(rule(left: "├", middle: "┼", right: "┤") + "\n")
        case .markdown:
            emit(
                "| "
                    + columns.map { Self.markdownEscaped(TerminalSanitizer.sanitize($0.name)) }.joined(separator: " | ")
                    + " |\n")
            let separators = columns.indices.map { rightAligned[$0] ? "---:" : "---" }
            emit("| " + separators.joined(separator: " | ") + " |\n")
        case .csv:
            emit(columns.map { Self.csvField(TerminalSanitizer.sanitize($0.name)) }.joined(separator: ",") + "\r\n")
        case .json:
            emit("[\n")
        case .line:
            break
        }
    }

    private func emitRow(_ cells: [TableCell]) {
        switch format {
        case .table:
            emit(boxLine(cells.map(display), alignRight: cells) + "\n")
        case .markdown:
            emit("| " + cells.map { Self.markdownEscaped(display($0)) }.joined(separator: " | ") + " |\n")
        case .csv:
            let fields = cells.map {
                $0 == .null ? "" : Self.csvField(TerminalSanitizer.sanitize($0.plainText(nullText: "")))
            }
            emit(fields.joined(separator: ",") + "\r\n")
        case .json:
            var object: [(String, JSONValue)] = []
            for (index, cell) in cells.enumerated() { object.append((columns[index].name, JSONValue(cell))) }
            emit((rowsWritten > 0 ? ",\n" : "") + JSONValue.object(object).text)
        case .line:
            let names = columns.map { TerminalSanitizer.sanitize($0.name) }
            let nameWidth = names.map { DisplayWidth.of($0) }.max() ?? 0
            var text = rowsWritten > 0 ? "\n" : ""
            for (index, cell) in cells.enumerated() {
                let padding = String(repeating: " ", count: nameWidth - DisplayWidth.of(names[index]))
                text += padding + names[index] + " = " + display(cell) + "\n"
            }
            emit(text)
        }
    }

    private func display(_ cell: TableCell) -> String {
        TerminalSanitizer.sanitize(cell.plainText(nullText: nullText))
    }

    private func rule(left: String, middle: String, right: String) -> String {
        let widths = columnWidths ?? columns.map { DisplayWidth.of($0.name) }
        return left + widths.map { String(repeating: "─", count: $0 + 2) }.joined(separator: middle) + right
    }

    private func boxLine(_ texts: [String], alignRight cells: [TableCell]?) -> String {
        let widths = columnWidths ?? texts.map { DisplayWidth.of($0) }
        var parts: [String] = []
        for (index, text) in texts.enumerated() {
            let fitted = Self.truncated(text, to: widths[index])
            let gap = String(repeating: " ", count: max(0, widths[index] - DisplayWidth.of(fitted)))
            let right: Bool
            if let cells {
                switch columns[index].alignment {
                case .left: right = false
                case .right: right = true
                case .automatic: right = cells[index].isNumeric
                }
            } else {
                right = rightAligned.indices.contains(index) && rightAligned[index]
            }
            parts.append(right ? gap + fitted : fitted + gap)
        }
        return "│ " + parts.joined(separator: " │ ") + " │"
    }

    /// Cuts `text` to at most `width` columns, ending with `…` when anything was cut.
    public static func truncated(_ text: String, to width: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        guard width > 0 else { return "" }
        var result = ""
        var used = 0
        for character in text {
            let next = DisplayWidth.of(character)
            if used + next > width - 1 { break }
            result.append(character)
            used += next
        }
        return result + "…"
    }

    static func markdownEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "|", with: "\\|")
    }

    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
