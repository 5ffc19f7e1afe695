/// How the objects of one source entity become objects of one destination entity. Core Data's
/// `NSEntityMapping`.
public struct EntityMapping: @unchecked Sendable {
    /// What the mapping does with objects (Core Data's `NSEntityMappingType`).
    public enum Kind: String, Sendable {
        /// A new destination entity: no objects to carry over.
        case add
        /// A source entity that is dropped with its objects.
        case remove
        /// The same entity, unchanged: every object is copied as it is.
        case copy
        /// The entity changed (renamed, properties added, removed or changed): objects are
        /// converted property by property.
        case transform
    }

    /// The mapping's name, as Core Data names inferred ones: `PostToPost`, `ColorToColor`.
    public var name: String
    /// What the mapping does.
    public var kind: Kind
    /// The source entity's name; nil for ``Kind/add``.
    public var sourceEntityName: String?
    /// The destination entity's name; nil for ``Kind/remove``.
    public var destinationEntityName: String?
    /// How each destination attribute gets its value (absent attributes get their default value).
    public var attributeMappings: [PropertyMapping]
    /// How each destination relationship gets its destinations (absent ones stay empty).
    public var relationshipMappings: [PropertyMapping]

    /// An entity mapping; `name` defaults to `<Source>To<Destination>`.
    public init(
        kind: Kind, sourceEntityName: String?, destinationEntityName: String?,
        attributeMappings: [PropertyMapping] = [], relationshipMappings: [PropertyMapping] = [], name: String? = nil
    ) {
        self.kind = kind
        self.sourceEntityName = sourceEntityName
        self.destinationEntityName = destinationEntityName
        self.attributeMappings = attributeMappings
        self.relationshipMappings = relationshipMappings
        self.name = name ?? "\(sourceEntityName ?? "")To\(destinationEntityName ?? "")"
    }

    /// The mapping of the destination attribute named `name`.
    public func attributeMapping(named name: String) -> PropertyMapping? {
        attributeMappings.first { $0.name == name }
    }

    /// The mapping of the destination relationship named `name`.
    public func relationshipMapping(named name: String) -> PropertyMapping? {
        relationshipMappings.first { $0.name == name }
    }
}
