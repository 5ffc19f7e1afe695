import Foundation

/// One entry of `sqlite_master`: a table, index, trigger or view, with its SQL.
public struct SchemaObject: Equatable, Sendable {
    /// `table`, `index`, `trigger` or `view`.
    public var type: String
    /// The object's name.
    public var name: String
    /// The table it belongs to.
    public var tableName: String
    /// Its `CREATE` statement; nil for automatic indexes.
    public var sql: String?

    /// Every entry of `sqlite_master` in creation order (what `sqlite3 .schema` prints).
    public static func read(from store: InspectedStore) throws(InspectorError) -> [SchemaObject] {
        try store.rows("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY rowid").map { row in
            SchemaObject(
                type: row[0].stringValue ?? "", name: row[1].stringValue ?? "", tableName: row[2].stringValue ?? "",
                sql: row[3].stringValue)
        }
    }

    /// The statement as `sqlite3 .schema` prints it, ending with `;`.
    public var statement: String? {
        sql.map { $0 + ";" }
    }

    /// The statement with one column or clause per line (`.schema --indent`).
    public var indentedStatement: String? {
        guard let sql else { return nil }
        return SchemaIndenter.indent(sql) + ";"
    }
}

/// Breaks a `CREATE` statement into lines the way `sqlite3 .schema --indent` does: a newline
/// after each top-level opening parenthesis and comma, with four spaces of indent per level.
enum SchemaIndenter {
    static func indent(_ sql: String) -> String {
        var output = ""
        var depth = 0
        var quote: Character?
        var atLineStart = false
        for character in sql {
            if let open = quote {
                output.append(character)
                if character == open || (open == "[" && character == "]") { quote = nil }
                continue
            }
            if atLineStart && character == " " { continue }
            atLineStart = false
            switch character {
            case "'", "\"", "`", "[":
                quote = character
                output.append(character)
            case "(":
                depth += 1
                output.append("(")
                if depth == 1 {
                    output += "\n" + String(repeating: " ", count: 4)
                    atLineStart = true
                }
            case ")":
                if depth == 1 {
                    while output.last == " " { output.removeLast() }
                    output += "\n"
                }
                depth = max(0, depth - 1)
                output.append(")")
            case ",":
                output.append(",")
                if depth == 1 {
                    output += "\n" + String(repeating: " ", count: 4)
                    atLineStart = true
                }
            default:
                output.append(character)
            }
        }
        return output
    }
}
