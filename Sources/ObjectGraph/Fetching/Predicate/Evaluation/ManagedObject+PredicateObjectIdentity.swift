/// A managed object takes part in predicates as its object ID: `theater == %@` matches whether the
/// argument is the object or its ID, and the SQL back end binds its primary key.
extension ManagedObject: PredicateObjectIdentity {
    /// The object's ID.
    public var predicateIdentity: AnyHashable { AnyHashable(objectID) }

    /// The row's primary key; nil until the object is first saved.
    public var predicatePrimaryKey: Int64? { objectID.primaryKey }

    /// The object's entity.
    public var predicateEntity: EntityDescription? { entity }
}

/// A row of the in-memory store, read by its predicates, is the object its ID names.
extension InMemoryStore.RowReader: PredicateObjectIdentity {
    var predicateIdentity: AnyHashable { AnyHashable(row.objectID) }
    var predicatePrimaryKey: Int64? { row.objectID.primaryKey }
    var predicateEntity: EntityDescription? { row.objectID.entity }
}
