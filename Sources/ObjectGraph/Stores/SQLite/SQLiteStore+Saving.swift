import Foundation
import SQLite

extension SQLiteStore {
    /// Writes one save in one exclusive transaction: inserts, updates (with optimistic locking),
    /// deletes, then the to-many changes (join-table rows, hidden keys, `Z_FOK_` order keys).
    ///
    /// Every `UPDATE` and `DELETE` carries `WHERE Z_PK = ? AND Z_OPT = ?` with the version the
    /// context read; a row that another context or process changed (or deleted) since then
    /// matches nothing. All such rows are collected, the transaction is rolled back and the save
    /// fails with 133020 listing each conflict with the row as it is now. Nothing is written
    /// when any error is thrown. After a successful save, inserted rows have version 1 and each
    /// updated row the version it was read at plus one.
    public func save(_ changes: StoreChanges) throws {
        guard !changes.isEmpty else { return }
        try requireWritable(doing: "save to")
        var conflicts: [(objectID: ManagedObjectID, version: Int64)] = []
        // Whether each row's statement goes to the trace, asked once (asking takes the log's lock).
        let traced = log.isEnabled(1)
        do {
            try control("BEGIN EXCLUSIVE")
            var insertTarget: InsertTarget?
            // By index: each row is borrowed from the array, not copied (a copy retains its parts).
            for index in changes.insertedRows.indices {
                try insert(changes.insertedRows[index], target: &insertTarget, traced: traced)
            }
            for update in changes.updatedRows where !(try self.update(update)) {
                conflicts.append((update.objectID, update.version))
            }
            var deleteTarget: DeleteTarget?
            // Each deletion is read in place (its key and entity, not its ID: a copy would retain
            // the ID, one more trip to memory per row of a cascade).
            try changes.deletedObjects.withUnsafeBufferPointer { deletions in
                for index in deletions.indices {
                    guard let key = deletions[index].primaryKey else { continue }
                    let version = deletions[index].version
                    let entity = deletions[index].entity
                    if try !delete(key, of: entity, at: version, target: &deleteTarget, traced: traced) {
                        conflicts.append((deletions[index].objectID, version))
                    }
                }
            }
            if conflicts.isEmpty {
                if !changes.toManyChanges.isEmpty {
                    try applyToManyChanges(changes.toManyChanges, deleted: Set(changes.deletedObjects.map(\.objectID)))
                }
                try control("COMMIT")
                return
            }
        } catch {
            rollbackQuietly()
            throw storeError(error, doing: "save to")
        }
        rollbackQuietly()
        throw try mergeConflictError(conflicts)
    }

    // MARK: - Rows

    /// Inserts `row`; `target` keeps the plan and statement of the previous row's entity and
    /// layout, and is replaced when this row's differ.
    ///
    /// `traced` says whether the trace shows statements (asked once per save: asking the log
    /// takes its lock).
    private func insert(_ row: StoreRow, target kept: inout InsertTarget?, traced: Bool) throws {
        guard let primaryKey = row.objectID.primaryKey else {
            throw CoreDataError(
                code: .persistentStoreSave,
                message: "Cannot insert \(row.objectID): it has no permanent ID (ask the store for one first).",
                objectID: row.objectID)
        }
        // Inserts run once per object, so the plan, statement and value slots of the last
        // entity are kept at hand and values are bound straight into the statement; the
        // bindings are only collected when the trace shows them.
        let target: InsertTarget
        if let last = kept, last.entity === row.objectID.entity, last.layout === row.values.layout {
            target = last
        } else {
            target = try insertTarget(for: row.objectID.entity, layout: row.values.layout)
            kept = target
        }
        let statement = target.statement
        // Every use of a kept statement resets it when done (as here), so it is ready: one
        // `sqlite3_reset` per row, not two.
        defer { statement.reset() }
        guard !traced else {
            try insertTraced(row, primaryKey: primaryKey, target: target)
            return
        }
        try statement.bind(primaryKey, at: 1)
        try statement.bind(Int64(target.plan.entityNumber), at: 2)
        try statement.bind(Int64(1), at: 3)
        for (offset, binder) in target.binders.enumerated() {
            if try !bindFast(binder, from: row.values, to: statement, at: offset + 4) {
                let value: SQLiteValue
                do {
                    value = try Self.binding(target.plan.insertColumns[offset], binder, of: row, plan: target.plan)
                } catch {
                    throw valueError(error, objectID: row.objectID)
                }
                try statement.bind(value, at: offset + 4)
            }
        }
        try statement.run()
    }

