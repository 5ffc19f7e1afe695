import Foundation
import SQLite

extension SQLiteStore {
    /// How many primary keys one batched `SELECT` names at most.
    static let batchedRowLimit = 256

    /// The rows of several objects, read with `SELECT … WHERE  t0.Z_PK IN (?,?,…)`, one
    /// statement per entity and batch of up to `batchedRowLimit` (256) keys, instead of one `SELECT`
    /// per object. Rows that no longer exist (or IDs of other stores) are left out.
    ///
    /// A batch is padded to a power of two by repeating its last key (which selects nothing more),
    /// so each entity needs only a few distinct statements and they stay in the statement cache.
    ///
    /// SQL trace (level 1): each `SELECT`, then `sql connection fetch time` and
    /// `total fetch execution time … for N rows.`, as for a fetch.
    public func rows(for objectIDs: [ManagedObjectID]) throws -> [StoreRow] {
        // Keys grouped by entity in the order each entity first appears; a batch is nearly
        // always of one entity, so the group of the ID before is tried first.
        var groups: [(entity: EntityDescription, keys: [Int64])] = []
        var current = 0
        for objectID in objectIDs {
            guard let key = objectID.primaryKey, objectID.persistentStoreIdentifier == identifier else { continue }
            if current >= groups.count || groups[current].entity !== objectID.entity {
                if let index = groups.firstIndex(where: { $0.entity === objectID.entity }) {
                    current = index
                } else {
                    current = groups.count
                    groups.append((objectID.entity, []))
                    groups[current].keys.reserveCapacity(objectIDs.count)
                }
            }
            groups[current].keys.append(key)
        }
        var rows: [StoreRow] = []
        rows.reserveCapacity(objectIDs.count)
        do {
            for group in groups {
                let plan = try readPlan(for: group.entity, includesSubentities: true)
                var start = 0
                while start < group.keys.count {
                    let end = min(start + Self.batchedRowLimit, group.keys.count)
                    try readBatch(Array(group.keys[start..<end]), plan: plan, into: &rows)
                    start = end
                }
            }
        } catch {
            throw storeError(error, doing: "read from")
        }
        return rows
    }

    /// `?,?,…,?` for each width a batch is padded to (8, 16, … `batchedRowLimit`), made once.
    private static let placeholderLists: [String] = sequence(first: 8) { $0 < batchedRowLimit ? $0 * 2 : nil }
        .map { String(repeating: "?,", count: $0 - 1) + "?" }

    /// Reads the rows of `keys` (one batch) and appends them to `rows`.
    private func readBatch(_ keys: [Int64], plan: ReadPlan, into rows: inout [StoreRow]) throws {
        let started = DispatchTime.now()
        var width = 8
        while width < keys.count { width *= 2 }
        var bindings = keys.map { SQLiteValue.integer($0) }
        if let last = bindings.last {
            bindings += Array(repeating: last, count: width - keys.count)
        }
        let marks = Self.placeholderLists[width.trailingZeroBitCount - 3]
        let sql = "SELECT \(plan.selectClause) FROM \(plan.tableName) t0 WHERE  t0.Z_PK IN (\(marks))"
        let statement = try prepareLogged(sql, bindings)
        defer { statement.reset() }
        var recent = RecentObjectIDs()
        var count = 0
        while try statement.step() {
            rows.append(readRow(statement, plan: plan, recent: &recent))
            count += 1
        }
        if log.isEnabled(1) {
            let elapsed = SQLDebugLog.formatDuration(seconds(since: started))
            log.annotation("sql connection fetch time: \(elapsed)")
            log.annotation("total fetch execution time: \(elapsed) for \(count) rows.")
        }
    }
}
