import Foundation
import SQLite

extension SQLiteStore {
    /// Allocates `count` permanent IDs for `entity` from `Z_PRIMARYKEY.Z_MAX`, as Core Data does:
    ///
    /// ```
    /// BEGIN EXCLUSIVE
    /// SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = ?
    /// UPDATE OR FAIL Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_ENT = ? AND Z_MAX = ?
    /// COMMIT
    /// ```
    ///
    /// Keys are unique per table, so a sub-entity allocates from its root entity's row. The
    /// exclusive transaction keeps two processes from handing out the same keys.
    public func newObjectIDs(for entity: EntityDescription, count: Int) throws -> [ManagedObjectID] {
        guard count > 0 else { return [] }
        try requireWritable(doing: "allocate primary keys in")
        guard let root = layout.entity(named: entity.rootEntity.name) else {
            throw CoreDataError(
                code: .persistentStoreOperation,
                message: "The entity \"\(entity.name)\" is not part of this store's model.")
        }
        let number = Int64(root.entityNumber)
        do {
            try control("BEGIN EXCLUSIVE")
            let select = try prepareLogged("SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = ?", [.integer(number)])
            let current = try select.step() ? select.int64(at: 0) : 0
            select.reset()
            // A damaged or hand-edited Z_MAX near Int64.max leaves no keys: say so, not trap.
            let (last, overflow) = current.addingReportingOverflow(Int64(count))
            guard !overflow else {
                throw CoreDataError(
                    code: .persistentStoreOperation,
                    message: "The store \"\(url?.path ?? "")\" has no primary keys left for \(entity.rootEntity.name): "
                        + "Z_PRIMARYKEY.Z_MAX is \(current), too close to the largest 64-bit integer "
                        + "for \(count) more.")
            }
            let changed = try run(
                "UPDATE OR FAIL Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_ENT = ? AND Z_MAX = ?",
                [.integer(last), .integer(number), .integer(current)])
            guard changed == 1 else {
                throw CoreDataError(
                    code: .persistentStoreOperation,
                    message: "The store \"\(url?.path ?? "")\" has no Z_PRIMARYKEY row for \(entity.rootEntity.name).")
            }
            try control("COMMIT")
            // The entity's ID family is looked up once, not once per ID.
            var recent = RecentObjectIDs()
            return (current + 1...last).map { objectID(entity, $0, recent: &recent) }
        } catch {
            rollbackQuietly()
            throw storeError(error, doing: "allocate primary keys in")
        }
    }

    /// Fails with 513 when the store was opened read-only.
    func requireWritable(doing action: String) throws {
        guard isReadOnly else { return }
        throw CoreDataError(
            code: .fileWriteNoPermission,
            message: "Cannot \(action) the store \"\(url?.path ?? "")\": it was opened read-only.")
    }
}
