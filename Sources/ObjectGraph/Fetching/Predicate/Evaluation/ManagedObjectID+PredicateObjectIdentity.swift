/// An object ID takes part in predicates as the row it names: `theater == %@` with an ID matches the
/// object with that ID, in memory and in SQL.
extension ManagedObjectID: PredicateObjectIdentity {
    /// The ID itself: IDs are equal when they name the same row.
    public var predicateIdentity: AnyHashable { AnyHashable(self) }

    /// The row's primary key; nil for a temporary ID.
    public var predicatePrimaryKey: Int64? { primaryKey }

    /// The ID's entity.
    public var predicateEntity: EntityDescription? { entity }
}