    /// Binds the value `binder` names straight from its slot when it is nil or of the expected
    /// Swift type; false when it must go through the general conversion.
    private func bindFast(
        _ binder: InsertTarget.ColumnBinder, from values: PropertyValues, to statement: Statement, at index: Int
    ) throws -> Bool {
        if case .general = binder { return false }
        guard let slot = binder.slot else { return false }
        // The slot's case says its type: no `Any` is made and cast back for each value. (One
        // switch on the value, each case asking the binder: a switch on the pair of them built
        // and destroyed a tuple through the runtime's generic witnesses, for every column.)
        switch values[slotValue: slot] {
        case .none:
            try statement.bindNull(at: index)
        case .integer(let integer):
            guard case .integer = binder else { return false }
            try statement.bind(Int64(integer), at: index)
        case .real(let real):
            guard case .real = binder else { return false }
            try statement.bind(real, at: index)
        case .date(let date):
            guard case .date = binder else { return false }
            try statement.bind(date.timeIntervalSinceReferenceDate, at: index)
        case .text(let text):
            guard case .text = binder else { return false }
            try statement.bind(text, at: index)
        case .objectID(let destination):
            guard case .foreignKey = binder, let key = destination.primaryKey else { return false }
            try statement.bind(key, at: index)
        case .flag, .other:
            return false
        }
        return true
    }

    /// The value to bind for one insert column of `row`, through the general conversion.
    private static func binding(
        _ column: WritePlan.Column, _ binder: InsertTarget.ColumnBinder, of row: StoreRow, plan: WritePlan
    ) throws -> SQLiteValue {
        let value: Any? = if let slot = binder.slot { row.values[slot: slot] } else { row.values[column.propertyName] }
        return try plan.binding(for: column, value: value)
    }

    /// The insert of ``insert(_:)`` with its bindings collected for the SQL trace.
    private func insertTraced(_ row: StoreRow, primaryKey: Int64, target: InsertTarget) throws {
        let plan = target.plan
        let statement = target.statement
        var logged: [SQLiteValue] = []
        func bind(_ value: SQLiteValue, _ index: Int) throws {
            try statement.bind(value, at: index)
            logged.append(value)
        }
        try bind(.integer(primaryKey), 1)
        try bind(.integer(Int64(plan.entityNumber)), 2)
        try bind(.integer(1), 3)
        for (offset, column) in plan.insertColumns.enumerated() {
            let value: SQLiteValue
            do {
                value = try Self.binding(column, target.binders[offset], of: row, plan: plan)
            } catch {
                throw valueError(error, objectID: row.objectID)
            }
            try bind(value, offset + 4)
        }
        log.statement(plan.insertSQL, bindings: logged)
        try statement.run()
    }

    /// The write plan, compiled `INSERT` and value slots for rows of `entity` laid out by
    /// `layout`: those of the previous insert when it was the same (saves insert runs of one
    /// entity), else looked up.
    private func insertTarget(for entity: EntityDescription, layout: PropertySlotLayout?) throws -> InsertTarget {
        if let last = lastInsertTarget, last.entity === entity, last.layout === layout { return last }
        let plan = try writePlan(for: entity)
        let target = InsertTarget(
            entity: entity, layout: layout, plan: plan, statement: try insertStatement(for: entity, plan: plan))
        lastInsertTarget = target
        return target
    }

    /// The compiled `INSERT` of `entity`, kept by entity name.
    private func insertStatement(for entity: EntityDescription, plan: WritePlan) throws -> Statement {
        if let statement = insertStatements[entity.name] { return statement }
        let statement = try database.prepare(plan.insertSQL)
        insertStatements[entity.name] = statement
        return statement
    }

