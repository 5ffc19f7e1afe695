/// What a store is asked to fetch or count: the context's ``FetchRequest`` stripped down to the
/// parts a store evaluates itself.
///
/// The coordinator builds it; the context then merges its unsaved changes into what comes back.
public struct StoreFetchRequest: @unchecked Sendable {
    /// The entity to fetch.
    public var entity: EntityDescription
    /// Whether instances of sub-entities are fetched too (Core Data's default: yes).
    public var includesSubentities: Bool
    /// Which rows qualify; nil for all rows of the entity. An SQLite store compiles it to SQL, the
    /// in-memory store evaluates it over its rows.
    public var predicate: ObjectPredicate?
    /// The order of the rows; empty means the store's natural order (by primary key).
    public var sortDescriptors: [ObjectSortDescriptor]
    /// The most rows to return; 0 means no limit.
    public var fetchLimit: Int
    /// How many rows to skip before the first one returned.
    public var fetchOffset: Int

    /// Makes a store request; everything but the entity has Core Data's default.
    public init(
        entity: EntityDescription, includesSubentities: Bool = true, predicate: ObjectPredicate? = nil,
        sortDescriptors: [ObjectSortDescriptor] = [], fetchLimit: Int = 0, fetchOffset: Int = 0
    ) {
        self.entity = entity
        self.includesSubentities = includesSubentities
        self.predicate = predicate
        self.sortDescriptors = sortDescriptors
        self.fetchLimit = fetchLimit
        self.fetchOffset = fetchOffset
    }
}
