import Foundation
import SQLite

extension SQLiteStore {
    /// `SELECT 0, t0.Z_PK FROM ZMOVIE t0 WHERE … ORDER BY …` (`t0.Z_ENT` first when the rows may
    /// be of several entities): the identities of a fetch, without their values.
    public func fetchObjectKeys(_ request: StoreFetchRequest) throws -> ObjectKeyList {
        let started = DispatchTime.now()
        do {
            let plan = try readPlan(for: request.entity, includesSubentities: request.includesSubentities)
            let query = try FetchQuery(
                selectClause: "\(plan.entitySelector), t0.Z_PK", plan: plan, request: request,
                predicate: request.predicate, layout: layout, model: model)
            let statement = try prepareLogged(query.sql, query.bindings)
            defer { statement.reset() }
            log.queryPlan(of: query.sql, bindings: query.bindings, in: database)
            let stepping = DispatchTime.now()
            var keys = ObjectKeyList(storeIdentifier: identifier)
            while try statement.step() {
                let rowEntity =
                    plan.hasMixedEntities
                    ? (entity(number: Int(statement.int64(at: 0))) ?? plan.entity) : plan.entity
                keys.appendRow(entity: rowEntity, primaryKey: statement.int64(at: 1))
            }
            logFetchTimes(started: started, stepping: stepping, rows: keys.count)
            return keys
        } catch {
            throw storeError(error, doing: "fetch from")
        }
    }

    /// The destinations of many owners in one statement per list of owners:
    /// `… FROM ZMOVIE t0 WHERE  t0.ZTHEATER IN (…)` for a to-many stored as the destination's
    /// foreign key, `… FROM ZMOVIE t0 JOIN Z_2MOVIES t1 ON t0.Z_PK = t1.Z_3MOVIES WHERE  t1.Z_2PLAYLISTS
    /// IN (…)` for a many-to-many; handed to `body` as the statement steps through them, at most
    /// a batch of rows at a time (`rowBatchSize`), each with its owner's key.
    ///
    /// A context makes the members a cascade delete is about to delete from each batch while it
    /// is still in the processor's cache, as a large fetch makes its objects (see
    /// ``fetchRows(_:inBatches:)``); the trace's times then include that work.
    public func fetchDestinationRows(
        of relationship: RelationshipDescription, owners: [ManagedObjectID],
        inBatches body: (_ ownerKeys: [Int64], _ rows: [StoreRow]) -> Void
    ) throws {
        let ownerKeys = owners.compactMap(\.primaryKey)
        guard !ownerKeys.isEmpty, let owner = relationship.entity, let destination = relationship.destinationEntity
        else { return }
        do {
            guard let storage = layout.entity(named: owner.name)?.toManyRelationships[relationship.name] else {
                throw CoreDataError(
                    code: .persistentStoreOperation,
                    message: "\(owner.name).\(relationship.name) is not a stored to-many relationship.",
                    key: relationship.name)
            }
            let plan = try readPlan(for: destination, includesSubentities: true)
            let ownerColumn = 3 + plan.selectList.count
            let head: String
            let ownerCondition: String
            var order: String?
            switch storage {
            case .inverseForeignKey(let table, let column, let orderColumn),
                .hiddenForeignKey(let table, let column, let orderColumn):
                head = "SELECT \(plan.selectClause), t0.\(column) FROM \(table) t0"
                ownerCondition = "t0.\(column)"
                order = orderColumn.map { "t0.\(column), t0.\($0)" }
            case .joinTable(let table, let ownerKeyColumn, let destinationColumn, let orderColumn):
                head =
                    "SELECT \(plan.selectClause), t1.\(ownerKeyColumn) FROM \(plan.tableName) t0 JOIN \(table) t1 "
                    + "ON t0.Z_PK = t1.\(destinationColumn)"
                ownerCondition = "t1.\(ownerKeyColumn)"
                order = orderColumn.map { "t1.\(ownerKeyColumn), t1.\($0)" }
            }
            var batchOwners: [Int64] = []
            var batch: [StoreRow] = []
            batchOwners.reserveCapacity(Self.rowBatchSize)
            batch.reserveCapacity(Self.rowBatchSize)
            for chunk in Self.chunks(of: ownerKeys) {
                let started = DispatchTime.now()
                var sql = "\(head) WHERE  \(ownerCondition) IN \(Self.placeholders(chunk.count))"
                if let order { sql += " ORDER BY \(order)" }
                let statement = try prepareUncached(sql, chunk.map { .integer($0) })
                let stepping = DispatchTime.now()
                var recent = RecentObjectIDs()
                var count = 0
                while try statement.step() {
                    batchOwners.append(statement.int64(at: ownerColumn))
                    batch.append(readRow(statement, plan: plan, recent: &recent))
                    if batch.count == Self.rowBatchSize {
                        count += batch.count
                        body(batchOwners, batch)
                        batchOwners.removeAll(keepingCapacity: true)
                        batch.removeAll(keepingCapacity: true)
                    }
                }
                count += batch.count
                if !batch.isEmpty {
                    body(batchOwners, batch)
                    batchOwners.removeAll(keepingCapacity: true)
                    batch.removeAll(keepingCapacity: true)
                }
                logFetchTimes(started: started, stepping: stepping, rows: count)
            }
        } catch {
            throw storeError(error, doing: "read from")
        }
    }

