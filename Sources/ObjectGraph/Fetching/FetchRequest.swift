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
    public var includesPendingChanges = true

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
