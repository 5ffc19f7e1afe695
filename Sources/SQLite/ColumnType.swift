import CSQLite

/// The storage class SQLite reports for a value (`sqlite3_column_type`).
public enum ColumnType: Int32, Sendable, CaseIterable {
    /// `SQLITE_INTEGER`.
    case integer = 1
    /// `SQLITE_FLOAT`.
    case real = 2
    /// `SQLITE_TEXT`.
    case text = 3
    /// `SQLITE_BLOB`.
    case blob = 4
    /// `SQLITE_NULL`.
    case null = 5

    /// Maps SQLite's code to the enum; unknown codes (none exist today) read as `null`.
    @inlinable
    init(code: Int32) {
        self = ColumnType(rawValue: code) ?? .null
    }
}
