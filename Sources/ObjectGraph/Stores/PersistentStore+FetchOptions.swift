/// The default answers to the fetch options, worked out over the other requirements: what the
/// in-memory store and a child context's parent store give. The SQLite store answers them in SQL.
extension PersistentStore {
    /// Every selected row's ID, from ``fetchRows(_:)``.
    public func fetchObjectKeys(_ request: StoreFetchRequest) throws -> ObjectKeyList {
        var keys = ObjectKeyList(storeIdentifier: identifier)
        for row in try fetchRows(request) { keys.append(.objectID(row.objectID)) }
        return keys
    }

    /// Each owner's destinations from ``relatedObjectIDs(of:for:)`` and their rows, one batch per
    /// owner.
    public func fetchDestinationRows(
        of relationship: RelationshipDescription, owners: [ManagedObjectID],
        inBatches body: (_ ownerKeys: [Int64], _ rows: [StoreRow]) -> Void
    ) throws {
        for owner in owners {
            guard let key = owner.primaryKey else { continue }
            let rows = try relatedObjectIDs(of: relationship, for: owner).compactMap { try row(for: $0) }
            if !rows.isEmpty { body(Array(repeating: key, count: rows.count), rows) }
        }
    }

    /// Every selected row projected onto `properties`, following to-one relationships through
    /// ``row(for:)``.
    public func fetchDictionaries(_ request: StoreFetchRequest, properties: [DictionaryProperty], distinct: Bool)
        throws -> [[String: Any]]
    {
        return try DictionaryProjection(properties: properties, distinct: distinct).results(
            of: request, fetchRows: { try fetchRows($0) }, rowFor: { try row(for: $0) })
    }
}
