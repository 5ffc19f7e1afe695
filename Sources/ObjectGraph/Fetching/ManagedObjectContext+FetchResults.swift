extension ManagedObjectContext {
    /// Runs `request` and answers in its ``FetchRequest/resultType``: objects, object IDs,
    /// dictionaries or a count (Core Data's `fetch`, which answers `[Any]`).
    ///
    /// ```swift
    /// request.resultType = .countResultType
    /// if case .count(let total) = try context.execute(request) { print(total) }
    /// ```
    ///
    /// - Throws: what the matching typed method throws.
    public func execute(_ request: FetchRequest) throws -> FetchResult {
        switch request.resultType {
        case .managedObjectResultType: return .objects(try fetch(request))
        case .managedObjectIDResultType: return .objectIDs(try fetchObjectIDs(request))
        case .dictionaryResultType: return .dictionaries(try fetchDictionaries(request))
        case .countResultType: return .count(try count(for: request))
        }
    }

    /// The IDs of the objects ``fetch(_:)`` would return, in the same order, without making or
    /// registering the objects (Core Data's `managedObjectIDResultType`).
    ///
    /// Without unsaved changes in the context this is one `SELECT 0, t0.Z_PK …`. With them, the
    /// unsaved inserts (temporary IDs) and changed objects that match are merged in by their
    /// current values, which reads the sort keys of a few stored objects (see
    /// ``fetchInBatches(_:)``).
    ///
    /// - Throws: ``CoreDataError`` for an unknown entity or when a store cannot be read.
    public func fetchObjectIDs(_ request: FetchRequest) throws -> [ManagedObjectID] {
        let entity = try request.resolvedEntity(in: managedObjectModel)
        let keys = try matchingObjectKeys(for: request, entity: entity)
        return (0..<keys.count).map { keys.objectID(at: $0) }
    }

    /// One dictionary per object the store matches, holding the request's
    /// ``FetchRequest/propertiesToFetch`` (every stored attribute when nil), keyed by the key
    /// path as given; nil values are left out, to-one relationships are the destinations'
    /// ``ManagedObjectID``s. With ``FetchRequest/returnsDistinctResults`` equal dictionaries come
    /// once (`SELECT DISTINCT`). Predicate, sort descriptors, offset and limit apply.
    ///
    /// ```swift
    /// request.propertiesToFetch = ["name", "theater.name"]
    /// try context.fetchDictionaries(request)   // [["name": "Up", "theater.name": "Odeon"], …]
    /// ```
    ///
    /// An empty ``FetchRequest/propertiesToFetch`` gives one empty dictionary per row (one in
    /// all with ``FetchRequest/returnsDistinctResults``).
    ///
    /// As Core Data documents, dictionaries reflect the store alone: the context's unsaved
    /// inserts, changes and deletes are not in them (save first to see them). No object is made.
    ///
    /// - Throws: ``CoreDataError`` for an unknown entity, a key the entity does not have (naming
    ///   the closest one), a to-many relationship or a transient attribute among the keys, or
    ///   when a store cannot be read.
    public func fetchDictionaries(_ request: FetchRequest) throws -> [[String: Any]] {
        let entity = try request.resolvedEntity(in: managedObjectModel)
        let properties = try request.dictionaryProperties(for: entity)
        let storeRequest = request.storeRequest(for: entity, windowInStore: true)
        guard !properties.isEmpty else {
            // No keys (an empty propertiesToFetch, or an entity without stored attributes): each
            // row projects to the empty dictionary, and SQL has no empty column list to select.
            let rows =
                persistentStoreCoordinator.stores(holding: entity).isEmpty
                ? 0 : try persistentStoreCoordinator.countRows(storeRequest)
            return Array(repeating: [:], count: request.returnsDistinctResults ? min(rows, 1) : rows)
        }
        return try persistentStoreCoordinator.fetchDictionaries(
            storeRequest, properties: properties, distinct: request.returnsDistinctResults)
    }
}
