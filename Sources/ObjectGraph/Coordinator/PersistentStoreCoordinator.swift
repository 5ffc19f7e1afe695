import Foundation

/// Joins one model to one or more persistent stores, and is the only way contexts reach them.
///
/// The coordinator routes each fetch and save to the stores that hold the entity, hands out
/// permanent object IDs, and remembers recently read rows (its row cache) so that firing a fault
/// for a freshly fetched object needs no second trip to the store.
///
/// ```swift
/// let coordinator = PersistentStoreCoordinator(managedObjectModel: model)
/// try coordinator.addPersistentStore(type: .inMemory, at: nil)
/// let context = ManagedObjectContext(concurrencyType: .privateQueue, coordinator: coordinator)
/// ```
///
/// Thread safety: several contexts on different queues share one coordinator, so every call
/// into a store happens under the coordinator's lock, one at a time (hence `@unchecked Sendable`).
public final class PersistentStoreCoordinator: @unchecked Sendable {
    /// The model every store of the coordinator is opened with.
    public let managedObjectModel: ManagedObjectModel

    /// Serialises store calls and guards the stores list and the row cache.
    let lock = NSRecursiveLock()
    private var stores: [PersistentStore] = []
    /// The entity names each store holds (its configuration), by store identifier.
    private var entityNamesByStore: [String: Set<String>] = [:]
    // Confined to the context's queue, the properties marked `@exclusivity(unchecked)` skip Swift's
    // run-time exclusivity check: they are read and written for every value of every object.
    @exclusivity(unchecked) var rowCache = RowCache(capacity: PersistentStoreCoordinator.rowCacheCapacity)
    /// Whether reads of saved objects' rows skip the row cache and ask the store (a child
    /// context's coordinator, whose store is the parent context). Rows of objects the parent has
    /// not saved yet (temporary IDs) can only come from the cache, filled by the fetch that found them.
    @exclusivity(unchecked) var readsThroughRowCache = false
    /// How many rows the row cache keeps.
    static let rowCacheCapacity = 10_000

    /// Makes a coordinator with no stores yet.
    public init(managedObjectModel: ManagedObjectModel) {
        self.managedObjectModel = managedObjectModel
    }

    /// The stores, in the order they were added.
    public var persistentStores: [PersistentStore] {
        locked { stores }
    }

    /// Opens a store of `type` at `url` (ignored for in-memory stores) and adds it.
    ///
    /// - Parameters:
    ///   - type: the kind of store, SQLite or in-memory.
    ///   - configuration: the model configuration whose entities the store holds; nil for all.
    ///   - url: the store's file; nil for an in-memory store.
    ///   - options: store options, passed to the store (for SQLite, e.g. read-only).
    /// - Throws: ``CoreDataError`` when the store cannot be opened (see the store type).
    @discardableResult
    public func addPersistentStore(
        type: PersistentStoreType, configuration: String? = nil, at url: URL?, options: [String: Any] = [:]
    ) throws -> PersistentStore {
        let store = try PersistentStoreFactory.makeStore(
            type: type, url: url, model: managedObjectModel, options: options)
        try addPersistentStore(store, configuration: configuration)
        return store
    }

    /// Adds a store that is already open (it must use this coordinator's model).
    ///
    /// - Throws: ``CoreDataError`` 134010 when the store was opened with another model, or when
    ///   a store with the same identifier or file is already added.
    public func addPersistentStore(_ store: PersistentStore, configuration: String? = nil) throws {
        guard store.model === managedObjectModel else {
            throw CoreDataError(
                code: .persistentStoreTypeMismatch,
                message: "The store \(store.url?.path ?? store.identifier) was opened with a different model "
                    + "than this coordinator's")
        }
        try locked {
            if stores.contains(where: { $0.identifier == store.identifier || ($0.url != nil && $0.url == store.url) }) {
                throw CoreDataError(
                    code: .persistentStoreOperation,
                    message:
                        "The store \(store.url?.path ?? store.identifier) has already been added to this coordinator")
            }
            stores.append(store)
            let names = managedObjectModel.entities(forConfiguration: configuration).map(\.name)
            entityNamesByStore[store.identifier] = Set(names)
        }
    }

    /// Removes `store`; objects of it in contexts can no longer fire faults or be saved.
    public func remove(_ store: PersistentStore) {
        locked {
            stores.removeAll { $0 === store }
            entityNamesByStore[store.identifier] = nil
            rowCache.removeAll()
        }
    }

    /// The store with the identifier (UUID string) `identifier`, if it is added.
    public func persistentStore(withIdentifier identifier: String) -> PersistentStore? {
        locked { stores.first { $0.identifier == identifier } }
    }

    /// The store whose file is `url`, if it is added.
    public func persistentStore(for url: URL) -> PersistentStore? {
        let path = url.standardizedFileURL.path
        return locked { stores.first { $0.url?.standardizedFileURL.path == path } }
    }

    /// The permanent object ID an `x-coredata://<store>/<Entity>/p<pk>` URI names, or nil when the
    /// URI is malformed, temporary, or names a store or entity this coordinator does not have.
    public func managedObjectID(forURIRepresentation uri: URL) -> ManagedObjectID? {
        guard uri.scheme == "x-coredata", let storeID = uri.host, !storeID.isEmpty else { return nil }
        let parts = uri.path.split(separator: "/").map(String.init)
        guard parts.count == 2, parts[1].hasPrefix("p"), let primaryKey = Int64(parts[1].dropFirst()),
            let entity = managedObjectModel.entitiesByName[parts[0].removingPercentEncoding ?? parts[0]],
            persistentStore(withIdentifier: storeID) != nil
        else { return nil }
        return ManagedObjectID(entity: entity, primaryKey: primaryKey, persistentStoreIdentifier: storeID)
    }

    // MARK: - Locking

    /// Runs `body` while holding the coordinator's lock.
    func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    // MARK: - Routing

    /// The stores that hold objects of `entity`, in the order they were added.
    func stores(holding entity: EntityDescription) -> [PersistentStore] {
        locked { stores.filter { entityNamesByStore[$0.identifier]?.contains(entity.name) ?? false } }
    }

    /// The store an object ID belongs to, or nil when it is temporary or its store is gone.
    func store(for objectID: ManagedObjectID) -> PersistentStore? {
        guard let identifier = objectID.persistentStoreIdentifier else { return nil }
        return persistentStore(withIdentifier: identifier)
    }

    /// Cached rows, for the context's fault handling.
    func cachedRow(for objectID: ManagedObjectID) -> StoreRow? {
        locked { rowCache.row(for: objectID) }
    }

    /// Whether ``row(for:fresh:)`` would answer a fault with the row whose values are `values`:
    /// the row cache still holds that row, and is read (see ``PropertyValues/areHeldByRowCache``).
    func rowCacheHolds(_ values: PropertyValues) -> Bool {
        locked { !readsThroughRowCache && values.areHeldByRowCache }
    }

    /// Updates the row cache with rows a store just returned or accepted.
    func remember(_ rows: [StoreRow]) {
        locked {
            rowCache.reserveCapacity(forMore: rows.count)
            for row in rows { rowCache.remember(row) }
        }
    }

    /// Removes deleted rows from the row cache.
    func forget(_ objectIDs: [ManagedObjectID]) {
        locked { for objectID in objectIDs { rowCache.forget(objectID) } }
    }
}
