import Foundation
import SQLite

extension SQLiteStore {
    /// Runs a fetch and returns one row per object, in the requested order.
    ///
    /// SQL trace (level 1): the `SELECT`, then `sql connection fetch time` and
    /// `total fetch execution time … for N rows.`; level 4 adds the query plan.
    public func fetchRows(_ request: StoreFetchRequest) throws -> [StoreRow] {
        var rows: [StoreRow] = []
        try fetchRows(request) { batch in rows += batch }
        return rows
    }

    /// Runs a fetch like ``fetchRows(_:)``, handing the rows to `body` in order, a batch of at
    /// most `rowBatchSize` at a time, as the statement steps through them.
    ///
    /// A caller that makes objects from the rows does so while each batch is still in the
    /// processor's cache, instead of after every row was read; and the rows are never all held
    /// at once. The trace is the same as ``fetchRows(_:)``'s (its times then include `body`'s).
    public func fetchRows(_ request: StoreFetchRequest, inBatches body: ([StoreRow]) -> Void) throws {
        let started = DispatchTime.now()
        do {
            let plan = try readPlan(for: request.entity, includesSubentities: request.includesSubentities)
            let query = try FetchQuery(
                selectClause: plan.selectClause, plan: plan, request: request, predicate: request.predicate,
                layout: layout,
                model: model)
            let statement = try prepareLogged(query.sql, query.bindings)
            defer { statement.reset() }
            log.queryPlan(of: query.sql, bindings: query.bindings, in: database)
            let stepping = DispatchTime.now()
            var batch: [StoreRow] = []
            batch.reserveCapacity(Self.rowBatchSize)
            var count = 0
            var recent = RecentObjectIDs()
            while try statement.step() {
                batch.append(readRow(statement, plan: plan, recent: &recent))
                if batch.count == Self.rowBatchSize {
                    count += batch.count
                    body(batch)
                    batch.removeAll(keepingCapacity: true)
                }
            }
            count += batch.count
            if !batch.isEmpty { body(batch) }
            if log.isEnabled(1) {
                log.annotation("sql connection fetch time: \(SQLDebugLog.formatDuration(seconds(since: stepping)))")
                log.annotation(
                    "total fetch execution time: \(SQLDebugLog.formatDuration(seconds(since: started))) for \(count) rows."
                )
            }
        } catch {
            throw storeError(error, doing: "fetch from")
        }
    }

    /// How many rows ``fetchRows(_:inBatches:)`` hands over at a time: enough that the call costs
    /// nothing per row, few enough that a batch and the objects made from it stay in the cache.
    static let rowBatchSize = 256

    /// Counts the objects a fetch would return (`SELECT COUNT(*) FROM ZMOVIE t0 …`).
    public func countRows(_ request: StoreFetchRequest) throws -> Int {
        let started = DispatchTime.now()
        do {
            let plan = try readPlan(for: request.entity, includesSubentities: request.includesSubentities)
            let query = try FetchQuery(
                selectClause: "COUNT(*)", plan: plan, request: request, predicate: request.predicate, layout: layout,
                model: model, includeOrdering: false)
            let statement = try prepareLogged(query.sql, query.bindings)
            defer { statement.reset() }
            let total = try statement.step() ? Int(statement.int64(at: 0)) : 0
            // A negative offset skips nothing, as in every other fetch path (and `total - Int.min` would trap).
            var count = max(0, total - max(0, request.fetchOffset))
            if request.fetchLimit > 0 { count = min(count, request.fetchLimit) }
            log.annotation(
                "total count request execution time: \(SQLDebugLog.formatDuration(seconds(since: started))) for count of \(count)."
            )
            return count
        } catch {
            throw storeError(error, doing: "count in")
        }
    }

