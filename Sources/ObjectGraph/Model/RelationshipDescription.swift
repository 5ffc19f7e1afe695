/// A relationship from one entity to another: to-one (`movie.theater`) or to-many (`theater.movies`).
///
/// Destination and inverse are given by name and resolved when the ``ManagedObjectModel`` is
/// built; an unknown name makes the model's initializer throw.
///
/// ```swift
/// let movies = RelationshipDescription(
///     name: "movies", destinationEntityName: "Movie", inverseName: "theater",
///     isToMany: true, deleteRule: .cascade)
/// ```
public final class RelationshipDescription: PropertyDescription, @unchecked Sendable {
    /// The name of the entity the relationship points to.
    public let destinationEntityName: String
    /// The name of the inverse relationship on the destination entity, or nil when there is none.
    public let inverseName: String?
    /// Whether the relationship holds a set (or ordered set) of objects rather than one object.
    public let isToMany: Bool
    /// Whether a to-many relationship keeps its objects in order.
    public let isOrdered: Bool
    /// The fewest objects a to-many relationship may hold when saved (0: no minimum).
    public let minCount: Int
    /// The most objects the relationship may hold as the model states it: 1 for to-one; 0 — or
    /// -1, which some Xcode versions write — for an unbounded to-many. The value is hashed as
    /// written (a store's version hash tells them apart), so it is kept; use ``maximumCount`` to
    /// validate.
    public let maxCount: Int
    /// What deleting the source object does to the destination objects.
    public let deleteRule: DeleteRule

    /// The most objects allowed, or nil when unbounded.
    public var maximumCount: Int? { maxCount > 0 ? maxCount : nil }

    /// The destination entity; nil until the model is built, or when the model is gone.
    public var destinationEntity: EntityDescription? { graph?.entity(at: destinationIndex) }
    /// The inverse relationship; nil when there is none, until the model is built, or when it is gone.
    public var inverseRelationship: RelationshipDescription? { graph?.relationship(at: inverseIndex) }

    /// The destination's index in the model's graph.
    var destinationIndex: Int?
    /// The inverse's index in the model graph's relationships.
    var inverseIndex: Int?

    /// Describes a relationship; a to-one always has `maxCount` 1, whatever is passed.
    public init(
        name: String, destinationEntityName: String, inverseName: String? = nil,
        isToMany: Bool = false, isOrdered: Bool = false, minCount: Int = 0, maxCount: Int = 0,
        deleteRule: DeleteRule = .nullify, isOptional: Bool = true, isTransient: Bool = false,
        userInfo: [String: String] = [:], versionHashModifier: String? = nil, renamingIdentifier: String? = nil
    ) {
        self.destinationEntityName = destinationEntityName
        self.inverseName = inverseName
        self.isToMany = isToMany
        self.isOrdered = isToMany && isOrdered
        self.minCount = max(0, minCount)
        self.maxCount = isToMany ? maxCount : 1
        self.deleteRule = deleteRule
        super.init(
            name: name, isOptional: isOptional, isTransient: isTransient, isReadOnly: false,
            userInfo: userInfo, versionHashModifier: versionHashModifier, renamingIdentifier: renamingIdentifier)
    }
}
