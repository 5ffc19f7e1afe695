extension ManagedObjectContext {
    /// The objects `request` selects, including this context's unsaved inserts and changes and
    /// leaving out its unsaved deletes, in the request's order.
    ///
    /// Honours ``FetchRequest/returnsObjectsAsFaults``, ``FetchRequest/includesPropertyValues``
    /// and ``FetchRequest/relationshipKeyPathsForPrefetching``. The answer is an array, so every
    /// object is made at once whatever ``FetchRequest/fetchBatchSize`` says; walk a large result
    /// with ``fetchInBatches(_:)`` instead.
    ///
    /// - Throws: ``CoreDataError`` for an unknown entity, a prefetching key path that is not a
    ///   relationship, a ``FetchRequest/resultType`` other than objects (use ``execute(_:)``), or
    ///   when a store cannot be read.
    public func fetch(_ request: FetchRequest) throws -> [ManagedObject] {
        try request.requireResultType(.managedObjectResultType, calling: "fetch(_:)")
        let entity = try request.resolvedEntity(in: managedObjectModel)
        let prefetching = try request.prefetchingPaths(for: entity)
        let objects: [ManagedObject]
        if request.includesPropertyValues {
            objects = try fetchWithValues(request, entity: entity)
        } else {
            let keys = try matchingObjectKeys(for: request, entity: entity)
            objects = (0..<keys.count).map { index in
                if case .object(let object) = keys[index] { return object }
                return object(with: keys.objectID(at: index))
            }
        }
        try prefetch(prefetching, for: objects)
        return objects
    }

    /// The objects `request` selects, as instances of the registered subclass `type`
    /// (objects of other classes are left out).
    public func fetch<T: ManagedObject>(_ request: FetchRequest, as type: T.Type) throws -> [T] {
        try fetch(request).compactMap { $0 as? T }
    }

    /// How many objects ``fetch(_:)`` would return for `request`, counted by the store when the
    /// context has no unsaved changes; otherwise the store's matching keys are counted with the
    /// unsaved changes applied, without making objects for them.
    public func count(for request: FetchRequest) throws -> Int {
        let entity = try request.resolvedEntity(in: managedObjectModel)
        if request.includesPendingChanges && hasChanges {
            return try matchingObjectKeys(for: request, entity: entity, ordered: false).count
        }
        guard !persistentStoreCoordinator.stores(holding: entity).isEmpty else { return 0 }
        return try persistentStoreCoordinator.countRows(request.storeRequest(for: entity, windowInStore: true))
    }

    /// The fetch of objects with their rows: one `SELECT` of every column, then unsaved changes
    /// merged in.
    private func fetchWithValues(_ request: FetchRequest, entity: EntityDescription) throws -> [ManagedObject] {
        let mergesChanges = request.includesPendingChanges && hasChanges
        let storeRequest = request.storeRequest(for: entity, windowInStore: !mergesChanges)
        var objects: [ManagedObject] = []
        if !persistentStoreCoordinator.stores(holding: entity).isEmpty {
            // A fetch larger than the row cache comes in batches, each made into objects at once.
            var batches = FetchedObjectBatches()
            let rows = try persistentStoreCoordinator.fetchRows(storeRequest) { batch in
                if objects.isEmpty {
                    // Rows come here only once the fetch has outgrown the row cache: room for that
                    // many objects is made at once, not by doubling from the first batch's size.
                    let expected = max(batch.count, PersistentStoreCoordinator.rowCacheCapacity + 1)
                    tracker.reserveCapacity(forMore: expected)
                    objects.reserveCapacity(expected)
                }
                appendObjects(for: batch, to: &objects, batches: &batches)
            }
            if let rows {
                // The coordinator keeps the rows of a fetch that fits its row cache; only then can
                // the objects stay faults whose first access costs no SQL.
                if request.returnsObjectsAsFaults {
                    objects = faults(for: rows)
                } else {
                    objects = self.objects(for: rows)
                }
            }
        }
        guard mergesChanges else { return objects }
        return mergePendingChanges(into: objects, request: request, entity: entity)
    }

    /// Store results plus unsaved inserts and changed objects that now match, minus deleted
    /// objects and changed ones that no longer match; re-sorted in memory the way the store
    /// sorts, then offset and limited.
    private func mergePendingChanges(
        into fetched: [ManagedObject], request: FetchRequest, entity: EntityDescription
    ) -> [ManagedObject] {
        var results = OrderedSet<ManagedObject>()
        for object in fetched where !object.isDeleted && request.matchesInMemory(object, entity: entity) {
            results.append(object)
        }
        for object in tracker.updated where !object.isDeleted && request.matchesInMemory(object, entity: entity) {
            results.append(object)
        }
        for object in tracker.inserted where request.matchesInMemory(object, entity: entity) {
            results.append(object)
        }
        let sorted = Self.sort(results.elements, by: request.sortDescriptors)
        return StoreRowOrdering.window(sorted, offset: request.fetchOffset, limit: request.fetchLimit)
    }

    /// Objects sorted by `descriptors` on their current values; ties keep their order (store
    /// order first, then unsaved inserts in insertion order).
    static func sort(_ objects: [ManagedObject], by descriptors: [ObjectSortDescriptor]) -> [ManagedObject] {
        guard !descriptors.isEmpty else { return objects }
        let keyed = objects.enumerated().map { index, object in
            (index: index, object: object, keys: descriptors.map { object.value(forKeyPath: $0.key) })
        }
        return keyed.sorted { left, right in
            for (position, descriptor) in descriptors.enumerated() {
                let result = descriptor.compare(left.keys[position], right.keys[position])
                if result != .orderedSame { return result == .orderedAscending }
            }
            return left.index < right.index
        }.map(\.object)
    }
}
