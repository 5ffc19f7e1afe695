extension InMemoryStore {
    /// A stored row seen through key-value coding, so predicates and key-path sorts can follow
    /// relationships from row to row: a to-one key gives the destination's reader, a to-many key
    /// the readers of its members.
    struct RowReader: KeyValueReadable {
        let row: StoreRow
        let store: InMemoryStore

        func value(forKey key: String) -> Any? {
            guard let relationship = row.objectID.entity.relationshipsByName[key] else { return row.values[key] }
            if relationship.isToMany {
                let members = store.toManyMembers[row.objectID]?[key] ?? []
                return members.compactMap { store.rows[$0].map { RowReader(row: $0, store: store) } }
            }
            guard let destination = row.values[key] as? ManagedObjectID, let target = store.rows[destination] else {
                return nil
            }
            return RowReader(row: target, store: store)
        }
    }
}
