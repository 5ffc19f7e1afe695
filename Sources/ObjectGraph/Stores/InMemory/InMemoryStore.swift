import Foundation

/// A store that keeps its rows in memory: fast, empty at start, gone when released.
///
/// It behaves like the SQLite store in everything a context can observe: permanent IDs per
/// entity tree, versions (`Z_OPT`) with optimistic-locking conflicts, ordered to-many
/// relationships, and all-or-nothing saves. Use it for tests and previews:
///
/// ```swift
/// let container = PersistentContainer(name: "Theater", managedObjectModel: model)
/// try container.loadInMemoryStore()
/// ```
///
/// Like every store, it is called only under its coordinator's lock (`@unchecked Sendable`).
public final class InMemoryStore: PersistentStore, @unchecked Sendable {
    /// The store's UUID string, made when the store is created.
    public let identifier: String
    /// Always ``PersistentStoreType/inMemory``.
    public let type = PersistentStoreType.inMemory
    /// Always nil: the store has no file.
    public let url: URL? = nil
    /// The model the store holds objects of.
    public let model: ManagedObjectModel
    /// `NSStoreType`, `NSStoreUUID` and the model's version hashes, as an SQLite store records them.
    public let metadata: [String: Any]

    /// Stored rows by object ID.
    var rows: [ManagedObjectID: StoreRow] = [:]
    /// Members of to-many relationships by owner and relationship name (in order when ordered).
    var toManyMembers: [ManagedObjectID: [String: [ManagedObjectID]]] = [:]
    /// The last primary key handed out, per root entity name (rows are numbered per entity tree).
    private var lastPrimaryKey: [String: Int64] = [:]

    /// Makes an empty store for objects of `model`.
    public init(model: ManagedObjectModel, identifier: String = UUID().uuidString) {
        self.model = model
        self.identifier = identifier
        self.metadata = [
            "NSStoreType": PersistentStoreType.inMemory.rawValue,
            "NSStoreUUID": identifier,
            "NSStoreModelVersionHashes": model.entityVersionHashesByName,
        ]
    }

    /// The row of `objectID`, or nil when there is none.
    public func row(for objectID: ManagedObjectID) throws -> StoreRow? {
        rows[objectID]
    }

    /// The rows of several objects; IDs of rows that do not exist are skipped.
    public func rows(for objectIDs: [ManagedObjectID]) throws -> [StoreRow] {
        objectIDs.compactMap { rows[$0] }
    }

    /// The members of a to-many relationship, in order for an ordered one.
    public func relatedObjectIDs(of relationship: RelationshipDescription, for objectID: ManagedObjectID) throws
        -> [ManagedObjectID]
    {
        toManyMembers[objectID]?[relationship.name] ?? []
    }

    /// `count` fresh permanent IDs for `entity`, numbered after the highest of its entity tree.
    public func newObjectIDs(for entity: EntityDescription, count: Int) throws -> [ManagedObjectID] {
        let root = entity.rootEntity.name
        let first = (lastPrimaryKey[root] ?? 0) + 1
        guard count > 0 else { return [] }
        lastPrimaryKey[root] = first + Int64(count) - 1
        return (0..<Int64(count)).map {
            ManagedObjectID(entity: entity, primaryKey: first + $0, persistentStoreIdentifier: identifier)
        }
    }
}
