import Foundation

extension InMemoryStore {
    /// The rows of the request's entity (and sub-entities when asked), ordered by its sort
    /// descriptors (ties and unsorted requests in primary-key order), then offset and limited.
    public func fetchRows(_ request: StoreFetchRequest) throws -> [StoreRow] {
        let matching = rows.values.filter { matches($0, request) }
        let ordered = matching.sorted { left, right in
            for descriptor in request.sortDescriptors {
                let result = descriptor.compare(
                    value(atKeyPath: descriptor.key, of: left), value(atKeyPath: descriptor.key, of: right))
                if result != .orderedSame { return result == .orderedAscending }
            }
            return (left.objectID.primaryKey ?? 0) < (right.objectID.primaryKey ?? 0)
        }
        return StoreRowOrdering.window(ordered, offset: request.fetchOffset, limit: request.fetchLimit)
    }

    /// How many rows ``fetchRows(_:)`` would return.
    public func countRows(_ request: StoreFetchRequest) throws -> Int {
        let total = rows.values.lazy.filter { self.matches($0, request) }.count
        let afterOffset = max(0, total - max(0, request.fetchOffset))
        return request.fetchLimit > 0 ? min(afterOffset, request.fetchLimit) : afterOffset
    }

    private func matches(_ row: StoreRow, _ request: StoreFetchRequest) -> Bool {
        let entity = row.objectID.entity
        return request.includesSubentities ? entity.isKind(of: request.entity) : entity === request.entity
    }

    /// The value at a key path of a row, following to-one relationships through other rows;
    /// `@count` of a to-many relationship counts its members.
    func value(atKeyPath keyPath: String, of row: StoreRow) -> Any? {
        var current: StoreRow? = row
        let components = keyPath.split(separator: ".").map(String.init)
        for (index, key) in components.enumerated() {
            guard let here = current else { return nil }
            let isLast = index == components.count - 1
            if let relationship = here.objectID.entity.relationshipsByName[key], relationship.isToMany {
                let members = toManyMembers[here.objectID]?[key] ?? []
                return index + 1 < components.count && components[index + 1] == "@count" ? members.count : nil
            }
            let value = here.values[key]
            if isLast { return value }
            guard let next = value as? ManagedObjectID else { return nil }
            current = rows[next]
        }
        return nil
    }
}