    /// Runs the `UPDATE`; false when the row's version moved (a conflict).
    private func update(_ update: StoreUpdate) throws -> Bool {
        guard let primaryKey = update.objectID.primaryKey else { return true }
        let plan = try writePlan(for: update.objectID.entity)
        var assignments: [String] = []
        var bindings: [SQLiteValue] = []
        do {
            for key in update.changedKeys.sorted() {
                for column in plan.columnsByProperty[key] ?? [] {
                    assignments.append("\(column.name) = ?")
                    bindings.append(try plan.binding(for: column, in: update.values))
                }
            }
        } catch {
            throw valueError(error, objectID: update.objectID)
        }
        assignments.append("Z_OPT = ?")
        bindings += [.integer(update.version + 1), .integer(primaryKey), .integer(update.version)]
        let sql = "UPDATE \(plan.tableName) SET \(assignments.joined(separator: ", ")) WHERE Z_PK = ? AND Z_OPT = ?"
        return try run(sql, bindings) == 1
    }

    /// Runs the `DELETE` of the row `primaryKey` of `entity` at `version` and removes the row's
    /// join-table rows; false on a conflict.
    ///
    /// `target` keeps the statements of the previous deletion's entity: a cascade deletes
    /// thousands of rows of one entity, each with Core Data's own single-row `DELETE`, so the
    /// plan and statements are looked up once per run of rows, not once per row. `traced` says
    /// whether the trace shows statements (see `insert(_:target:traced:)`).
    private func delete(
        _ primaryKey: Int64, of entity: EntityDescription, at version: Int64, target: inout DeleteTarget?,
        traced: Bool
    ) throws -> Bool {
        if target?.entity !== entity {
            let plan = try writePlan(for: entity)
            target = DeleteTarget(
                entity: entity, sql: plan.deleteSQL, statement: try cachedStatement(plan.deleteSQL),
                cleanup: try plan.deleteCleanupSQL.map { ($0, try cachedStatement($0)) })
        }
        guard let target else { return true }
        let key = SQLiteValue.integer(primaryKey)
        if traced { log.statement(target.sql, bindings: [key, .integer(version)]) }
        let statement = target.statement
        // Reset when done, as every use of a kept statement is (see `insert(_:target:traced:)`).
        defer { statement.reset() }
        try statement.bind(primaryKey, at: 1)
        try statement.bind(version, at: 2)
        try statement.run()
        guard database.changes == 1 else { return false }
        for (sql, cleanup) in target.cleanup {
            if traced { log.statement(sql, bindings: [key]) }
            cleanup.reset()
            defer { cleanup.reset() }
            try cleanup.bind(primaryKey, at: 1)
            try cleanup.run()
        }
        return true
    }

    /// The compiled `DELETE` of one entity and what runs after it (see `delete(_:of:at:target:traced:)`); a
    /// class, so using it for each row copies nothing.
    private final class DeleteTarget {
        let entity: EntityDescription
        let sql: String
        let statement: Statement
        let cleanup: [(sql: String, statement: Statement)]

        init(
            entity: EntityDescription, sql: String, statement: Statement,
            cleanup: [(sql: String, statement: Statement)]
        ) {
            self.entity = entity
            self.sql = sql
            self.statement = statement
            self.cleanup = cleanup
        }
    }

    // MARK: - Conflicts

    private func mergeConflictError(_ conflicts: [(objectID: ManagedObjectID, version: Int64)]) throws -> CoreDataError
    {
        var listed: [MergeConflict] = []
        for conflict in conflicts {
            let current = try row(for: conflict.objectID)
            listed.append(
                MergeConflict(objectID: conflict.objectID, oldVersion: conflict.version, persistedRow: current))
        }
        let names = listed.map(\.description).joined(separator: "; ")
        return CoreDataError(
            code: .managedObjectMerge,
            message: "Could not merge changes: \(listed.count == 1 ? "an object was" : "\(listed.count) objects were") "
                + "changed in the store since they were read (\(names)); nothing was saved.",
            objectID: listed.first?.objectID, conflicts: listed)
    }

    private func valueError(_ error: any Error, objectID: ManagedObjectID) -> CoreDataError {
        if let error = error as? CoreDataError { return error }
        return CoreDataError(
            code: .persistentStoreSave, message: "Cannot save \(objectID): \(error).", objectID: objectID,
            underlyingError: error)
    }
}
