import Foundation

extension PersistentStoreCoordinator {
    /// Fetches rows from every store holding the request's entity, merged in the request's order.
    func fetchRows(_ request: StoreFetchRequest) throws -> [StoreRow] {
        let rows: [StoreRow] = try locked {
            let holders = stores(holding: request.entity)
            if holders.count == 1 { return try holders[0].fetchRows(request) }
            // Several stores: each returns enough rows, then order, offset and limit apply to all.
            var perStore = request
            perStore.fetchOffset = 0
            perStore.fetchLimit = request.fetchLimit > 0 ? request.fetchLimit + request.fetchOffset : 0
            var all: [StoreRow] = []
            for store in holders { all += try store.fetchRows(perStore) }
            all = StoreRowOrdering.sorted(all, by: request.sortDescriptors)
            return StoreRowOrdering.window(all, offset: request.fetchOffset, limit: request.fetchLimit)
        }
        // A fetch larger than the row cache would only churn it: its objects are filled from
        // these rows directly, and the cache is for faults of recently read rows.
        if rows.count <= Self.rowCacheCapacity { remember(rows) }
        return rows
    }

    /// Counts rows in every store holding the request's entity.
    func countRows(_ request: StoreFetchRequest) throws -> Int {
        try locked {
            let holders = stores(holding: request.entity)
            if holders.count == 1 { return try holders[0].countRows(request) }
            var total = 0
            var perStore = request
            perStore.fetchOffset = 0
            perStore.fetchLimit = 0
            for store in holders { total += try store.countRows(perStore) }
            total = max(0, total - request.fetchOffset)
            return request.fetchLimit > 0 ? min(total, request.fetchLimit) : total
        }
    }

    /// The row of `objectID`: from the row cache unless `fresh`, else from its store.
    func row(for objectID: ManagedObjectID, fresh: Bool = false) throws -> StoreRow? {
        try locked {
            let usesCache = !fresh && !(readsThroughRowCache && !objectID.isTemporaryID)
            if usesCache, let cached = rowCache.row(for: objectID) { return cached }
            guard let store = store(for: objectID) else { return nil }
            guard let row = try store.row(for: objectID) else {
                rowCache.forget(objectID)
                return nil
            }
            rowCache.remember(row)
            return row
        }
    }

    /// The rows of several stored objects (a group of faults fired together): those in the row
    /// cache from there, the others with one batched read per store. Rows that no longer exist
    /// are left out; the order is not the order of `objectIDs`.
    func rows(for objectIDs: [ManagedObjectID]) throws -> [StoreRow] {
        let rows: [StoreRow] = try locked {
            var found: [StoreRow] = []
            var missingByStore: [(store: PersistentStore, objectIDs: [ManagedObjectID])] = []
            var lastGroup: (identifier: String, index: Int)?
            for objectID in objectIDs {
                if !readsThroughRowCache || objectID.isTemporaryID, let cached = rowCache.row(for: objectID) {
                    found.append(cached)
                    continue
                }
                // The IDs of a batch are nearly always of one store: its identifier is compared
                // (usually one shared string, so at once) before the stores are searched.
                if let identifier = objectID.persistentStoreIdentifier, let last = lastGroup,
                    identifier == last.identifier
                {
                    missingByStore[last.index].objectIDs.append(objectID)
                    continue
                }
                guard let store = store(for: objectID) else { continue }
                if let index = missingByStore.firstIndex(where: { $0.store === store }) {
                    missingByStore[index].objectIDs.append(objectID)
                    lastGroup = (store.identifier, index)
                } else {
                    missingByStore.append((store, [objectID]))
                    lastGroup = (store.identifier, missingByStore.count - 1)
                }
            }
            // One store's rows alone are returned as they are, not copied into `found`.
            if found.isEmpty && missingByStore.count == 1 {
                return try missingByStore[0].store.rows(for: missingByStore[0].objectIDs)
            }
            for group in missingByStore { found += try group.store.rows(for: group.objectIDs) }
            return found
        }
        // Not remembered: the faults these rows were read for take their values at once.
        return rows
    }

    /// The destinations of a to-many relationship of a stored object.
    func relatedObjectIDs(of relationship: RelationshipDescription, for objectID: ManagedObjectID) throws
        -> [ManagedObjectID]
    {
        try locked {
            guard let store = store(for: objectID) else { return [] }
            return try store.relatedObjectIDs(of: relationship, for: objectID)
        }
    }

    /// Allocates `count` permanent IDs in `store` for new objects of `entity`.
    ///
    /// - Throws: ``CoreDataError`` when the store cannot hand them out, or hands out another number.
    func newObjectIDs(for entity: EntityDescription, count: Int, in store: PersistentStore) throws
        -> [ManagedObjectID]
    {
        let ids = try locked { try store.newObjectIDs(for: entity, count: count) }
        guard ids.count == count else {
            throw CoreDataError(
                code: .persistentStoreOperation,
                message: "The store handed out \(ids.count) IDs for \(count) new \(entity.name) objects")
        }
        return ids
    }

    /// The store a new object of `entity` goes to: the first store holding the entity.
    func defaultStore(for entity: EntityDescription) throws -> PersistentStore {
        guard let store = stores(holding: entity).first else {
            throw CoreDataError(
                code: .persistentStoreOperation,
                message: "No persistent store holds \(entity.name) objects; add a store to the coordinator "
                    + "(for example with loadPersistentStore) before saving")
        }
        return store
    }

    /// Writes one change set per store, store by store, and updates the row cache.
    ///
    /// Each store's part is one transaction. With several stores a failure in a later store
    /// leaves the earlier stores saved (Core Data has no transaction across stores either).
    func save(_ changes: [StoreChangeSet]) throws {
        try locked {
            for part in changes where !part.changes.isEmpty {
                try part.store.save(part.changes)
                // Only the newest rows would stay in the bounded cache: skip remembering the rest.
                for row in part.changes.insertedRows.suffix(rowCache.capacity) { rowCache.remember(row) }
                for update in part.changes.updatedRows {
                    rowCache.remember(
                        StoreRow(objectID: update.objectID, version: update.version + 1, propertyValues: update.values))
                }
                for deletion in part.changes.deletedObjects { rowCache.forget(deletion.objectID) }
            }
        }
    }
}

/// Orders and windows rows from several stores the way one store would.
enum StoreRowOrdering {
    /// `rows` sorted by `descriptors` (attribute keys of the rows), primary key breaking ties.
    static func sorted(_ rows: [StoreRow], by descriptors: [ObjectSortDescriptor]) -> [StoreRow] {
        rows.sorted { left, right in
            for descriptor in descriptors {
                let result = descriptor.compare(left.values[descriptor.key], right.values[descriptor.key])
                if result != .orderedSame { return result == .orderedAscending }
            }
            return (left.objectID.primaryKey ?? 0) < (right.objectID.primaryKey ?? 0)
        }
    }

    /// The part of `rows` after skipping `offset`, at most `limit` long (0: no limit).
    static func window<T>(_ rows: [T], offset: Int, limit: Int) -> [T] {
        let start = min(max(offset, 0), rows.count)
        // `limit` is compared with what is left rather than added to `start`: `start + limit`
        // overflows (a trap) for a limit such as `Int.max`.
        let end = limit > 0 && limit < rows.count - start ? start + limit : rows.count
        return Array(rows[start..<end])
    }
}
