/// One object read from a store: its reference, its entity and its values by property name.
public struct InspectedRow: Equatable, Sendable {
    /// `Entity/p<Z_PK>`, the short form of the object's URI.
    public var objectID: String
    /// The entity of this row (a sub-entity for rows of one).
    public var entityName: String
    /// `Z_PK`.
    public var primaryKey: Int64
    /// The values in ``RowReader/columns`` order (after the object ID and entity columns).
    public var values: [InspectedValue]
}
