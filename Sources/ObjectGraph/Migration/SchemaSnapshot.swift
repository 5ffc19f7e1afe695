import SQLite

/// What a migration needs to know of a store before planning: its tables with their columns, its
/// indexes and triggers, the `Z_PRIMARYKEY` maxima and the metadata.
struct SchemaSnapshot {
    /// One index or trigger of the schema.
    struct Object {
        let name: String
        let table: String
        let sql: String
    }

    /// Each table's declared columns (name and type), in table order, by table name.
    var columns: [String: [(name: String, type: String)]] = [:]
    /// Each table's `CREATE TABLE` text.
    var tableStatements: [String: String] = [:]
    /// The indexes SQLite did not make itself (those have no SQL).
    var indexes: [Object] = []
    /// The triggers.
    var triggers: [Object] = []
    /// `Z_PRIMARYKEY.Z_MAX` by `Z_ENT`.
    var primaryKeyMaxima: [Int: Int64] = [:]

    /// Reads the schema of the store open on `database`.
    init(database: Database) throws {
        for row in try database.rows("SELECT type, name, tbl_name, sql FROM sqlite_master") {
            guard let type = row[0].stringValue, let name = row[1].stringValue, let table = row[2].stringValue,
                let sql = row[3].stringValue
            else { continue }
            switch type {
            case "table": tableStatements[name] = sql
            case "index": indexes.append(Object(name: name, table: table, sql: sql))
            case "trigger": triggers.append(Object(name: name, table: table, sql: sql))
            default: continue
            }
        }
        for table in tableStatements.keys {
            let info = try database.rows("SELECT name, type FROM pragma_table_info(?)", [.text(table)])
            columns[table] = info.map { ($0[0].stringValue ?? "", $0[1].stringValue ?? "") }
        }
        if tableStatements["Z_PRIMARYKEY"] != nil {
            for row in try database.rows("SELECT Z_ENT, Z_MAX FROM Z_PRIMARYKEY") {
                guard let number = row[0].int64Value else { continue }
                primaryKeyMaxima[Int(number)] = row[1].int64Value ?? 0
            }
        }
    }

    /// Whether `table` has a column named `column` of declared type `type`.
    func hasColumn(_ column: String, ofType type: String, in table: String) -> Bool {
        columns[table]?.contains { $0.name == column && $0.type == type } ?? false
    }
}
