import Foundation
import SQLite

extension SQLiteStore {
    /// The compiled statement for `sql`, compiled on first use and kept.
    func cachedStatement(_ sql: String) throws -> Statement {
        if let statement = statementCache[sql] { return statement }
        let statement = try database.prepare(sql)
        statementCache[sql] = statement
        return statement
    }

    /// Logs `sql` with its bindings, then binds them to the cached statement, ready to step.
    ///
    /// The caller steps the statement and must ``Statement/reset()`` it afterwards.
    func prepareLogged(_ sql: String, _ bindings: [SQLiteValue]) throws -> Statement {
        log.statement(sql, bindings: bindings)
        let statement = try cachedStatement(sql)
        statement.reset()
        try statement.bind(bindings)
        return statement
    }

    /// Runs a statement that returns no rows and answers how many rows it changed.
    @discardableResult
    func run(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> Int {
        let statement = try prepareLogged(sql, bindings)
        defer { statement.reset() }
        try statement.run()
        return database.changes
    }

    /// Runs a transaction-control statement (`BEGIN EXCLUSIVE`, `COMMIT`, `ROLLBACK`), logged.
    func control(_ sql: String) throws {
        log.statement(sql)
        try database.execute(sql)
    }

    /// Rolls back after a failure, logging the `ROLLBACK` only when a transaction was open.
    func rollbackQuietly() {
        guard !database.isAutocommit else { return }
        try? control("ROLLBACK")
    }

    /// The plan for reading `entity`'s rows.
    func readPlan(for entity: EntityDescription, includesSubentities: Bool) throws -> ReadPlan {
        let key = ReadPlan.Key(entityName: entity.name, includesSubentities: includesSubentities)
        if let plan = readPlans[key] { return plan }
        let plan = try ReadPlan(entity: entity, includesSubentities: includesSubentities, layout: layout)
        readPlans[key] = plan
        return plan
    }

    /// The plan for writing `entity`'s rows.
    func writePlan(for entity: EntityDescription) throws -> WritePlan {
        if let plan = writePlans[entity.name] { return plan }
        let plan = try WritePlan(entity: entity, layout: layout)
        writePlans[entity.name] = plan
        return plan
    }

    /// The entity numbered `number` (`Z_ENT`) in this store's model.
    func entity(number: Int) -> EntityDescription? {
        layout.entity(number: number).flatMap { model.entitiesByName[$0.entityName] }
    }

    /// A permanent object ID in this store.
    func objectID(_ entity: EntityDescription, _ primaryKey: Int64) -> ManagedObjectID {
        ManagedObjectID(entity: entity, primaryKey: primaryKey, family: idFamily(of: entity))
    }

    /// ``objectID(_:_:)`` during a fetch, taking the ID family from `recent` when it has it.
    func objectID(_ entity: EntityDescription, _ primaryKey: Int64, recent: inout RecentObjectIDs) -> ManagedObjectID {
        let family: ManagedObjectID.Family
        if let remembered = recent.family(of: entity) {
            family = remembered
        } else {
            family = idFamily(of: entity)
            recent.remember(family, of: entity)
        }
        return ManagedObjectID(entity: entity, primaryKey: primaryKey, family: family)
    }

    /// The ID family of `entity` in this store, worked out once per entity.
    private func idFamily(of entity: EntityDescription) -> ManagedObjectID.Family {
        if let family = idFamilies[ObjectIdentifier(entity)] { return family }
        let family = ManagedObjectID.Family(entity: entity, store: identifier)
        idFamilies[ObjectIdentifier(entity)] = family
        return family
    }
}
