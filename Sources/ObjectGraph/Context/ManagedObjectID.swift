import Foundation

/// The identity of one managed object: its entity plus either the primary key its store gave it
/// (permanent) or a UUID made at insert time (temporary, until the first save).
///
/// Two IDs are equal when they name the same row: the same store, the same entity inheritance
/// tree and the same primary key (Core Data numbers rows per root entity, so `Z_PK` is unique
/// across a tree). A temporary ID equals only itself. IDs are immutable, so they may cross queues.
///
/// ```swift
/// let movie = context.insertNewObject(forEntityName: "Movie")
/// movie.objectID.isTemporaryID              // true
/// try context.save()
/// movie.objectID.uriRepresentation()       // x-coredata://6F1C…/Movie/p1
/// ```
public final class ManagedObjectID: Hashable, CustomStringConvertible, @unchecked Sendable {
    /// The entity of the object (the most specific one, never an abstract parent of a real row).
    public let entity: EntityDescription
    /// The row's primary key (`Z_PK`), or nil for a temporary ID.
    public let primaryKey: Int64?
    /// The identifier (UUID string) of the store holding the row, or nil for a temporary ID.
    public let persistentStoreIdentifier: String?
    /// The identity of a temporary ID, or nil for a permanent one.
    public let temporaryIdentifier: UUID?

    /// The entity's name, kept so the ID still prints after its model is released.
    private let entityName: String
    /// The name of the root of the entity's inheritance tree: rows are numbered per tree.
    private let rootEntityName: String
    /// The hash of what `==` compares, computed once: IDs are dictionary keys on every hot path.
    let precomputedHash: Int

    /// Makes the permanent ID a store hands out for the row `primaryKey` of `entity`.
    public init(entity: EntityDescription, primaryKey: Int64, persistentStoreIdentifier: String) {
        self.entity = entity
        self.primaryKey = primaryKey
        self.persistentStoreIdentifier = persistentStoreIdentifier
        self.temporaryIdentifier = nil
        self.entityName = entity.name
        let root = Self.rootName(of: entity)
        self.rootEntityName = root
        var hasher = Hasher()
        hasher.combine(primaryKey)
        hasher.combine(persistentStoreIdentifier)
        hasher.combine(root)
        self.precomputedHash = hasher.finalize()
    }

    /// Makes a fresh temporary ID for a newly inserted object of `entity`.
    public init(temporaryIDFor entity: EntityDescription) {
        self.entity = entity
        self.primaryKey = nil
        self.persistentStoreIdentifier = nil
        let identifier = TemporaryIdentifierSource.shared.next()
        self.temporaryIdentifier = identifier
        self.entityName = entity.name
        self.rootEntityName = Self.rootName(of: entity)
        self.precomputedHash = identifier.hashValue
    }

    /// Whether the object has not been saved yet, so its ID will change at the next save.
    public var isTemporaryID: Bool { temporaryIdentifier != nil }

    /// The ID as a URI, the form Core Data archives and prints:
    /// `x-coredata://<store UUID>/<Entity>/p<pk>`, or `x-coredata:///<Entity>/t<UUID>` while temporary.
    public func uriRepresentation() -> URL {
        // Both spellings only contain URL-safe characters apart from the entity name, which
        // Xcode restricts to identifiers; percent-encoding keeps a hand-built model safe too.
        let entityPart = entityName.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? entityName
        let text: String
        if let primaryKey, let store = persistentStoreIdentifier {
            text = "x-coredata://\(store)/\(entityPart)/p\(primaryKey)"
        } else {
            text = "x-coredata:///\(entityPart)/t\(temporaryIdentifier?.uuidString ?? "")"
        }
        // The string is built from URL-safe parts, so parsing cannot fail; fall back defensively.
        return URL(string: text) ?? URL(fileURLWithPath: "/")
    }

    /// The URI in angle brackets, as Core Data prints an object ID: `<x-coredata://…/Movie/p1>`.
    public var description: String { "<\(uriRepresentation().absoluteString)>" }

    /// Two IDs are equal when they name the same stored row, or are the same temporary ID.
    public static func == (lhs: ManagedObjectID, rhs: ManagedObjectID) -> Bool {
        if lhs === rhs { return true }
        if let left = lhs.temporaryIdentifier { return left == rhs.temporaryIdentifier }
        return rhs.temporaryIdentifier == nil && lhs.primaryKey == rhs.primaryKey
            && lhs.persistentStoreIdentifier == rhs.persistentStoreIdentifier
            && lhs.rootEntityName == rhs.rootEntityName
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(precomputedHash)
    }

    private static func rootName(of entity: EntityDescription) -> String {
        var root = entity
        while let parent = root.superentity { root = parent }
        return root.name
    }
}
