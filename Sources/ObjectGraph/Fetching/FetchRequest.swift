/// A description of which objects to fetch: an entity, a predicate, their order and how many.
/// Core Data's `NSFetchRequest`.
///
/// ```swift
/// let request = FetchRequest(entityName: "Movie")
/// request.predicate = try ObjectPredicate(format: "theater.name == %@", "My House")
/// request.sortDescriptors = [ObjectSortDescriptor(key: "name", ascending: true)]
/// request.fetchLimit = 10
/// let movies = try context.fetch(request)
/// let total = try context.count(for: request)
/// ```
///
/// A fetch sees the context's unsaved inserts, changes and deletes, as Core Data does.
/// A request is a plain description; configure it on one queue and then only read it.
public final class FetchRequest: @unchecked Sendable {
    /// The name of the entity to fetch.
    public let entityName: String
    /// The entity, when the request was made from one; otherwise found by name in the context's model.
    public let entity: EntityDescription?
    /// Which objects qualify; nil for all objects of the entity.
    ///
    /// The store evaluates it (in SQL for an SQLite store); the context evaluates it in memory on
    /// its unsaved objects, so both agree.
    public var predicate: ObjectPredicate?
    /// The order of the results; empty leaves the order to the store (by primary key).
    public var sortDescriptors: [ObjectSortDescriptor] = []
    /// The most objects to return; 0 means no limit.
    public var fetchLimit = 0
    /// How many objects to skip before the first one returned.
    public var fetchOffset = 0
    /// Whether objects of sub-entities are fetched too (default true).
    public var includesSubentities = true
    /// Whether the context's unsaved changes are merged into the results (default true).
    ///
    /// Dictionary results always reflect the store alone, as in Core Data.
    public var includesPendingChanges = true

    // MARK: - What comes back

    /// What a fetch returns: objects (the default), object IDs, dictionaries or a count.
    ///
    /// ``ManagedObjectContext/execute(_:)`` answers in this form.
    /// ``ManagedObjectContext/fetchObjectIDs(_:)``, ``ManagedObjectContext/fetchDictionaries(_:)``
    /// and ``ManagedObjectContext/count(for:)`` answer in their own form whatever it says;
    /// ``ManagedObjectContext/fetch(_:)`` and ``ManagedObjectContext/fetchInBatches(_:)`` refuse
    /// a request for another form, because Core Data's `fetch` would answer in it and code
    /// ported from there would otherwise get objects without noticing.
    public var resultType = FetchRequestResultType.managedObjectResultType
    /// For dictionary results, the keys each dictionary holds, in order: attribute names, to-one
    /// relationship names (the value is the destination's ``ManagedObjectID``) and key paths
    /// through to-one relationships such as `"theater.name"` (the key is the whole path).
    /// Nil fetches every stored attribute of the entity.
    public var propertiesToFetch: [String]?
    /// For dictionary results, whether equal dictionaries are returned once (`SELECT DISTINCT`).
    /// Core Data ignores it for other result types, and so does this.
    public var returnsDistinctResults = false
    /// Whether fetched objects come back as faults whose values wait in the coordinator's row
    /// cache (true, Core Data's default) or with their values already in place (false).
    ///
    /// Either way the values arrive in the fetch's one `SELECT`; a fault fulfilled from the row
    /// cache costs no SQL. A fetch of more rows than the row cache keeps (10,000) returns its
    /// objects with their values in place, because faults that missed the cache would each
    /// cost a `SELECT` (the trace's `fault fulfilled from database` lines).
    public var returnsObjectsAsFaults = true
    /// Whether the fetch reads the objects' values (true, the default). False selects only the
    /// matching `Z_ENT, Z_PK` pairs and returns faults that each read their row on first access,
    /// which suits a fetch whose objects are only counted, compared or deleted.
    public var includesPropertyValues = true
    /// Relationship key paths (`"theater"`, `"movies"`, `"movies.playlists"`) whose destinations
    /// are loaded with the fetched objects, one extra `SELECT … IN (…)` per relationship in the
    /// path (per 256 keys), so walking them fires no fault per object. Destinations already in
    /// the context or the row cache cost no SQL.
    public var relationshipKeyPathsForPrefetching: [String] = []
    /// How many objects ``ManagedObjectContext/fetchInBatches(_:)`` loads at a time; 0 loads
    /// them all at the first access. ``ManagedObjectContext/fetch(_:)`` returns an array, so it
    /// always loads every object.
    public var fetchBatchSize = 0

    /// A request for objects of the entity named `entityName`.
    public init(entityName: String) {
        self.entityName = entityName
        self.entity = nil
    }

    /// A request for objects of `entity`.
    public init(entity: EntityDescription) {
        self.entityName = entity.name
        self.entity = entity
    }
}
