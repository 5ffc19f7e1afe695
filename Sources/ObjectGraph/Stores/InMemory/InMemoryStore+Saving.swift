extension InMemoryStore {
    /// Applies `changes` all at once, after checking every version; throws 133020 listing each
    /// row whose version moved (or that is gone), and then changes nothing.
    public func save(_ changes: StoreChanges) throws {
        try check(changes)
        for row in changes.insertedRows {
            rows[row.objectID] = StoreRow(objectID: row.objectID, version: 1, propertyValues: row.values)
        }
        for update in changes.updatedRows {
            rows[update.objectID] = StoreRow(
                objectID: update.objectID, version: update.version + 1, propertyValues: update.values)
        }
        for change in changes.toManyChanges {
            toManyMembers[change.objectID, default: [:]][change.relationship.name] = change.destinations
        }
        let deleted = Set(changes.deletedObjects.map(\.objectID))
        guard !deleted.isEmpty else { return }
        for objectID in deleted {
            rows[objectID] = nil
            toManyMembers[objectID] = nil
        }
        // A deleted object leaves every to-many relationship that still lists it.
        for (owner, relationships) in toManyMembers {
            for (name, members) in relationships where members.contains(where: deleted.contains) {
                toManyMembers[owner]?[name] = members.filter { !deleted.contains($0) }
            }
        }
    }

    /// Throws when the change set cannot be applied as a whole.
    private func check(_ changes: StoreChanges) throws {
        var conflicts: [MergeConflict] = []
        for update in changes.updatedRows {
            let current = rows[update.objectID]
            if current?.version != update.version {
                conflicts.append(
                    MergeConflict(objectID: update.objectID, oldVersion: update.version, persistedRow: current))
            }
        }
        for deletion in changes.deletedObjects {
            let current = rows[deletion.objectID]
            if let current, current.version != deletion.version {
                conflicts.append(
                    MergeConflict(objectID: deletion.objectID, oldVersion: deletion.version, persistedRow: current))
            }
        }
        if !conflicts.isEmpty {
            throw CoreDataError(
                code: .managedObjectMerge,
                message: "Could not save: \(conflicts.count) object(s) changed in the store since they were read ("
                    + conflicts.map { $0.objectID.description }.joined(separator: ", ") + ")",
                conflicts: conflicts)
        }
        for row in changes.insertedRows where rows[row.objectID] != nil {
            throw CoreDataError(
                code: .persistentStoreSave, message: "Could not save: \(row.objectID) is already in the store",
                objectID: row.objectID)
        }
    }
}
