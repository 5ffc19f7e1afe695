/// Dictionary results worked out in memory from whole rows: what a store without its own
/// dictionary fetch, and a fetch over several stores, give.
struct DictionaryProjection {
    /// The keys each dictionary holds.
    var properties: [DictionaryProperty]
    /// Whether equal dictionaries are kept once.
    var distinct: Bool

    /// The projected rows of `request`: every matching row is fetched with `fetchRows` (its
    /// offset and limit apply after projection, since `distinct` may merge rows), then projected
    /// and windowed as ``results(of:offset:limit:rowFor:)`` does.
    func results(
        of request: StoreFetchRequest, fetchRows: (StoreFetchRequest) throws -> [StoreRow],
        rowFor: (ManagedObjectID) throws -> StoreRow?
    ) throws -> [[String: Any]] {
        var everything = request
        everything.fetchOffset = 0
        everything.fetchLimit = 0
        return try results(
            of: fetchRows(everything), offset: request.fetchOffset, limit: request.fetchLimit, rowFor: rowFor)
    }

    /// `rows` projected onto ``properties``, each distinct dictionary once when ``distinct``,
    /// then offset and limited (after the distinct, as SQL does). `rowFor` reads the row a to-one
    /// relationship leads to.
    func results(
        of rows: [StoreRow], offset: Int, limit: Int, rowFor: (ManagedObjectID) throws -> StoreRow?
    ) throws -> [[String: Any]] {
        var results: [[String: Any]] = []
        var seen = Set<[String: AnyHashable]>()
        for row in rows {
            let dictionary = try project(row, rowFor: rowFor)
            if distinct, let hashable = Self.hashable(dictionary), !seen.insert(hashable).inserted { continue }
            results.append(dictionary)
        }
        return StoreRowOrdering.window(results, offset: offset, limit: limit)
    }

    /// ``properties`` of `row`, following to-one relationships through their rows.
    private func project(_ row: StoreRow, rowFor: (ManagedObjectID) throws -> StoreRow?) throws -> [String: Any] {
        var dictionary: [String: Any] = [:]
        for property in properties {
            var current: StoreRow? = row
            for relationship in property.relationshipPath {
                guard let destination = current?.values[relationship] as? ManagedObjectID else {
                    current = nil
                    break
                }
                current = try rowFor(destination)
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
