extension PersistentStoreCoordinator {
    /// The destination rows of the to-many `relationship` of `owners` (stored objects), handed
    /// to `body` a batch at a time, each row with the position in `owners` of the object it
    /// belongs to (`owners` and `rows` of a batch correspond by position); in each owner's order
    /// for an ordered relationship.
    ///
    /// Each store answers for its owners with ``PersistentStore/fetchDestinationRows(of:owners:inBatches:)``:
    /// the SQLite store reads the rows of all its owners in one statement per 256 owners
    /// (`… WHERE  t0.ZTHEATER IN (?)`) and hands them over as it reads them, so the caller can
    /// make objects from each batch while it is in the processor's cache. Owners with temporary IDs or
    /// of a store the coordinator no longer has get no rows. `body` runs under the coordinator's
    /// (recursive) lock while a store's read is in progress: it must not use the stores.
    func destinationRows(
        of relationship: RelationshipDescription, for owners: [ManagedObjectID],
        inBatches body: (_ owners: [Int], _ rows: [StoreRow]) -> Void
    ) throws {
        try locked {
            // The owners' positions by store, stores in the order their first owner comes.
            var groups: [(identifier: String, positions: [Int])] = []
            for (position, owner) in owners.enumerated() where !owner.isTemporaryID {
                let identifier = owner.persistentStoreIdentifier ?? ""
                if let index = groups.firstIndex(where: { $0.identifier == identifier }) {
                    groups[index].positions.append(position)
                } else {
                    groups.append((identifier, [position]))
                }
            }
            for group in groups {
                guard let store = persistentStore(withIdentifier: group.identifier) else { continue }
                try readDestinationRows(
                    of: relationship, from: store, owners: owners, positions: group.positions, body)
            }
        }
    }

    /// The part of ``destinationRows(of:for:inBatches:)`` one store answers: the owners at
    /// `positions` are its objects. One owner (a cascade from one object) needs no
    /// lookup of each row's owner key.
    private func readDestinationRows(
        of relationship: RelationshipDescription, from store: PersistentStore, owners: [ManagedObjectID],
        positions: [Int], _ body: (_ owners: [Int], _ rows: [StoreRow]) -> Void
    ) throws {
        var positionByKey: [Int64: Int] = [:]
        var storeOwners: [ManagedObjectID] = []
        storeOwners.reserveCapacity(positions.count)
        for position in positions {
            guard let key = owners[position].primaryKey, positionByKey[key] == nil else { continue }
            positionByKey[key] = position
            storeOwners.append(owners[position])
        }
        guard !storeOwners.isEmpty else { return }
        let only = storeOwners.count == 1 ? storeOwners[0].primaryKey.flatMap { positionByKey[$0] } : nil
        var batchPositions: [Int] = []
        try store.fetchDestinationRows(of: relationship, owners: storeOwners) { ownerKeys, rows in
            batchPositions.removeAll(keepingCapacity: true)
            if let only {
                batchPositions.append(contentsOf: repeatElement(only, count: rows.count))
            } else {
                // A key the statement did not ask for cannot come back; -1 keeps the positions aligned.
                for key in ownerKeys { batchPositions.append(positionByKey[key] ?? -1) }
            }
            body(batchPositions, rows)
        }
    }
}
