import Foundation

/// The fetch options' store calls. An entity held by one store is that store's to answer
/// (``PersistentStore/fetchObjectKeys(_:)`` and ``PersistentStore/fetchDictionaries(_:properties:distinct:)``,
/// which the SQLite store answers in SQL); an entity spread over several stores gets the answers
/// worked out here from their rows.
extension PersistentStoreCoordinator {
    /// The identities of the rows `request` selects, in its order, after its offset and limit.
    func fetchObjectKeys(_ request: StoreFetchRequest) throws -> ObjectKeyList {
        try locked {
            let holders = stores(holding: request.entity)
            if holders.count == 1 { return try holders[0].fetchObjectKeys(request) }
            var keys = ObjectKeyList(storeIdentifier: holders.first?.identifier ?? "")
            guard !holders.isEmpty else { return keys }
            for row in try fetchRows(request) { keys.append(.objectID(row.objectID)) }
            return keys
        }
    }

    /// Dictionary results: `properties` of each row `request` selects, each distinct dictionary
    /// once when `distinct`, then offset and limited (after the distinct, as SQL does).
    func fetchDictionaries(_ request: StoreFetchRequest, properties: [DictionaryProperty], distinct: Bool) throws
        -> [[String: Any]]
    {
        try locked {
            let holders = stores(holding: request.entity)
            guard !holders.isEmpty else { return [] }
            if holders.count == 1 {
                return try holders[0].fetchDictionaries(request, properties: properties, distinct: distinct)
            }
            return try DictionaryProjection(properties: properties, distinct: distinct).results(
                of: request, fetchRows: { try fetchRows($0) }, rowFor: { try row(for: $0) })
        }
    }
}
