import TerminalKit

/// Writes one listing row by row in the chosen format: every `companion inspect` listing and
/// report, and `companion accel dump`.
///
/// `markdown`, `json` and `line` go through TerminalKit's ``TableWriter``. Two formats are drawn
/// here, because the inspector promises more than a first-rows preview:
/// - `table` sizes its columns from **every** row shown. Rows are held until ``finish()`` (or until
///   `holding` rows), unless the caller measured them beforehand (``ColumnMeasure``, a first pass
///   over the query), in which case they stream. A row arriving after the box was started that
///   needs a wider column widens it from there on, below a rule, instead of being cut. Fitting the
///   width cuts long text first; the `kept` columns (object IDs, entity names) and columns of
///   numbers are never cut.
/// - `csv` (RFC 4180) keeps the data exact: a line break or tab inside a value stays itself, inside
///   a quoted field, as `json` keeps it as `\n`. Only characters that could drive the terminal
///   (ESC and the other controls, bidi overrides) are shown as visible stand-ins, in every format.
struct ListingWriter {
    /// The columns, in order.
    let columns: [TableColumn]
    /// The output format.
    let format: TableFormat
    /// The widest a `table` line should be; nil for no limit.
    let width: Int?
    /// How null cells read in `table`, `markdown` and `line` output.
    let nullText: String

    private let emit: (String) -> Void
    private let kept: Set<Int>
    private var delegate: TableWriter?
    private var held: [[TableCell]] = []
    private var measure: ColumnMeasure
    private var layout: (widths: [Int], rightAligned: [Bool])?
    /// The measured widths the layout was fitted from.
    private var layoutMeasure: [Int] = []
    private let holding: Int
    /// Whether a `table` too wide for ``width`` becomes one record per block instead (psql's `\x auto`).
    private let expandsWhenTooWide: Bool
    /// Columns a `table` shortens in the middle rather than at the end (paths: the file name and
    /// the folders nearest it are what tell stores apart).
    private let middleElided: Set<Int>
    /// Per middle-elided column, the start every row drawn from the held rows shares, up to a
    /// separator: left out first when a value does not fit (`…Store1.sqlite`, `…Store2.sqlite`).
    private var sharedStarts: [Int: Int] = [:]
    /// Whether this listing is drawn as records.
    private var expanded = false
    private var rowsWritten = 0
    private var finished = false
    private var recordNumber = 0

    /// A writer sending text to `emit`.
    ///
    /// - Parameters:
    ///   - kept: indexes of columns a `table` never cuts.
    ///   - measured: every row's measure, taken before writing; a `table` then streams.
    ///   - holding: the most rows a `table` holds before drawing (a query that may never end streams).
    init(
        columns: [TableColumn], format: TableFormat, width: Int?, nullText: String, kept: Set<Int> = [],
        measured: ColumnMeasure? = nil, holding: Int = .max, expandsWhenTooWide: Bool = false,
        middleElided: Set<Int> = [], emit: @escaping (String) -> Void
    ) {
        self.middleElided = middleElided
        self.holding = max(1, holding)
        self.expandsWhenTooWide = expandsWhenTooWide
        self.columns = columns
        self.format = format
        self.width = width
        self.nullText = nullText
        self.kept = kept
        self.emit = emit
        measure = measured ?? ColumnMeasure(columns: columns, nullText: nullText)
        switch format {
        case .markdown, .json, .line:
            delegate = TableWriter(columns: columns, format: format, width: width, nullText: nullText, emit: emit)
        case .table, .csv:
            delegate = nil
        }
        if format == .table, measured != nil { startBox() }
    }

    /// Adds one row (missing cells are null, extra cells are ignored).
    mutating func write(_ row: [TableCell]) {
        guard !finished else { return }
        var cells = Array(row.prefix(columns.count))
        if cells.count < columns.count { cells += Array(repeating: .null, count: columns.count - cells.count) }
        switch format {
        case .table where expanded:
            emitRecord(cells)
        case .table:
            measure.add(cells)
            if layout == nil {
                held.append(cells)
                if held.count >= holding { drawHeld() }
            } else {
                if measure.widths != layoutMeasure { widen() }
                emitBoxRow(cells)
            }
        case .csv:
            if rowsWritten == 0 { emitCSVHeader() }
            let fields = cells.map { $0 == .null ? "" : Self.csvField($0.plainText(nullText: "")) }
            emit(fields.joined(separator: ",") + "\r\n")
        default:
            delegate?.write(cells)
        }
        rowsWritten += 1
    }

