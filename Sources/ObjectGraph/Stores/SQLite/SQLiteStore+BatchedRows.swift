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
        var keysByEntity: [ObjectIdentifier: (entity: EntityDescription, keys: [Int64])] = [:]
        var entityOrder: [ObjectIdentifier] = []
        for objectID in objectIDs {
            guard let key = objectID.primaryKey, objectID.persistentStoreIdentifier == identifier else { continue }
            let entityKey = ObjectIdentifier(objectID.entity)
            if keysByEntity[entityKey] == nil {
                keysByEntity[entityKey] = (objectID.entity, [])
                entityOrder.append(entityKey)
            }
            keysByEntity[entityKey]?.keys.append(key)
        }
        var rows: [StoreRow] = []
        rows.reserveCapacity(objectIDs.count)
        do {
            for entityKey in entityOrder {
                guard let group = keysByEntity[entityKey] else { continue }
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

    /// Reads the rows of `keys` (one batch) and appends them to `rows`.
    private func readBatch(_ keys: [Int64], plan: ReadPlan, into rows: inout [StoreRow]) throws {
        let started = DispatchTime.now()
        var width = 8
        while width < keys.count { width *= 2 }
        var bindings = keys.map { SQLiteValue.integer($0) }
        if let last = bindings.last {
            bindings += Array(repeating: last, count: width - keys.count)
        }
        let marks = Array(repeating: "?", count: width).joined(separator: ",")
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
