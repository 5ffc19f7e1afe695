/// One way the store's model differs from the expected one.
public struct ModelDifference: Equatable, Sendable {
    /// The entity concerned.
    public var entity: String
    /// The property concerned, or nil for the entity itself.
    public var property: String?
    /// What differs, in a sentence (`type: store String, expected Integer 32`).
    public var message: String
}
