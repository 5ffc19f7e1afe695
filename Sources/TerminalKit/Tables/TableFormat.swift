/// How a listing is written: the output modes every inspector listing supports.
public enum TableFormat: String, CaseIterable, Sendable {
    /// Box-drawn, fitted to the terminal width (the default on a terminal).
    case table
    /// A GitHub-style pipe table.
    case markdown
    /// A JSON array of objects, one per line, keys in column order.
    case json
    /// RFC 4180 comma-separated values with a header line.
    case csv
    /// One `column = value` line per field, a blank line between records (like `sqlite3 .mode line`).
    case line

    /// Every format name, for help texts and error messages.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
