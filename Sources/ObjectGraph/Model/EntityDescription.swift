import Foundation

/// An entity of a model: a kind of object (`Theater`, `Movie`) with its properties and rules.
///
/// Build entities, then hand them to ``ManagedObjectModel/init(entities:fetchRequestTemplates:configurations:versionIdentifiers:userInfo:)``, which links parents,
/// sub-entities, destinations and inverses by name and computes version hashes. After that the
/// entity never changes, which is why it may be shared across threads (`@unchecked Sendable`).
///
/// ```swift
/// let movie = EntityDescription(name: "Movie", properties: [
///     AttributeDescription(name: "name", type: .string, isOptional: false),
///     RelationshipDescription(name: "theater", destinationEntityName: "Theater", inverseName: "movies"),
/// ])
/// ```
public final class EntityDescription: @unchecked Sendable, CustomStringConvertible {
    /// The entity's name, unique in its model.
    public let name: String
    /// The name of the class that represents its objects (`representedClassName`).
    public let managedObjectClassName: String
    /// Whether the entity has no objects of its own, only sub-entity objects.
    public let isAbstract: Bool
    /// The name of the parent entity, or nil for a root entity.
    public let superentityName: String?
    /// The entity's own properties (not inherited ones), in declared order.
    public let properties: [PropertyDescription]
    /// Sets of property names whose values must be unique together, as declared.
    public let uniquenessConstraints: [[String]]
    /// The entity's fetch indexes, as declared.
    public let fetchIndexes: [FetchIndexDescription]
    /// A string mixed into the version hash so a change that keeps the shape still counts as new.
    public let versionHashModifier: String?
    /// The entity's former name, used by migrations (`elementID` in Xcode's XML).
    public let renamingIdentifier: String?
    /// Free-form key-value pairs from the model editor's "User Info".
    public let userInfo: [String: String]

    /// The parent entity; nil for a root entity, until the model is built, or when the model is gone.
    public var superentity: EntityDescription? { graph?.entity(at: superentityIndex) }
    /// The direct sub-entities, in name order (case-insensitive, then case-sensitive).
    public internal(set) var subentities: [EntityDescription] = []
    /// Every property, inherited ones first (root entity's, then each level down), each level in
    /// declared order; this is the order Core Data lists columns in a `SELECT`.
    public internal(set) var allProperties: [PropertyDescription] = []
    /// The names of ``allProperties`` in their order, found by name the quick way: what an
    /// object's state uses to keep its first changed key as a number (see `ObjectState`).
    /// Set when the model is linked, as ``allProperties`` is.
    var propertyNames = PropertySlotLayout(names: [])
    /// Every property by name, inherited ones included.
    public internal(set) var propertiesByName: [String: PropertyDescription] = [:]
    /// Every attribute by name, inherited ones included.
    public internal(set) var attributesByName: [String: AttributeDescription] = [:]
    /// Every relationship by name, inherited ones included.
    public internal(set) var relationshipsByName: [String: RelationshipDescription] = [:]
    /// Every fetched property by name, inherited ones included.
    public internal(set) var fetchedPropertiesByName: [String: FetchedPropertyDescription] = [:]
    /// Apple's 32-byte version hash of the entity (DESIGN.md §3.3); empty until a model is built.
    public internal(set) var versionHash = Data()
    /// The model the entity belongs to; nil until it is built, or when the model is gone.
    public var managedObjectModel: ManagedObjectModel? { graph?.model }

    /// The links of the entity's model (see ``ModelGraph`` for why they are not weak references,
    /// and how this one reads nil once the model is gone).
    unowned(unsafe) var graph: ModelGraph?
    /// The parent's index in ``graph``.
    var superentityIndex: Int?

    /// Describes an entity; every argument but the name has Core Data's default.
    ///
    /// - Parameters:
    ///   - name: the entity's name, unique in its model (`Movie`).
    ///   - managedObjectClassName: the class of its objects; `ManagedObject` when nil.
    ///   - isAbstract: whether objects of it cannot be made, only of its sub-entities.
    ///   - superentityName: the parent entity's name, resolved when the model is built.
    ///   - properties: its own attributes, relationships and fetched properties (not the parent's).
    ///   - uniquenessConstraints: groups of property names whose values no two objects may share.
    ///   - fetchIndexes: the indexes the SQLite store creates for it.
    ///   - versionHashModifier: a string mixed into the version hash to mark a change it cannot see.
    ///   - renamingIdentifier: the entity's name in an earlier model version, for migration.
    ///   - userInfo: the model's user-info keys and values.
    public init(
        name: String, managedObjectClassName: String? = nil, isAbstract: Bool = false,
        superentityName: String? = nil, properties: [PropertyDescription] = [],
        uniquenessConstraints: [[String]] = [], fetchIndexes: [FetchIndexDescription] = [],
        versionHashModifier: String? = nil, renamingIdentifier: String? = nil, userInfo: [String: String] = [:]
    ) {
        self.name = name
        self.managedObjectClassName = managedObjectClassName ?? "ManagedObject"
        self.isAbstract = isAbstract
        self.superentityName = superentityName
        self.properties = properties
        self.uniquenessConstraints = uniquenessConstraints
        self.fetchIndexes = fetchIndexes
        self.versionHashModifier = versionHashModifier
        self.renamingIdentifier = renamingIdentifier
        self.userInfo = userInfo
    }

    /// The top of this entity's inheritance chain (itself when it has no parent).
    ///
    /// All entities of one chain share the root's table in an SQLite store.
    public var rootEntity: EntityDescription {
        var entity = self
        while let parent = entity.superentity { entity = parent }
        return entity
    }

    /// Whether this entity is `entity` or one of its descendants.
    public func isKind(of entity: EntityDescription) -> Bool {
        var current: EntityDescription? = self
        while let candidate = current {
            if candidate === entity { return true }
            current = candidate.superentity
        }
        return false
    }

    /// The chain from the root entity down to this one (root first, this entity last).
    public var inheritanceChain: [EntityDescription] {
        var chain: [EntityDescription] = []
        var current: EntityDescription? = self
        while let entity = current {
            chain.append(entity)
            current = entity.superentity
        }
        return chain.reversed()
    }

    /// This entity and all its descendants, depth first, each level in name order.
    public var selfAndDescendants: [EntityDescription] {
        [self] + subentities.flatMap(\.selfAndDescendants)
    }

    /// The entity's own attributes, in declared order.
    public var ownAttributes: [AttributeDescription] { properties.compactMap { $0 as? AttributeDescription } }

    /// The entity's own relationships, in declared order.
    public var ownRelationships: [RelationshipDescription] {
        properties.compactMap { $0 as? RelationshipDescription }
    }

    /// The entity's name.
    public var description: String { name }
}
