import Foundation

/// A place objects live between runs: the SQLite store or the in-memory store.
///
/// A coordinator owns its stores and calls them only while holding its own lock, one call at a
/// time, so a store needs no locking of its own (conformers may be `@unchecked Sendable` on that
/// basis). Every call either
/// completes or throws a ``CoreDataError`` and leaves the store as it was.
public protocol PersistentStore: AnyObject {
    /// The store's UUID string (`Z_UUID` / `NSStoreUUID`); part of every permanent object ID's URI.
    var identifier: String { get }
    /// The kind of store.
    var type: PersistentStoreType { get }
    /// The file the store lives in, or nil for an in-memory store.
    var url: URL? { get }
    /// The store's metadata (`NSStoreType`, `NSStoreUUID`, version hashes, user keys).
    var metadata: [String: Any] { get }
    /// The model the store was opened with.
    var model: ManagedObjectModel { get }

    /// The rows `request` selects, in its order, after its offset and limit.
    func fetchRows(_ request: StoreFetchRequest) throws -> [StoreRow]

    /// The rows ``fetchRows(_:)`` returns, handed to `body` in order, a batch at a time.
    ///
    /// Stores that read rows one by one (the SQLite store) hand each batch over as soon as it is
    /// read, so that a caller making objects from a large fetch works on rows still in the cache
    /// and never holds them all; others get the default, one batch of every row. `body` must
    /// not use the store itself: its read is still in progress.
    func fetchRows(_ request: StoreFetchRequest, inBatches body: ([StoreRow]) -> Void) throws

    /// How many rows `request` selects (offset and limit applied as in ``fetchRows(_:)``).
    func countRows(_ request: StoreFetchRequest) throws -> Int

    /// The row of one object (fault fulfilment), or nil when the row no longer exists.
    func row(for objectID: ManagedObjectID) throws -> StoreRow?

    /// The rows of several objects of this store in one go (a group of faults fired together,
    /// such as the members a cascade delete is about to delete), in no particular order; rows
    /// that no longer exist are left out.
    ///
    /// Stores that can read many rows at once (the SQLite store: `WHERE Z_PK IN (…)`) implement
    /// this; others get the default, which asks ``row(for:)`` once per object.
    func rows(for objectIDs: [ManagedObjectID]) throws -> [StoreRow]

    /// The destinations of the to-many `relationship` of the object `objectID`, in order when the
    /// relationship is ordered.
    func relatedObjectIDs(
        of relationship: RelationshipDescription, for objectID: ManagedObjectID
    ) throws -> [ManagedObjectID]

    /// Allocates `count` permanent IDs for new objects of `entity`.
    func newObjectIDs(for entity: EntityDescription, count: Int) throws -> [ManagedObjectID]

    /// Writes `changes` in one transaction.
    ///
    /// Throws ``CoreDataError`` with code ``CoreDataError/Code/managedObjectMerge`` (133020) and one
    /// ``MergeConflict`` per row whose version moved since it was read (or that is gone); nothing
    /// is written then, nor when any other error is thrown.
    func save(_ changes: StoreChanges) throws

    // MARK: - Abilities with a default
    //
    // A store answers these itself where it can do better than the default (the SQLite store, in
    // SQL); the defaults (`PersistentStore+FetchOptions.swift`) work the answers out over the
    // requirements above.

    /// The entity and primary key of every row `request` selects, in its order, after its
    /// offset and limit: `SELECT 0, t0.Z_PK FROM ZMOVIE t0 … ORDER BY …` in the SQLite store.
    func fetchObjectKeys(_ request: StoreFetchRequest) throws -> ObjectKeyList

    /// The destination rows of the to-many `relationship` of `owners` (objects of this store of
    /// `relationship.entity` or a sub-entity, each once), in each owner's order for an ordered
    /// relationship, handed to `body` in batches as they are read, each row with its owner's
    /// primary key (`ownerKeys` and `rows` of a batch correspond by position). `body` must not
    /// use the store: its read may still be in progress.
    func fetchDestinationRows(
        of relationship: RelationshipDescription, owners: [ManagedObjectID],
        inBatches body: (_ ownerKeys: [Int64], _ rows: [StoreRow]) -> Void) throws

    /// One dictionary per row `request` selects holding `properties` (nil values left out), each
    /// distinct dictionary once when `distinct`, offset and limited after the distinct, as SQL does.
    func fetchDictionaries(_ request: StoreFetchRequest, properties: [DictionaryProperty], distinct: Bool) throws
        -> [[String: Any]]
}

extension PersistentStore {
    /// Hands every row of ``fetchRows(_:)`` to `body` in one batch: the fallback for stores that
    /// have all the rows at once anyway.
    public func fetchRows(_ request: StoreFetchRequest, inBatches body: ([StoreRow]) -> Void) throws {
        let rows = try fetchRows(request)
        if !rows.isEmpty { body(rows) }
    }

    /// Reads the rows one by one with ``row(for:)``: the fallback for stores without a batched read.
    public func rows(for objectIDs: [ManagedObjectID]) throws -> [StoreRow] {
        try objectIDs.compactMap { try row(for: $0) }
    }
}
