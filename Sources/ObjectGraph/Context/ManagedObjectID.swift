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
    public var primaryKey: Int64? {
        if case .permanent = origin { return key }
        return nil
    }
    /// The identifier (UUID string) of the store holding the row, or nil for a temporary ID.
    public var persistentStoreIdentifier: String? { family?.storeIdentifier }
    /// The identity of a temporary ID, or nil for a permanent one.
    public var temporaryIdentifier: UUID? {
        if case .temporary = origin { return TemporaryIdentifierSource.shared.uuid(for: UInt64(bitPattern: key)) }
        return nil
    }

    /// What this permanent ID shares with every other ID of its store and entity; nil for a
    /// temporary ID.
    private var family: Family? {
        if case .permanent(let family) = origin { return family }
        return nil
    }

    /// A permanent ID's primary key, or the number of a temporary one (see
    /// `TemporaryIdentifierSource`), which stands for its UUID.
    private let key: Int64
    /// Whether the ID is permanent, with what it shares with its store's IDs of its entity.
    private let origin: Origin

    /// The kind of an ID. Both cases fit in one word (the family's reference), so with the key
    /// an ID is 40 bytes (a 48-byte block): an ID is made for every row a fetch reads. (It was
    /// 56, a 64-byte block, holding a temporary ID's UUID and a hash computed up front.)
    private enum Origin {
        /// A stored row's ID, and what it shares with its store's IDs of its entity.
        case permanent(Family)
        /// A temporary ID.
        case temporary
    }

    /// The hash of what `==` compares. Worked out when asked rather than stored: two loads and
    /// a multiply, against eight bytes on every ID.
    var identityHash: Int {
        switch origin {
        case .permanent(let family): Self.hash(primaryKey: key, familyHash: family.hash)
        case .temporary: Self.hash(primaryKey: key, familyHash: 0)
        }
    }

    /// Makes the permanent ID a store hands out for the row `primaryKey` of `entity`.
    public convenience init(entity: EntityDescription, primaryKey: Int64, persistentStoreIdentifier: String) {
        self.init(
            entity: entity, primaryKey: primaryKey, family: Family(entity: entity, store: persistentStoreIdentifier))
    }

    /// What the permanent IDs of one store and one entity share: worked out once by a store
    /// reading many rows, and held by each of their IDs as one reference (an ID is made for
    /// every row read, so what it holds on its own is what each row costs).
    final class Family: Sendable {
        /// The identifier of the store.
        let storeIdentifier: String
        /// The entity's name, kept so an ID still prints after its model is released.
        let entityName: String
        /// The name of the root of the entity's inheritance tree: rows are numbered per tree.
        let rootEntityName: String
        /// The hash of the store identifier and root entity name.
        let hash: Int

        init(entity: EntityDescription, store: String) {
            storeIdentifier = store
            entityName = entity.name
            rootEntityName = ManagedObjectID.rootName(of: entity)
            var hasher = Hasher()
            hasher.combine(store)
            hasher.combine(rootEntityName)
            hash = hasher.finalize()
        }
    }

    /// Makes the permanent ID of the row `primaryKey` of `entity`, whose store `family` describes.
    init(entity: EntityDescription, primaryKey: Int64, family: Family) {
        self.entity = entity
        self.key = primaryKey
        self.origin = .permanent(family)
    }

    /// The hash of a permanent ID: the primary key's bits spread by a multiply and a shift, mixed
    /// with the family's (seeded) hash. Cheaper than a `Hasher` per row read, and enough: the
    /// registry's table mixes it again, and `hash(into:)` feeds it to the caller's hasher.
    private static func hash(primaryKey: Int64, familyHash: Int) -> Int {
        var bits = UInt64(bitPattern: primaryKey) &* 0x9E37_79B9_7F4A_7C15
        bits ^= bits >> 29
        return Int(truncatingIfNeeded: bits) ^ familyHash
    }

    /// Makes a fresh temporary ID for a newly inserted object of `entity`.
    public init(temporaryIDFor entity: EntityDescription) {
        self.entity = entity
        self.key = Int64(bitPattern: TemporaryIdentifierSource.shared.nextNumber())
        self.origin = .temporary
    }

    /// Whether the object has not been saved yet, so its ID will change at the next save.
    public var isTemporaryID: Bool {
        if case .temporary = origin { return true }
        return false
    }

    /// The ID as a URI, the form Core Data archives and prints:
    /// `x-coredata://<store UUID>/<Entity>/p<pk>`, or `x-coredata:///<Entity>/t<UUID>` while temporary.
    public func uriRepresentation() -> URL {
        // Both spellings only contain URL-safe characters apart from the entity name, which
        // Xcode restricts to identifiers; percent-encoding keeps a hand-built model safe too.
        let entityName = family?.entityName ?? entity.name
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
        guard lhs.key == rhs.key else { return false }
        switch (lhs.origin, rhs.origin) {
        case (.temporary, .temporary):
            return true
        case (.permanent(let left), .permanent(let right)):
            return left === right
                || (left.storeIdentifier == right.storeIdentifier && left.rootEntityName == right.rootEntityName)
        case (.temporary, .permanent), (.permanent, .temporary):
            return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(identityHash)
    }

    /// The hash `Set` and `Dictionary` use: the identity hash mixed with the table's seed
    /// (it is a hash already, so it is not hashed again).
    public func _rawHashValue(seed: Int) -> Int {
        var bits = UInt64(UInt(bitPattern: identityHash)) ^ UInt64(UInt(bitPattern: seed))
        bits = (bits ^ (bits >> 31)) &* 0x7FB5_D329_728E_A185
        bits = (bits ^ (bits >> 27)) &* 0x81DA_DEF4_BC2D_D44D
        return Int(truncatingIfNeeded: bits ^ (bits >> 33))
    }

    private static func rootName(of entity: EntityDescription) -> String {
        var root = entity
        while let parent = root.superentity { root = parent }
        return root.name
    }
}