    /// The stored row of one object (fault fulfilment), or nil when it no longer exists.
    public func row(for objectID: ManagedObjectID) throws -> StoreRow? {
        guard let primaryKey = objectID.primaryKey, objectID.persistentStoreIdentifier == identifier else { return nil }
        do {
            let plan = try readPlan(for: objectID.entity, includesSubentities: true)
            let statement = try prepareLogged(plan.primaryKeySQL, [.integer(primaryKey)])
            defer { statement.reset() }
            guard try statement.step() else { return nil }
            var recent = RecentObjectIDs()
            let row = readRow(statement, plan: plan, recent: &recent)
            log.annotation("fault fulfilled from database for : \(objectID)")
            return row
        } catch {
            throw storeError(error, doing: "read from")
        }
    }

    /// The destinations of a to-many relationship, in order for an ordered one.
    public func relatedObjectIDs(
        of relationship: RelationshipDescription, for objectID: ManagedObjectID
    ) throws -> [ManagedObjectID] {
        guard let primaryKey = objectID.primaryKey, objectID.persistentStoreIdentifier == identifier,
            let destination = relationship.destinationEntity
        else { return [] }
        do {
            guard let owner = layout.entity(named: objectID.entity.name),
                let storage = owner.toManyRelationships[relationship.name],
                let destinationLayout = layout.entity(named: destination.name)
            else {
                throw CoreDataError(
                    code: .persistentStoreOperation,
                    message: "\(objectID.entity.name).\(relationship.name) is not a stored to-many relationship.",
                    key: relationship.name)
            }
            let mixed = !(layout.table(named: destinationLayout.tableName)?.entityNumbers.count == 1)
            let selector = mixed ? "t0.Z_ENT" : "0"
            let sql: String
            switch storage {
            case .inverseForeignKey(let table, let column, let order),
                .hiddenForeignKey(let table, let column, let order):
                sql =
                    "SELECT \(selector), t0.Z_PK FROM \(table) t0 WHERE  t0.\(column) = ?"
                    + (order.map { " ORDER BY t0.\($0)" } ?? "")
            case .joinTable(let table, let ownerColumn, let destinationColumn, let order):
                sql =
                    "SELECT \(selector), t0.Z_PK FROM \(destinationLayout.tableName) t0 JOIN \(table) t1 "
                    + "ON t0.Z_PK = t1.\(destinationColumn) WHERE  t1.\(ownerColumn) = ?"
                    + (order.map { " ORDER BY t1.\($0)" } ?? "")
            }
            let statement = try prepareLogged(sql, [.integer(primaryKey)])
            defer { statement.reset() }
            var identifiers: [ManagedObjectID] = []
            while try statement.step() {
                let rowEntity = mixed ? (entity(number: Int(statement.int64(at: 0))) ?? destination) : destination
                identifiers.append(self.objectID(rowEntity, statement.int64(at: 1)))
            }
            log.annotation(
                "to-many relationship fault \"\(relationship.name)\" for objectID \(objectID) fulfilled from database.  "
                    + "Got \(identifiers.count) rows")
            return identifiers
        } catch {
            throw storeError(error, doing: "read from")
        }
    }

    /// Makes a ``StoreRow`` from the statement's current row.
    ///
    /// `recent` remembers the last object ID made for each to-one column, so the rows naming
    /// one destination share one ``ManagedObjectID`` for it.
    func readRow(_ statement: Statement, plan: ReadPlan, recent: inout RecentObjectIDs) -> StoreRow {
        let rowEntity: EntityDescription
        if plan.hasMixedEntities {
            rowEntity = entity(number: Int(statement.int64(at: 0))) ?? plan.entity
        } else {
            rowEntity = plan.entity
        }
        let readers = plan.readers
        // Each value goes straight into the chunk's slot (a value bound first was copied in and
        // destroyed); the rows of one statement share a few chunks (see `ValueRowsWriter`).
        recent.values.beginRow(layout: plan.valueLayout)
        for (slot, reader) in readers.enumerated() {
            if plan.hasMixedEntities && rowEntity.propertiesByName[plan.columns[slot].propertyName] == nil {
                recent.values.append(.none)
            } else if let type = reader.attributeType {
                recent.values.append(SQLiteValueConversion.attributeSlot(statement, at: reader.index, type: type))
            } else if let destination = reader.toOneDestination {
                let identifier = readToOne(at: reader.index, of: destination, from: statement, recent: &recent)
                recent.values.append(SlotValue(identifier))
            } else {
                let value = readValue(of: plan.columns[slot], from: statement, recent: &recent)
                recent.values.append(SlotValue(value))
            }
        }
        let values = recent.values.endRow()
        return StoreRow(
            objectID: objectID(rowEntity, statement.int64(at: 1), recent: &recent), version: statement.int64(at: 2),
            propertyValues: values)
    }

