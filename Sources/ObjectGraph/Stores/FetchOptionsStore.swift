/// A store that answers the fetch options itself (the SQLite store, in SQL): object IDs without
/// values, the destinations of many owners at once, and dictionary results. (Rows by primary key
/// in batches are ``PersistentStore/rows(for:)``, which every store has.)
///
/// Stores that are not one (the in-memory store, a child context's parent store, a store
/// written elsewhere) give the same answers through the coordinator, worked out over the
/// ``PersistentStore`` requirements (see `PersistentStoreCoordinator+FetchOptions.swift`). Like
/// every store call, these run under the coordinator's lock.
protocol FetchOptionsStore: PersistentStore {
    /// The entity and primary key of every row `request` selects, in its order, after its
    /// offset and limit: `SELECT 0, t0.Z_PK FROM ZMOVIE t0 … ORDER BY …`.
    func fetchObjectKeys(_ request: StoreFetchRequest) throws -> ObjectKeyList

    /// The destination rows of the to-many `relationship` of the owners `ownerKeys` (objects of
    /// `relationship.entity` or a sub-entity), in each owner's order for an ordered relationship
    /// (`… WHERE  t0.ZTHEATER IN (?, ?, …)`), handed to `body` in batches as they are read, each
    /// row with its owner's primary key (`ownerKeys` and `rows` of a batch correspond by
    /// position). `body` must not use the store: its read is still in progress.
    func fetchDestinationRows(
        of relationship: RelationshipDescription, ownerKeys: [Int64],
        inBatches body: (_ ownerKeys: [Int64], _ rows: [StoreRow]) -> Void) throws

    /// One dictionary per row `request` selects holding `properties` (nil values left out),
    /// each distinct dictionary once when `distinct`.
    func fetchDictionaries(_ request: StoreFetchRequest, properties: [DictionaryProperty], distinct: Bool) throws
        -> [[String: Any]]
}

/// One key of a dictionary result, resolved against the model: a key path through to-one
/// relationships ending at an attribute or a to-one relationship.
struct DictionaryProperty {
    /// What the key path ends at.
    enum Kind {
        /// An attribute of this type.
        case attribute(AttributeType)
        /// A to-one relationship; the value is the destination's object ID.
        case toOne(destination: EntityDescription)
    }

    /// The key in the dictionary: the key path as the request gave it (`"theater.name"`).
    var keyPath: String
    /// What the key path ends at.
    var kind: Kind
    /// The relationships followed before the last key (`["theater"]` for `"theater.name"`).
    var relationshipPath: [String]
    /// The last key of the path (`"name"`).
    var lastKey: String
    /// The value transformer a transformable attribute names, applied to the stored bytes.
    var transformerName: String? = nil
}
