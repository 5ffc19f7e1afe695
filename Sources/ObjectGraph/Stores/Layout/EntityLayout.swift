/// Where one entity's objects live: its number, its table and a column per stored property.
public struct EntityLayout: Sendable {
    /// The entity's name.
    public let entityName: String
    /// `Z_ENT`: 1-based, depth-first pre-order over the inheritance forest in name order.
    public let entityNumber: Int
    /// The parent entity's number (`Z_SUPER` in `Z_PRIMARYKEY`), 0 for a root entity.
    public let superentityNumber: Int
    /// The name of the table holding its rows (its root entity's table).
    public let tableName: String
    /// This entity's number followed by all its descendants' numbers (for `Z_ENT IN (…)`).
    public let entityNumbersIncludingSubentities: [Int]
    /// The stored attributes and to-one relationships, inherited ones included, in the model's
    /// property order with the root entity's first: the order of Core Data's `SELECT` columns.
    public let columns: [PropertyColumn]
    /// The stored properties the entity's descendants add (in `Z_ENT` order, each in model order):
    /// appended to ``columns`` when fetching with sub-entities.
    public let subentityColumns: [PropertyColumn]
    /// How each to-many relationship (inherited ones included) is stored, by name.
    public let toManyRelationships: [String: ToManyLayout]

    /// The column of a stored attribute or to-one relationship (inherited ones included).
    public func column(forProperty name: String) -> PropertyColumn? {
        columns.first { $0.propertyName == name }
    }
}
