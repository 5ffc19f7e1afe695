import Foundation
import SQLite

/// Reads the persistent-history tables Core Data keeps when history tracking is on: `ATRANSACTION`
/// (one row per save), `ACHANGE` (one row per changed object: `ZCHANGETYPE` 0 insert, 1 update,
/// 2 delete; `ZENTITY` the entity number; `ZENTITYPK` its key) and `ATRANSACTIONSTRING` (the
/// strings the `…TS` columns point to: author, bundle ID, context name, process).
public enum HistoryReader {
    /// Whether the store has history tables.
    public static func hasHistory(_ inspection: StoreInspection) -> Bool {
        inspection.tableName("ATRANSACTION") != nil && inspection.tableName("ACHANGE") != nil
    }

    /// The transactions in order, each with its change tally.
    public static func transactions(_ inspection: StoreInspection, limit: Int? = nil) throws(InspectorError)
        -> [HistoryTransaction]
    {
        guard hasHistory(inspection) else { return [] }
        var strings: [Int64: String] = [:]
        if inspection.tableName("ATRANSACTIONSTRING") != nil {
            for row in try inspection.store.rows("SELECT Z_PK, ZNAME FROM ATRANSACTIONSTRING") {
                if let key = row[0].int64Value, let name = row[1].stringValue { strings[key] = name }
            }
        }
        let columns = Set(try inspection.columns(of: "ATRANSACTION").map { $0.name.uppercased() })
        func pick(_ text: String, _ token: String) -> String {
            let textColumn = columns.contains(text) ? text : "NULL"
            let tokenColumn = columns.contains(token) ? token : "NULL"
            return "\(textColumn), \(tokenColumn)"
        }
        let timestamp = columns.contains("ZTIMESTAMP") ? "ZTIMESTAMP" : "NULL"
        var sql =
            "SELECT Z_PK, \(timestamp), \(pick("ZAUTHOR", "ZAUTHORTS")), \(pick("ZBUNDLEID", "ZBUNDLEIDTS")), "
            + "\(pick("ZCONTEXTNAME", "ZCONTEXTNAMETS")), \(pick("ZPROCESSID", "ZPROCESSIDTS")) FROM ATRANSACTION ORDER BY Z_PK"
        if let limit { sql += " LIMIT \(max(limit, 0))" }
        var transactions: [HistoryTransaction] = []
        var index: [Int64: Int] = [:]
        try inspection.store.forEachRow(sql) { statement in
            func text(_ column: Int) -> String? {
                if let value = statement.string(at: column), !value.isEmpty { return value }
                return statement.isNull(at: column + 1) ? nil : strings[statement.int64(at: column + 1)]
            }
            let number = statement.int64(at: 0)
            let time = statement.isNull(at: 1) ? nil : ValueFormatter.isoDate(statement.double(at: 1))
            index[number] = transactions.count
            transactions.append(
                HistoryTransaction(
                    number: number, timestamp: time, author: text(2), bundleID: text(4), contextName: text(6),
                    processID: text(8), changes: []))
            return true
        }
        let tally =
            "SELECT ZTRANSACTIONID, ZCHANGETYPE, ZENTITY, count(*) FROM ACHANGE GROUP BY 1, 2, 3 ORDER BY 1, 2, 3"
        try inspection.store.forEachRow(tally) { statement in
            guard let position = index[statement.int64(at: 0)] else { return true }
            let change: String
            switch statement.int64(at: 1) {
            case 0: change = "insert"
            case 1: change = "update"
            case 2: change = "delete"
            default: change = "change \(statement.int64(at: 1))"
            }
            let number = statement.int64(at: 2)
            transactions[position].changes.append(
                HistoryTransaction.ChangeCount(
                    change: change, entity: inspection.entityName(number: number) ?? "Z_ENT \(number)",
                    count: statement.int64(at: 3)))
            return true
        }
        return transactions
    }
}