    /// Ends the listing (draws a held table, closes the box or the JSON array). Further writes are ignored.
    mutating func finish() {
        guard !finished else { return }
        finished = true
        switch format {
        case .table:
            if layout == nil { drawHeld() }
            if !expanded { emit(rule("└", "┴", "┘")) }
        case .csv:
            if rowsWritten == 0 { emitCSVHeader() }
        default:
            delegate?.finish()
        }
    }

    // MARK: - CSV

    private func emitCSVHeader() {
        emit(columns.map { Self.csvField($0.name) }.joined(separator: ",") + "\r\n")
    }

    /// One RFC 4180 field: quoted when it holds a comma, a quote or a line break; the text exact
    /// but for the characters no terminal may receive.
    static func csvField(_ text: String) -> String {
        let safe = exactSanitized(text)
        guard safe.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return safe }
        return "\"" + safe.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `text` through ``TerminalSanitizer`` but for line feeds, carriage returns and tabs, which
    /// are data in a quoted CSV field (and harmless to a terminal), so they are kept as they are.
    static func exactSanitized(_ text: String) -> String {
        guard !TerminalSanitizer.isSafe(text) else { return text }
        var result = ""
        var segment = ""
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                result += TerminalSanitizer.sanitize(segment)
                result.unicodeScalars.append(scalar)
                segment = ""
            } else {
                segment.unicodeScalars.append(scalar)
            }
        }
        return result + TerminalSanitizer.sanitize(segment)
    }

    // MARK: - Box table

    private mutating func drawHeld() {
        for index in middleElided where index < columns.count && held.count > 1 {
            sharedStarts[index] = Self.sharedStart(
                of: held.map { ColumnMeasure.display($0[index], nullText: nullText) })
        }
        if sharedStarts.values.contains(where: { $0 > 0 }), measure.fitted(into: width, kept: kept) != measure.widths {
            // Too wide: the shared starts go first, so the columns are sized from what is left.
            var shortened = ColumnMeasure(columns: columns, nullText: nullText)
            for row in held {
                shortened.add(
                    row.indices.map { index in
                        guard let shared = sharedStarts[index], shared > 0 else { return row[index] }
                        return .text("…" + ColumnMeasure.display(row[index], nullText: nullText).dropFirst(shared))
                    })
            }
            measure = shortened
        }
        startBox()
        for row in held {
            if expanded { emitRecord(row) } else { emitBoxRow(row) }
        }
        held = []
    }

    private mutating func startBox() {
        let fitted = measure.fitted(into: width, kept: kept)
        if expandsWhenTooWide, fitted != measure.widths {
            // A cell would be cut: one record per block keeps every value whole.
            expanded = true
            layout = (measure.widths, measure.rightAligned(columns))
            return
        }
        layout = (fitted, measure.rightAligned(columns))
        layoutMeasure = measure.widths
        emit(rule("┌", "┬", "┐"))
        emit(boxLine(columns.map { TerminalSanitizer.sanitize($0.name) }, rightAligned: layout?.rightAligned ?? []))
        emit(rule("├", "┼", "┤"))
    }

    /// A streamed row is wider than its column: the columns take the new widths below a rule.
    private mutating func widen() {
        layoutMeasure = measure.widths
        guard let current = layout else { return }
        let widths = measure.fitted(into: width, kept: kept)
        guard widths != current.widths else { return }
        layout = (widths, current.rightAligned)
        emit(rule("├", "┼", "┤"))
    }

    private func emitBoxRow(_ cells: [TableCell]) {
        let right = columns.indices.map { index in
            switch columns[index].alignment {
            case .left: return false
            case .right: return true
            case .automatic: return cells[index].isNumeric
            }
        }
        emit(boxLine(cells.map { ColumnMeasure.display($0, nullText: nullText) }, rightAligned: right))
    }

    // MARK: - Records

    /// One row as a block: a `-[ RECORD n ]-` line, then `column │ value` lines, each value wrapped
    /// to the width (only the spaces where a line breaks are left out), never cut.
    private mutating func emitRecord(_ cells: [TableCell]) {
        recordNumber += 1
        let names = columns.map { TerminalSanitizer.sanitize($0.name) }
        let label = names.map { DisplayWidth.of($0) }.max() ?? 0
        let room = max(10, (width ?? .max) - label - 3)
        var text = "-[ RECORD \(recordNumber) ]"
        if let width { text += String(repeating: "-", count: max(0, min(width, label + 3 + 20) - text.count)) }
        text += "\n"
        for (name, cell) in zip(names, cells) {
            let padded = name + String(repeating: " ", count: label - DisplayWidth.of(name))
            // Broken at spaces where it can, between characters in a word longer than the room.
            let value = ColumnMeasure.display(cell, nullText: nullText)
            let wrapped = TextWrapper(width: room).wrap([[StyledSpan(value)]]).map(\.plainText)
            let pieces = wrapped.isEmpty ? [""] : wrapped
            for (index, piece) in pieces.enumerated() {
                let head = index == 0 ? padded : String(repeating: " ", count: label)
                text += head + " │ " + piece + "\n"
            }
        }
        emit(text)
    }

    /// How many characters every one of `texts` starts with, cut back to just after a separator
    /// (`/`, `_`, `-`, `.`, space), so what is left starts with a whole word.
    static func sharedStart(of texts: [String]) -> Int {
        guard var shared = texts.first.map(Array.init) else { return 0 }
        for text in texts.dropFirst() {
            shared = Array(zip(shared, text).prefix { $0 == $1 }.map(\.0))
        }
        guard let separator = shared.lastIndex(where: { "/_-. ".contains($0) }) else { return 0 }
        return separator + 1
    }

    /// `text` fitted to `width` display columns: as it is when it fits; else without the start it
    /// shares with the other rows (`…` in its place), what is left then cut at its end, since it
    /// starts with what tells the rows apart (`…Archive.s…`); shortened in the middle when no start
    /// is shared.
    static func elided(_ text: String, to width: Int, sharedStart: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        guard sharedStart > 0, width > 1 else { return middleTruncated(text, to: width) }
        return "…" + TableWriter.truncated(String(text.dropFirst(sharedStart)), to: width - 1)
    }

    /// `text` shortened to `width` display columns by an ellipsis in the middle: a third of the room
    /// for the start, the rest for the end.
    static func middleTruncated(_ text: String, to width: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        guard width > 1 else { return TableWriter.truncated(text, to: width) }
        let headRoom = (width - 1) / 3
        var head = ""
        var used = 0
        for character in text {
            let size = DisplayWidth.of(String(character))
            if used + size > headRoom { break }
            head.append(character)
            used += size
        }
        var tail = ""
        var tailUsed = 0
        for character in text.reversed() {
            let size = DisplayWidth.of(String(character))
            if used + tailUsed + size > width - 1 { break }
            tail.insert(character, at: tail.startIndex)
            tailUsed += size
        }
        return head + "…" + tail
    }

    /// `text` in pieces of at most `width` display columns (at least one character each).
    static func wrapped(_ text: String, to width: Int) -> [String] {
        var pieces: [String] = []
        var current = ""
        var used = 0
        for character in text {
            let size = DisplayWidth.of(String(character))
            if used + size > width, !current.isEmpty {
                pieces.append(current)
                current = ""
                used = 0
            }
            current.append(character)
            used += size
        }
        return pieces + [current]
    }

    private func rule(_ left: String, _ middle: String, _ right: String) -> String {
        let widths = layout?.widths ?? measure.widths
        return left + widths.map { String(repeating: "─", count: $0 + 2) }.joined(separator: middle) + right + "\n"
    }

    private func boxLine(_ texts: [String], rightAligned: [Bool]) -> String {
        let widths = layout?.widths ?? measure.widths
        var parts: [String] = []
        for (index, text) in texts.enumerated() {
            let fitted =
                middleElided.contains(index)
                ? Self.elided(text, to: widths[index], sharedStart: sharedStarts[index] ?? 0)
                : TableWriter.truncated(text, to: widths[index])
            let gap = String(repeating: " ", count: max(0, widths[index] - DisplayWidth.of(fitted)))
            parts.append(rightAligned.indices.contains(index) && rightAligned[index] ? gap + fitted : fitted + gap)
        }
        return "│ " + parts.joined(separator: " │ ") + " │\n"
    }
}
