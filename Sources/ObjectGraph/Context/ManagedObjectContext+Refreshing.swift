extension ManagedObjectContext {
    /// Throws away every unsaved change: inserted objects leave the context, deleted ones come
    /// back, changed ones become faults that load their stored values on next access.
    public func rollback() {
        let reverted = (tracker.updated.elements + tracker.deleted.elements).filter { $0.managedObjectContext === self }
        let discarded = tracker.rollBackInserts()
        defer { noteRollback(discarding: discarded, reverting: reverted) }
        // Observers of a changed key hear it go back to its stored value, as Key-Value Observing
        // reports a rollback in Core Data: told before the object forgets the change, and after
        // every list is cleared (the new value is read then, from the store).
        var restoredKeys: [(object: ManagedObject, keys: [String])] = []
        for object in reverted {
            if let info = object.observationInfo {
                let keys = info.observedKeys.filter(object.changedKeys.contains).sorted()
                for key in keys { info.willChange(forKey: key) }
                if !keys.isEmpty { restoredKeys.append((object, keys)) }
            }
            tracker.revertToStored(object)
        }
        tracker.clearPendingChanges()
        for (object, keys) in restoredKeys {
            for key in keys { object.observationInfo?.didChange(forKey: key) }
        }
    }

    /// Forgets every object: the context is as new. Objects fetched before must not be used again.
    public func reset() {
        defer { noteReset() }
        tracker.reset()
    }

    /// Re-reads `object` from its store.
    ///
    /// With `mergeChanges` false the object becomes a fault, which reads the store (not a cached
    /// row) when next touched, and its unsaved changes are lost;
    /// with true its unsaved changes are kept on top of the newest stored values (and its
    /// version moves to the newest, so a later save does not conflict over the values it took).
    /// Inserted objects are left alone.
    public func refresh(_ object: ManagedObject, mergeChanges: Bool) {
        defer { noteRefresh(of: object) }
        guard object.managedObjectContext === self, object.state.lifecycle != .inserted,
            !object.state.isDeletedWhileInserted
        else { return }
        guard mergeChanges, !object.state.isFault else {
            tracker.dropChanges(of: object)
            // The stored to-one keys come back when the fault fires; their inverses follow now.
            let previous = object.state.toOneValues
            let stored = storedToOneDestinations(of: object)
            // The fault must read the store, not the coordinator's cached row: another
            // coordinator (another process) may have saved the row since it was cached.
            persistentStoreCoordinator.forget([object.objectID])
            object.turnIntoFault()
            repairInverses(of: object, from: previous, to: stored, lettingGoOfDeleted: false)
            return
        }
        guard let row = try? persistentStoreCoordinator.row(for: object.objectID, fresh: true) else { return }
        let toMany = object.state.toManyValues.filter { object.changedKeys.contains($0.key) }
        let committedToMany = object.state.committedToMany.filter { toMany[$0.key] != nil }
        let observed = observedKeysChanged(in: object, by: row)
        for key in observed { object.observationInfo?.willChange(forKey: key) }
        apply(row, to: object, keepingChanges: true)
        object.state.toManyValues.merge(toMany) { _, kept in kept }
        object.state.committedToMany.merge(committedToMany) { _, kept in kept }
        for key in observed { object.observationInfo?.didChange(forKey: key) }
    }
}

extension ManagedObjectContext {
    /// Refreshes every registered object, keeping unsaved changes: Core Data's `refreshAllObjects()`,
    /// which refreshes each object as ``refresh(_:mergeChanges:)`` does with `mergeChanges` true.
    ///
    /// An object with changes takes the newest stored values under its own changes; an object
    /// without any becomes a fault that reads the store when next touched (what a merging refresh
    /// of it amounts to, without reading every row now). Inserted objects are left alone. Use it
    /// to see what other contexts or processes saved, or to let go of values a long-lived context
    /// no longer needs; the objects stay valid.
    public func refreshAllObjects() {
        for object in allObjects where object.managedObjectContext === self {
            refresh(object, mergeChanges: object.hasChanges)
        }
    }
}

extension ManagedObject {
    /// Whether a row's stored value of the attribute or to-one `key` differs from the value this
    /// object holds.
    fileprivate func storedValueDiffers(forKey key: String, in row: StoreRow) -> Bool {
        if let attribute = entity.attributesByName[key] {
            return !attribute.isTransient
                && !AttributeValueEquality.isEqual(state.attributeValues[key], row.values[key])
        }
        guard let relationship = entity.relationshipsByName[key], !relationship.isToMany else { return false }
        return state.toOneValues[key]?.objectID != row.values[key] as? ManagedObjectID
    }
}

extension ManagedObjectContext {
    /// The observed attribute and to-one keys of `object` whose values a refresh merging `row`
    /// changes (keys the object changed itself keep their values), so that observers hear of a
    /// merged change as Key-Value Observing reports it in Core Data.
    fileprivate func observedKeysChanged(in object: ManagedObject, by row: StoreRow) -> [String] {
        guard let info = object.observationInfo else { return [] }
        return info.observedKeys.sorted().filter { key in
            !object.changedKeys.contains(key) && object.storedValueDiffers(forKey: key, in: row)
        }
    }
}

extension ManagedObjectContext {
    /// The registered objects the stored to-one keys of `object` name (a fault's are empty).
    fileprivate func storedToOneDestinations(of object: ManagedObject) -> ToOneMap {
        guard !object.state.isFault else { return [:] }
        var destinations = ToOneMap()
        for relationship in relationshipsInNameOrder(of: object.entity) where !relationship.isToMany {
            guard let id = object.state.committedValues[relationship.name] as? ManagedObjectID,
                let destination = tracker.registry[id]
            else { continue }
            destinations[relationship.name] = destination
        }
        return destinations
    }
}
