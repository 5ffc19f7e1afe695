/// A fetch request stored in the model (Xcode's "Fetch Requests"), kept as text.
///
/// The fetching layer turns it into a real fetch request; the predicate may contain
/// `$VARIABLE`s that are substituted then.
public struct FetchRequestTemplate: Sendable, Equatable {
    /// The template's name.
    public let name: String
    /// The name of the entity it fetches.
    public let entityName: String
    /// Its predicate in Apple's format-string syntax, or nil to fetch every object.
    public let predicateFormat: String?
    /// The most objects it returns (0: no limit).
    public let fetchLimit: Int

    /// Describes a stored fetch request.
    public init(name: String, entityName: String, predicateFormat: String? = nil, fetchLimit: Int = 0) {
        self.name = name
        self.entityName = entityName
        self.predicateFormat = predicateFormat
        self.fetchLimit = fetchLimit
    }
}
