/// The table of one root entity and its sub-entities.
public struct TableLayout: Sendable, Equatable {
    /// `Z` + the root entity's name in upper case.
    public let name: String
    /// The root entity's name.
    public let rootEntityName: String
    /// The numbers (`Z_ENT`) of every entity stored in the table, in order.
    public let entityNumbers: [Int]
    /// The columns in `CREATE TABLE` order: `Z_PK`, `Z_ENT`, `Z_OPT`, then by type rank (DESIGN.md §3.3).
    public let columns: [ColumnLayout]

    /// `CREATE TABLE` text as SQLite keeps it in `sqlite_master`.
    public var createStatement: String {
        let definitions = columns.map { column in
            column.role == .primaryKey ? "\(column.name) INTEGER PRIMARY KEY" : "\(column.name) \(column.type)"
        }
        return "CREATE TABLE \(name) ( \(definitions.joined(separator: ", ")) )"
    }
}