    /// The value of one property of the statement's current row: an attribute's canonical Swift
    /// value, or a to-one destination's ``ManagedObjectID`` (see ``readRow(_:plan:recent:)``).
    private func readValue(
        of column: ReadPlan.Column, from statement: Statement, recent: inout RecentObjectIDs
    ) -> Any? {
        switch column.field {
        case .attribute(let type):
            return SQLiteValueConversion.attributeValue(statement, at: column.index, type: type)
        case .transformable(let name):
            let stored = SQLiteValueConversion.attributeValue(statement, at: column.index, type: .transformable)
            return SQLiteValueConversion.objectValue(stored, transformerName: name)
        case .toOne(let destination, let entityColumn):
            // The key's class and value from one call into the connection (see `ColumnValue`).
            guard let value = statement.columnValue(at: column.index), value.type != .null else { return nil }
            var target = destination
            if let entityColumn, let exact = entity(number: Int(statement.int64(at: entityColumn))) {
                target = exact
            }
            let key = value.int64
            if let last = recent.objectID(at: column.index), last.primaryKey == key, last.entity === target {
                return last
            }
            let identifier = objectID(target, key, recent: &recent)
            recent.remember(identifier, at: column.index)
            return identifier
        }
    }

    /// The ID of the destination (always of `destination`) in to-one column `index`, or nil:
    /// ``readValue(of:from:recent:)`` for the common to-one, without copying the plan's column
    /// (its name and destination, a retain and release of each per row).
    private func readToOne(
        at index: Int, of destination: Unmanaged<EntityDescription>, from statement: Statement,
        recent: inout RecentObjectIDs
    ) -> ManagedObjectID? {
        guard let value = statement.columnValue(at: index), value.type != .null else { return nil }
        let key = value.int64
        if let last = recent.objectID(at: index), last.primaryKey == key,
            Unmanaged.passUnretained(last.entity).toOpaque() == destination.toOpaque()
        {
            return last
        }
        let identifier = objectID(destination.takeUnretainedValue(), key, recent: &recent)
        recent.remember(identifier, at: index)
        return identifier
    }

    func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000_000
    }
}

/// What one statement's run of reads keeps from row to row: the object ID last made for each
/// to-one column, the ID family of the entity last asked for (rows of one entity come in runs, so
/// this spares a lookup per row), and the chunks the rows' values are written into.
struct RecentObjectIDs {
    /// Where ``SQLiteStore/readRow(_:plan:recent:)`` writes the rows' values.
    var values = ValueRowsWriter()
    /// By result column index (a plain array: this is looked up for every row).
    private var byColumn: [ManagedObjectID?] = []
    /// The entity last asked for and its ID family (kept apart so that checking the entity
    /// copies neither).
    private var lastEntity: EntityDescription?
    private var lastFamily: ManagedObjectID.Family?

    /// The ID family remembered for `entity` when it was the last one asked for.
    func family(of entity: EntityDescription) -> ManagedObjectID.Family? {
        lastEntity === entity ? lastFamily : nil
    }

    /// Remembers `family` as the ID family of `entity`.
    mutating func remember(_ family: ManagedObjectID.Family, of entity: EntityDescription) {
        lastEntity = entity
        lastFamily = family
    }

    /// The ID remembered for result column `index`.
    func objectID(at index: Int) -> ManagedObjectID? {
        index < byColumn.count ? byColumn[index] : nil
    }

    /// Remembers `identifier` for result column `index`.
    mutating func remember(_ identifier: ManagedObjectID, at index: Int) {
        if index >= byColumn.count { byColumn += Array(repeating: nil, count: index + 1 - byColumn.count) }
        byColumn[index] = identifier
    }
}
