import Foundation

extension InMemoryStore {
    /// The rows of the request's entity (and sub-entities when asked) that satisfy its predicate
    /// (evaluated in memory over the rows), ordered by its sort
    /// descriptors (ties and unsorted requests in primary-key order), then offset and limited.
    ///
    /// - Throws: the SQLite store's errors for a sort key that names nothing stored (134070) and
    ///   for a predicate key the entity does not have (134070 carrying
    ///   ``ObjectPredicateError/unknownKey(predicate:entity:key:closestKey:)``), so a mistyped key
    ///   fails here too instead of matching nothing.
    public func fetchRows(_ request: StoreFetchRequest) throws -> [StoreRow] {
        for descriptor in request.sortDescriptors { try checkSortKey(descriptor.key, from: request.entity) }
        try checkPredicateKeys(of: request)
        let matching = rows.values.filter { matches($0, request) }
        let ordered = matching.sorted { left, right in
            for descriptor in request.sortDescriptors {
                let result = descriptor.compare(
                    value(atKeyPath: descriptor.key, of: left), value(atKeyPath: descriptor.key, of: right))
                if result != .orderedSame { return result == .orderedAscending }
            }
            return (left.objectID.primaryKey ?? 0) < (right.objectID.primaryKey ?? 0)
        }
        return StoreRowOrdering.window(ordered, offset: request.fetchOffset, limit: request.fetchLimit)
    }

    /// How many rows ``fetchRows(_:)`` would return.
    public func countRows(_ request: StoreFetchRequest) throws -> Int {
        try checkPredicateKeys(of: request)
        let total = rows.values.lazy.filter { self.matches($0, request) }.count
        let afterOffset = max(0, total - max(0, request.fetchOffset))
        return request.fetchLimit > 0 ? min(afterOffset, request.fetchLimit) : afterOffset
    }

    private func matches(_ row: StoreRow, _ request: StoreFetchRequest) -> Bool {
        let entity = row.objectID.entity
        let entityFits = request.includesSubentities ? entity.isKind(of: request.entity) : entity === request.entity
        guard entityFits else { return false }
        guard let predicate = request.predicate else { return true }
        return predicate.evaluate(with: RowReader(row: row, store: self))
    }

    /// The value at a key path of a row, following relationships through other rows
    /// (`theater.name`, `movies.@count`), read the way a predicate reads it.
    func value(atKeyPath keyPath: String, of row: StoreRow) -> Any? {
        let value = RowReader(row: row, store: self).predicateValue(forKeyPath: keyPath)
        // A to-one destination sorts as its object ID, the way the context sees it.
        if let reader = value as? RowReader { return reader.row.objectID }
        return value
    }

    /// Refuses a predicate key the entity does not have, with the error the SQLite store gives for
    /// it (134070 carrying the ``ObjectPredicateError``).
    private func checkPredicateKeys(of request: StoreFetchRequest) throws {
        guard let predicate = request.predicate else { return }
        do {
            try PredicateKeyChecker.check(predicate, entity: request.entity)
        } catch {
            throw CoreDataError(
                code: .persistentStoreOperation, message: "Could not fetch from the in-memory store: \(error)",
                underlyingError: error)
        }
    }

    /// Refuses a sort key the SQLite store refuses, with the same error (134070), so a fetch
    /// fails alike on both stores rather than sorting by nothing here: each step of the key path
    /// must be a stored attribute or to-one relationship of the entity or one of its
    /// sub-entities, and only the last may be an attribute.
    private func checkSortKey(_ keyPath: String, from entity: EntityDescription) throws {
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var current = entity
        for (position, part) in parts.enumerated() {
            let family = [current] + Self.descendants(of: current)
            let isLast = position == parts.count - 1
            if isLast, family.contains(where: { $0.attributesByName[part].map { !$0.isTransient } ?? false }) {
                return
            }
            let toOne = family.lazy.compactMap { $0.relationshipsByName[part] }
                .first { !$0.isToMany && !$0.isTransient }
            guard let toOne, let destination = toOne.destinationEntity else {
                let isProperty = family.contains { $0.propertiesByName[part] != nil }
                if !isLast, isProperty { throw CoreDataError.notToOne(part, of: current.name, in: keyPath) }
                throw CoreDataError.noStoredProperty(part, of: current.name, in: keyPath, from: entity.name)
            }
            if isLast { return }
            current = destination
        }
    }

    private static func descendants(of entity: EntityDescription) -> [EntityDescription] {
        entity.subentities.flatMap { [$0] + descendants(of: $0) }
    }
}
