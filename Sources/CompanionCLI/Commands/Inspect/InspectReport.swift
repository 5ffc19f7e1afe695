import TerminalKit

/// What one inspector command prints: titled sections, each a property list, a table or messages.
///
/// Every output format is derived from the same sections, so `json` always carries what `table`
/// shows: property sections become objects, tables arrays of row objects, messages arrays of
/// strings, all under the section keys, in order.
struct InspectReport {
    /// One part of a report.
    enum Section {
        /// Name/value pairs, shown as a two-column table.
        case properties(title: String, key: String, [(String, TableCell)])
        /// A listing.
        case table(title: String, key: String, Table)
        /// Sentences (problems, notes); `empty` is shown when there are none.
        case messages(title: String, key: String, [String], empty: String)

        /// The section's JSON key.
        var key: String {
            switch self {
            case .properties(_, let key, _), .table(_, let key, _), .messages(_, let key, _, _): return key
            }
        }
    }

    /// The sections, in order.
    var sections: [Section] = []
    /// JSON written for a section key instead of the one derived from its cells, where the cells
    /// are display text of structured data (a property list's arrays, dates, data).
    private var jsonBySection: [String: JSONValue] = [:]
    /// Columns, by section key, that a `table` shortens in the middle (see ``ListingWriter``).
    private var middleElidedBySection: [String: Set<Int>] = [:]

    /// Sections whose `table` output becomes one record per block when a cell would be cut.
    private var recordSections: Set<String> = []

    /// Makes `table` output of section `key` wrap its text in records rather than cut it when the
    /// table is too wide (see ``ListingWriter``).
    mutating func wrapInRecordsWhenTooWide(section key: String) {
        recordSections.insert(key)
    }

    /// Makes `table` output shorten the `columns` of section `key` in the middle, not at the end.
    mutating func elideInTheMiddle(columns: Set<Int>, forSection key: String) {
        middleElidedBySection[key] = columns
    }

    /// Makes `--json` write `value` for the section `key` (its table and text forms are unchanged).
    mutating func json(_ value: JSONValue, forSection key: String) {
        jsonBySection[key] = value
    }

    /// Appends a property section.
    mutating func properties(_ title: String, key: String, _ pairs: [(String, TableCell)]) {
        sections.append(.properties(title: title, key: key, pairs))
    }

    /// Appends a table section.
    mutating func table(_ title: String, key: String, _ table: Table) {
        sections.append(.table(title: title, key: key, table))
    }

    /// Appends a list of sentences.
    mutating func messages(_ title: String, key: String, _ lines: [String], empty: String) {
        sections.append(.messages(title: title, key: key, lines, empty: empty))
    }

    /// The report as one JSON object (section keys in order).
    var json: JSONValue {
        .object(
            sections.map { section in
                if let value = jsonBySection[section.key] { return (section.key, value) }
                switch section {
                case .properties(_, let key, let pairs):
                    return (key, .object(pairs.map { ($0.0, JSONValue($0.1)) }))
                case .table(_, let key, let table):
                    return (
                        key,
                        .array(
                            table.rows.map { row in
                                .object(zip(table.columns, row).map { ($0.name, JSONValue($1)) })
                            })
                    )
                case .messages(_, let key, let lines, _):
                    return (key, .array(lines.map(JSONValue.string)))
                }
            })
    }

