import Foundation
import SQLite

extension SQLDebugLog {
    /// Logs a statement about to run: its SQL (level 1) and each bound value (level 3).
    ///
    /// Bind indexes are 0-based, as Core Data prints them: `CoreData: details: SQLite bind[0] = "Up"`.
    public func statement(_ sql: String, bindings: [SQLiteValue] = []) {
        guard isEnabled(1) else { return }
        self.sql(sql)
        guard isEnabled(3) else { return }
        for (index, value) in bindings.enumerated() {
            details("SQLite bind[\(index)] = \(Self.describe(value))")
        }
    }

    /// Logs the `EXPLAIN QUERY PLAN` of a query at level 4: a header line, then one line per
    /// plan row (`    <id> <parent> <unused> <detail>`), asked of the same connection with the
    /// same bindings.
    public func queryPlan(of sql: String, bindings: [SQLiteValue], in database: Database) {
        guard isEnabled(4) else { return }
        details("SQLite: EXPLAIN QUERY PLAN " + sql, level: 4)
        do {
            for row in try database.rows("EXPLAIN QUERY PLAN " + sql, bindings) {
                let fields = row.values.map { value -> String in
                    switch value {
                    case .integer(let number): return String(number)
                    case .text(let text): return text
                    default: return value.description
                    }
                }
                details("    " + fields.joined(separator: " "), level: 4)
            }
        } catch {
            details("SQLite: EXPLAIN QUERY PLAN failed: \(error)", level: 4)
        }
    }

    /// A bound value the way Core Data's log shows it: text quoted, integers as `(int64)5`,
    /// reals as `(double)2.5`, blobs as `<0a0b0c0d 0e>`, NULL as `nil`.
    public static func describe(_ value: SQLiteValue) -> String {
        switch value {
        case .integer(let number): return "(int64)\(number)"
        case .real(let number): return "(double)\(number)"
        case .text(let text): return "\"" + text + "\""
        case .null: return "nil"
        case .blob(let data):
            var text = "<"
            for (index, byte) in data.enumerated() {
                if index > 0 && index % 4 == 0 { text += " " }
                text += String(format: "%02x", byte)
            }
            return text + ">"
        }
    }
}
