import SQLite

/// A column of a table as `PRAGMA table_info` reports it.
public struct TableColumnInfo: Equatable, Sendable {
    /// The column name.
    public var name: String
    /// The declared type (`INTEGER`, `VARCHAR`, `TIMESTAMP`, …), upper-cased.
    public var declaredType: String
    /// Whether the column is (part of) the primary key.
    public var isPrimaryKey: Bool

    /// The columns of `table`, in order.
    public static func read(table: String, from store: InspectedStore) throws(InspectorError) -> [TableColumnInfo] {
        try store.rows("SELECT name, type, pk FROM pragma_table_info(?)", [.text(table)]).map { row in
            TableColumnInfo(
                name: row[0].stringValue ?? "", declaredType: (row[1].stringValue ?? "").uppercased(),
                isPrimaryKey: (row[2].int64Value ?? 0) != 0)
        }
    }
}
