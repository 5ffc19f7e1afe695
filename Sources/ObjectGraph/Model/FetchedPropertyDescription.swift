/// A fetched property: a read-only, lazily fetched list of objects matching a predicate.
///
/// The predicate is kept as the model's text (`theater == $FETCH_SOURCE`); the fetching layer
/// parses it. Fetched properties have no column and are not part of version hashes.
public final class FetchedPropertyDescription: PropertyDescription, @unchecked Sendable {
    /// The name of the entity whose objects are fetched.
    public let destinationEntityName: String
    /// The predicate in Apple's format-string syntax, or nil to fetch every object.
    public let predicateFormat: String?

    /// The destination entity; nil until the model is built, or when the model is gone.
    public var destinationEntity: EntityDescription? { graph?.entity(at: destinationIndex) }

    /// The destination's index in the model's graph.
    var destinationIndex: Int?

    /// Describes a fetched property of `destinationEntityName` objects matching `predicateFormat`.
    public init(
        name: String, destinationEntityName: String, predicateFormat: String?, isOptional: Bool = true,
        userInfo: [String: String] = [:], versionHashModifier: String? = nil, renamingIdentifier: String? = nil
    ) {
        self.destinationEntityName = destinationEntityName
        self.predicateFormat = predicateFormat
        super.init(
            name: name, isOptional: isOptional, isTransient: true, isReadOnly: true,
            userInfo: userInfo, versionHashModifier: versionHashModifier, renamingIdentifier: renamingIdentifier)
    }
}
