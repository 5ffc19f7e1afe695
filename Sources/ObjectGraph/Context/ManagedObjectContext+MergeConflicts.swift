extension ManagedObjectContext {
    /// Resolves optimistic-locking conflicts by ``mergePolicy`` so the save can be tried again.
    ///
    /// - Throws: `failure` again when a conflict cannot be resolved by the policy (for example an
    ///   object the store no longer has under ``MergePolicy/overwrite``).
    func resolve(_ conflicts: [MergeConflict], failure: CoreDataError) throws {
        for conflict in conflicts {
            guard let object = tracker.registry[conflict.objectID] else { throw failure }
            guard let row = conflict.persistedRow else {
                // Someone else deleted the row: only the policies that let the store win can go on.
                guard mergePolicy == .rollback || mergePolicy == .mergeByPropertyStoreTrump else { throw failure }
                tracker.forget(object)
                continue
            }
            switch mergePolicy {
            case .error:
                throw failure
            case .rollback:
                tracker.dropChanges(of: object)
                let previous = object.state.toOneValues
                apply(row, to: object, keepingChanges: false)
                // The row's keys win: every inverse follows, and a deleted destination is let go.
                repairInverses(of: object, from: previous, to: object.state.toOneValues, lettingGoOfDeleted: true)
            case .mergeByPropertyObjectTrump:
                merge(row, into: object, keeping: object.changedKeys)
            case .mergeByPropertyStoreTrump:
                let storeChanged = Set(row.values.keys).union(object.state.committedValues.keys).filter {
                    !AttributeValueEquality.isEqual(row.values[$0], object.state.committedValues[$0])
                }
                merge(row, into: object, keeping: object.changedKeys.subtracting(storeChanged))
            case .overwrite:
                // Keep every current value and write all of them over the newer row.
                object.state.version = row.version
                object.state.committedValues = row.values
                for property in object.entity.allProperties where !property.isTransient {
                    object.state.insertChangedKey(property.name, of: object.entity)
                }
            }
        }
    }

    /// Takes the row's values for every key not in `keeping`; the object's version becomes the row's.
    private func merge(_ row: StoreRow, into object: ManagedObject, keeping: ChangedKeys) {
        let changed = object.changedKeys
        let toMany = object.state.toManyValues
        let committedToMany = object.state.committedToMany
        object.changedKeys = keeping
        apply(row, to: object, keepingChanges: true)
        // apply() dropped loaded to-many relationships not kept; keep them all, they have no row values.
        object.state.toManyValues.merge(toMany) { current, _ in current }
        object.state.committedToMany = committedToMany
        object.changedKeys = keeping.union(
            changed.filter { object.entity.relationshipsByName[$0]?.isToMany == true })
    }
}
