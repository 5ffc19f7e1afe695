/// Where one stored attribute or to-one relationship of an entity lives in its table.
public struct PropertyColumn: Sendable, Equatable {
    /// The property's name.
    public let propertyName: String
    /// The column holding the attribute's value, or the to-one's foreign key.
    public let column: String
    /// For a to-one whose destination has sub-entities, the column holding the destination's `Z_ENT`.
    public let entityColumn: String?
    /// Whether this is a to-one relationship (else an attribute).
    public let isRelationship: Bool
}