    /// The report as text in `format`, sections separated by blank lines.
    func rendered(as format: TableFormat, width: Int?) -> String {
        if format == .json { return json.text + "\n" }
        if format == .csv { return Self.rendered(csvTable, as: .csv, width: nil, nullText: "") }
        var parts: [String] = []
        for section in sections {
            var text = ""
            switch section {
            case .properties(let title, _, let pairs):
                text += heading(title, format)
                let table = Table(
                    columns: [TableColumn("property", alignment: .left), TableColumn("value", alignment: .left)],
                    rows: pairs.map { [.text($0.0), $0.1] })
                text += Self.rendered(table, as: format, width: width, nullText: "-")
            case .table(let title, let key, let table):
                text += heading(title, format)
                text += Self.rendered(
                    table, as: format, width: width, nullText: format == .csv ? "" : "NULL",
                    middleElided: middleElidedBySection[key] ?? [], expands: recordSections.contains(key))
            case .messages(let title, _, let lines, let empty):
                text += heading(title, format)
                if lines.isEmpty {
                    text += TerminalSanitizer.sanitize(empty) + "\n"
                } else {
                    for line in lines { text += Self.bullet(TerminalSanitizer.sanitize(line), format, width) }
                }
            }
            parts.append(text)
        }
        return parts.joined(separator: "\n")
    }

    /// One message as a `- ` item; in `table` output wrapped to the width under a hanging indent,
    /// never cut.
    private static func bullet(_ line: String, _ format: TableFormat, _ width: Int?) -> String {
        guard format == .table, let width, DisplayWidth.of(line) + 2 > width else { return "- " + line + "\n" }
        let wrapped = TextWrapper(width: width).wrap(
            [[StyledSpan(line)]], firstPrefix: [StyledSpan("- ")], continuationPrefix: [StyledSpan("  ")])
        return wrapped.map { $0.plainText + "\n" }.joined()
    }

    /// The report as the one table RFC 4180 allows (one header, rows of one shape).
    ///
    /// A report of a single table is that table. Otherwise the first column, `section`, names each
    /// row's section by its JSON key, and the other columns are the sections' columns in order of
    /// appearance: `property`/`value` for properties, `message` for sentences. A message section
    /// with no sentences adds no row (its "none" text is for people, not for programs).
    var csvTable: Table {
        let parts: [(key: String, table: Table)] = sections.map { section in
            switch section {
            case .properties(_, let key, let pairs):
                return (key, Table(columns: ["property", "value"], rows: pairs.map { [.text($0.0), $0.1] }))
            case .table(_, let key, let table):
                return (key, table)
            case .messages(_, let key, let lines, _):
                return (key, Table(columns: ["message"], rows: lines.map { [.text($0)] }))
            }
        }
        if parts.count == 1, let only = parts.first { return only.table }
        var names: [String] = []
        for part in parts {
            for column in part.table.columns where !names.contains(column.name) { names.append(column.name) }
        }
        var rows: [[TableCell]] = []
        for part in parts {
            let positions = Dictionary(
                part.table.columns.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
            for row in part.table.rows {
                rows.append(
                    [.text(part.key)]
                        + names.map { name in
                            positions[name].flatMap { $0 < row.count ? row[$0] : nil } ?? .null
                        })
            }
        }
        return Table(columns: [TableColumn("section")] + names.map { TableColumn($0) }, rows: rows)
    }

    /// One listing; `table` and `csv` through ``ListingWriter``, so reports fit the width and keep
    /// data exact as row listings do.
    private static func rendered(
        _ table: Table, as format: TableFormat, width: Int?, nullText: String, middleElided: Set<Int> = [],
        expands: Bool = false
    ) -> String {
        guard format == .table || format == .csv else {
            return table.rendered(as: format, width: width, nullText: nullText)
        }
        var text = ""
        var writer = ListingWriter(
            columns: table.columns, format: format, width: width, nullText: nullText, expandsWhenTooWide: expands,
            middleElided: middleElided
        ) {
            text += $0
        }
        for row in table.rows { writer.write(row) }
        writer.finish()
        return text
    }

    private func heading(_ title: String, _ format: TableFormat) -> String {
        guard !title.isEmpty else { return "" }
        let safe = TerminalSanitizer.sanitize(title)
        switch format {
        case .markdown: return "## " + safe + "\n\n"
        case .csv: return "# " + safe + "\n"
        default: return safe + "\n"
        }
    }
}