    /// `SELECT [DISTINCT] t0.ZNAME, t1.ZNAME FROM ZMOVIE t0 LEFT OUTER JOIN ZTHEATER t1 ON … WHERE …
    /// ORDER BY …`: only the requested columns, as Core Data's dictionary fetches read them.
    public func fetchDictionaries(_ request: StoreFetchRequest, properties: [DictionaryProperty], distinct: Bool) throws
        -> [[String: Any]]
    {
        let started = DispatchTime.now()
        do {
            let plan = try readPlan(for: request.entity, includesSubentities: request.includesSubentities)
            let keyPaths = properties.map(\.keyPath)
            // A to-one whose destination has sub-entities also needs its `Z<n>_<REL>` entity
            // column; its table alias is only known once the joins are laid out, so the query is
            // laid out once to learn the aliases, then built with those columns in front.
            let layoutPass = try FetchQuery(
                selectClause: "", plan: plan, request: request, predicate: request.predicate, layout: layout,
                model: model, selectKeyPaths: keyPaths, distinct: distinct)
            let entityColumns = toOneEntityColumns(properties, from: request.entity, at: layoutPass.selectedColumns)
            let query = try FetchQuery(
                selectClause: entityColumns.map(\.sql).joined(separator: ", "), plan: plan, request: request,
                predicate: request.predicate, layout: layout, model: model, selectKeyPaths: keyPaths,
                distinct: distinct)
            let statement = try prepareLogged(query.sql, query.bindings)
            defer { statement.reset() }
            log.queryPlan(of: query.sql, bindings: query.bindings, in: database)
            let stepping = DispatchTime.now()
            var entityColumnByProperty: [Int: Int] = [:]
            for (column, entry) in entityColumns.enumerated() { entityColumnByProperty[entry.property] = column }
            var results: [[String: Any]] = []
            while try statement.step() {
                var dictionary = [String: Any](minimumCapacity: properties.count)
                for (position, property) in properties.enumerated() {
                    let index = entityColumns.count + position
                    guard !statement.isNull(at: index) else { continue }
                    switch property.kind {
                    case .attribute(let type):
                        let stored = SQLiteValueConversion.attributeValue(statement, at: index, type: type)
                        dictionary[property.keyPath] =
                            type == .transformable
                            ? SQLiteValueConversion.objectValue(stored, transformerName: property.transformerName)
                            : stored
                    case .toOne(let destination):
                        var target = destination
                        if let column = entityColumnByProperty[position],
                            let exact = entity(number: Int(statement.int64(at: column)))
                        {
                            target = exact
                        }
                        dictionary[property.keyPath] = objectID(target, statement.int64(at: index))
                    }
                }
                results.append(dictionary)
            }
            logFetchTimes(started: started, stepping: stepping, rows: results.count)
            return results
        } catch {
            throw storeError(error, doing: "fetch from")
        }
    }

    // MARK: - Helpers

    /// The entity columns (`t1.Z2_ITEM`) of the to-one `properties` whose destination has
    /// sub-entities, with the position of the property each belongs to; `columns` are the
    /// properties' own columns as a layout pass of the query resolved them (`t1.ZITEM`).
    private func toOneEntityColumns(
        _ properties: [DictionaryProperty], from entity: EntityDescription, at columns: [String]
    ) -> [(property: Int, sql: String)] {
        var result: [(property: Int, sql: String)] = []
        for (position, property) in properties.enumerated() {
            guard case .toOne = property.kind, position < columns.count else { continue }
            var owner: EntityDescription? = entity
            for name in property.relationshipPath {
                owner = owner.flatMap { Self.relationship(named: name, in: $0)?.destinationEntity }
            }
            guard let owner, let ownerLayout = layout.entity(named: owner.name),
                let propertyColumn = ownerLayout.column(forProperty: property.lastKey)
                    ?? ownerLayout.subentityColumns.first(where: { $0.propertyName == property.lastKey }),
                let entityColumn = propertyColumn.entityColumn,
                let alias = columns[position].split(separator: ".").first
            else { continue }
            result.append((position, "\(alias).\(entityColumn)"))
        }
        return result
    }

    /// The relationship `name` of `entity` or of one of its sub-entities.
    private static func relationship(named name: String, in entity: EntityDescription) -> RelationshipDescription? {
        entity.selfAndDescendants.lazy.compactMap { $0.relationshipsByName[name] }.first
    }

    /// Prepares a statement that is not kept: `IN (…)` lists of many lengths would fill the
    /// statement cache with texts that are rarely run twice.
    private func prepareUncached(_ sql: String, _ bindings: [SQLiteValue]) throws -> Statement {
        log.statement(sql, bindings: bindings)
        let statement = try database.prepare(sql)
        try statement.bind(bindings)
        return statement
    }

    /// `(?, ?, ?)` for `count` values.
    private static func placeholders(_ count: Int) -> String {
        "(" + Array(repeating: "?", count: count).joined(separator: ", ") + ")"
    }

    /// `keys` in runs of at most ``batchedRowLimit``, the size of a batched row read.
    private static func chunks(of keys: [Int64]) -> [ArraySlice<Int64>] {
        stride(from: 0, to: keys.count, by: batchedRowLimit).map {
            keys[$0..<min($0 + batchedRowLimit, keys.count)]
        }
    }

    /// The level-1 timing lines Core Data prints after a fetch.
    private func logFetchTimes(started: DispatchTime, stepping: DispatchTime, rows: Int) {
        guard log.isEnabled(1) else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        let connection = Double(now - stepping.uptimeNanoseconds) / 1_000_000_000
        let total = Double(now - started.uptimeNanoseconds) / 1_000_000_000
        log.annotation("sql connection fetch time: \(SQLDebugLog.formatDuration(connection))")
        log.annotation("total fetch execution time: \(SQLDebugLog.formatDuration(total)) for \(rows) rows.")
    }
}
