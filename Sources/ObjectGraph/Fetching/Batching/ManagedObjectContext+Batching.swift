extension ManagedObjectContext {
    /// Fetches the identities of the objects `request` selects and returns a collection that
    /// loads the objects ``FetchRequest/fetchBatchSize`` at a time as it is walked.
    ///
    /// The fetch runs one `SELECT 0, t0.Z_PK` (or `t0.Z_ENT, t0.Z_PK` over several entities)
    /// in the request's order; each batch is read with the store's batched row read
    /// (``PersistentStore/rows(for:)``: for SQLite `SELECT … WHERE  t0.Z_PK IN (…)`, one per 256
    /// keys, so a batch of 500 is two statements). The context's unsaved inserts and changed
    /// objects that match are included and its unsaved deletes left out, as with ``fetch(_:)``
    /// (see ``BatchedFetchResults`` for the why and the memory).
    /// Relationship prefetching applies to each batch as it loads. ``FetchRequest/returnsObjectsAsFaults``
    /// and ``FetchRequest/includesPropertyValues`` do not: a batch arrives with its values, as
    /// Core Data's batch faults do.
    ///
    /// - Throws: ``CoreDataError`` for an unknown entity, a prefetching key path that is not a
    ///   relationship, a ``FetchRequest/resultType`` other than objects, or a store that cannot
    ///   be read.
    public func fetchInBatches(_ request: FetchRequest) throws -> BatchedFetchResults {
        try request.requireResultType(.managedObjectResultType, calling: "fetchInBatches(_:)")
        let entity = try request.resolvedEntity(in: managedObjectModel)
        let prefetching = try request.prefetchingPaths(for: entity)
        let keys = try matchingObjectKeys(for: request, entity: entity)
        return BatchedFetchResults(
            keys: keys, batchSize: request.fetchBatchSize, prefetching: prefetching, context: self)
    }

    /// The objects of members `range` of `keys`, in order: objects already loaded here are
    /// used as they are; the others come from one store call for the whole range, made into
    /// objects the way a fetch makes them.
    ///
    /// What making them looks up (the entity's class and to-ones, the last to-one destination) is
    /// not kept for the next batch: it would hold that destination after its batch is let go.
    func loadBatch(of keys: ObjectKeyList, in range: Range<Int>, prefetching: [[RelationshipDescription]])
        -> [ManagedObject]
    {
        var objects: [ManagedObject?] = Array(repeating: nil, count: range.count)
        var missing: [ManagedObjectID] = []
        missing.reserveCapacity(range.count)
        var slots: [ManagedObjectID: Int] = [:]
        for index in range {
            let slot = index - range.lowerBound
            if let object = keys.explicitObject(at: index) {
                objects[slot] = object
                continue
            }
            let objectID = keys.objectID(at: index)
            if let object = tracker.registry[objectID], !object.isFault {
                objects[slot] = object
            } else {
                missing.append(objectID)
            }
        }
        if !missing.isEmpty {
            slots.reserveCapacity(missing.count)
            var next = 0
            for (slot, object) in objects.enumerated() where object == nil {
                slots[missing[next]] = slot
                next += 1
            }
            // A batch that cannot be read leaves its objects as faults, which read as empty, the
            // way Core Data's inaccessible faults do (a collection's subscript cannot throw).
            let rows = (try? persistentStoreCoordinator.rows(for: missing)) ?? []
            var made: [ManagedObject] = []
            var batches = FetchedObjectBatches()
            appendObjects(for: rows, to: &made, batches: &batches)
            for (row, object) in zip(rows, made) {
                if let slot = slots[row.objectID] { objects[slot] = object }
            }
        }
        let batch = objects.enumerated().map { slot, object in
            object ?? self.object(with: keys.objectID(at: range.lowerBound + slot))
        }
        try? prefetch(prefetching, for: batch)
        return batch
    }
}
