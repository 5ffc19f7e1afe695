/// A whole listing in memory: columns and rows. For listings too large to hold, use ``TableWriter``.
public struct Table: Equatable, Sendable {
    /// The columns, in order.
    public var columns: [TableColumn]
    /// The rows; each has one cell per column (missing cells print as null, extra ones are dropped).
    public var rows: [[TableCell]]

    /// A listing with `columns` and `rows`.
    public init(columns: [TableColumn], rows: [[TableCell]] = []) {
        self.columns = columns
        self.rows = rows
    }

    /// The listing written in `format`, ending with a newline (empty listings still print headers).
    ///
    /// - Parameters:
    ///   - width: the terminal width `table` output must fit; nil for no limit.
    ///   - nullText: how a null cell reads in `table`, `markdown` and `line` output.
    public func rendered(as format: TableFormat, width: Int? = nil, nullText: String = "NULL") -> String {
        var output = ""
        var writer = TableWriter(
            columns: columns, format: format, width: width, nullText: nullText, batchSize: max(rows.count, 1)
        ) { output += $0 }
        for row in rows { writer.write(row) }
        writer.finish()
        return output
    }
}
