import Foundation

/// What attributes, relationships and fetched properties have in common: a named part of an entity.
///
/// You never make a `PropertyDescription` itself; make an ``AttributeDescription``,
/// ``RelationshipDescription`` or ``FetchedPropertyDescription`` and hand it to an
/// ``EntityDescription``.
///
/// Descriptions are immutable once their ``ManagedObjectModel`` is built: the model fills in the
/// back-pointers (``entity``, destinations, inverses) and the version hashes once, in its
/// initializer, and nothing changes afterwards. That is why the classes may be `@unchecked Sendable`.
public class PropertyDescription: @unchecked Sendable, CustomStringConvertible {
    /// The property's name, unique within its entity and the entity's ancestors.
    public let name: String
    /// Whether the property may be nil (or, for a to-many relationship, empty) when saved.
    public let isOptional: Bool
    /// Whether the property lives only in memory and is never stored.
    public let isTransient: Bool
    /// Whether the property cannot be set through key-value coding (derived attributes are read-only).
    public let isReadOnly: Bool
    /// Free-form key-value pairs from the model editor's "User Info".
    public let userInfo: [String: String]
    /// A string mixed into the version hash so a change that keeps the shape still counts as new.
    public let versionHashModifier: String?
    /// The property's former name, used by migrations (`elementID` in Xcode's XML).
    public let renamingIdentifier: String?

    /// The entity that declares this property; nil until a model is built, or when the model is gone.
    ///
    /// The model owns its entities and entities own their properties, so this back-pointer goes
    /// through the model's `ModelGraph`, which is not retained (see `ModelGraph`).
    public var entity: EntityDescription? { graph?.entity(at: entityIndex) }

    /// The links of the model the property's entity belongs to (unretained; it reads nil once
    /// the model is gone, see ``ModelGraph``).
    unowned(unsafe) var graph: ModelGraph?
    /// The declaring entity's index in ``graph``.
    var entityIndex: Int?

    /// Apple's 32-byte version hash of this property (DESIGN.md §3.3); empty until a model is built.
    public internal(set) var versionHash = Data()

    init(
        name: String, isOptional: Bool, isTransient: Bool, isReadOnly: Bool,
        userInfo: [String: String], versionHashModifier: String?, renamingIdentifier: String?
    ) {
        self.name = name
        self.isOptional = isOptional
        self.isTransient = isTransient
        self.isReadOnly = isReadOnly
        self.userInfo = userInfo
        self.versionHashModifier = versionHashModifier
        self.renamingIdentifier = renamingIdentifier
    }

    /// `Entity.property`, or just the name when the property is not in an entity yet.
    public var description: String {
        if let entity { return "\(entity.name).\(name)" }
        return name
    }
}
