import Foundation

/// The fetch options' store calls: a ``FetchOptionsStore`` (SQLite) answers them in SQL; any
/// other store (in-memory, a child context's parent, several stores at once) gets the same
/// answers worked out here over the ``PersistentStore`` requirements.
extension PersistentStoreCoordinator {
    /// The identities of the rows `request` selects, in its order, after its offset and limit.
    func fetchObjectKeys(_ request: StoreFetchRequest) throws -> ObjectKeyList {
        try locked {
            let holders = stores(holding: request.entity)
            if holders.count == 1, let store = holders[0] as? FetchOptionsStore {
                return try store.fetchObjectKeys(request)
            }
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
            if holders.count == 1, let store = holders[0] as? FetchOptionsStore {
                return try store.fetchDictionaries(request, properties: properties, distinct: distinct)
            }
            var everything = request
            everything.fetchOffset = 0
            everything.fetchLimit = 0
            var results: [[String: Any]] = []
            var seen = Set<[String: AnyHashable]>()
            for row in try fetchRows(everything) {
                let dictionary = try project(row, properties)
                if distinct, let hashable = Self.hashable(dictionary), !seen.insert(hashable).inserted { continue }
                results.append(dictionary)
            }
            return StoreRowOrdering.window(results, offset: request.fetchOffset, limit: request.fetchLimit)
        }
    }

    /// `properties` of `row`, following to-one relationships through their rows.
    private func project(_ row: StoreRow, _ properties: [DictionaryProperty]) throws -> [String: Any] {
        var dictionary: [String: Any] = [:]
        for property in properties {
            var current: StoreRow? = row
            for relationship in property.relationshipPath {
                guard let destination = current?.values[relationship] as? ManagedObjectID else {
                    current = nil
                    break
                }
                current = try self.row(for: destination)
            }
            if let value = current?.values[property.lastKey] { dictionary[property.keyPath] = value }
        }
        return dictionary
    }

    /// The dictionary with hashable values, or nil when a value is not hashable (a
    /// transformable's object), so it never counts as a duplicate.
    private static func hashable(_ dictionary: [String: Any]) -> [String: AnyHashable]? {
        var result: [String: AnyHashable] = [:]
        for (key, value) in dictionary {
            guard let value = value as? AnyHashable else { return nil }
            result[key] = value
        }
        return result
    }
}
