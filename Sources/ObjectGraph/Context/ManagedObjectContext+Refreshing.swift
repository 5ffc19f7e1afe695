extension ManagedObjectContext {
    /// Throws away every unsaved change: inserted objects leave the context, deleted ones come
    /// back, changed ones become faults that load their stored values on next access.
    public func rollback() {
        let discarded = insertedSet.elements + discardedInserts.elements
        let reverted = (touchedSet.elements + deletedSet.elements).filter { $0.managedObjectContext === self }
        defer { noteRollback(discarding: discarded, reverting: reverted) }
        for object in insertedSet.elements + discardedInserts.elements {
            unregister(object)
            object.detachFromContext()
        }
        for object in touchedSet.elements + deletedSet.elements where object.managedObjectContext === self {
            object.state.lifecycle = .persisted
            object.turnIntoFault()
        }
        insertedSet.removeAll()
        touchedSet.removeAll()
        deletedSet.removeAll()
        discardedInserts.removeAll()
    }

    /// Forgets every object: the context is as new. Objects fetched before must not be used again.
    public func reset() {
        defer { noteReset() }
        for object in allObjects { object.detachFromContext() }
        registry.removeAll()
        insertedSet.removeAll()
        touchedSet.removeAll()
        deletedSet.removeAll()
        discardedInserts.removeAll()
    }

    /// Re-reads `object` from its store.
    ///
    /// With `mergeChanges` false the object becomes a fault and its unsaved changes are lost;
    /// with true its unsaved changes are kept on top of the newest stored values (and its
    /// version moves to the newest, so a later save does not conflict over the values it took).
    /// Inserted objects are left alone.
    public func refresh(_ object: ManagedObject, mergeChanges: Bool) {
        defer { noteRefresh(of: object) }
        guard object.managedObjectContext === self, object.state.lifecycle != .inserted,
            !object.state.isDeletedWhileInserted
        else { return }
        guard mergeChanges, !object.state.isFault else {
            if object.state.lifecycle == .deleted {
                deletedSet.remove(object)
                object.state.lifecycle = .persisted
            }
            touchedSet.remove(object)
            // The stored to-one keys come back when the fault fires; their inverses follow now.
            let previous = object.state.toOneValues
            let stored = storedToOneDestinations(of: object)
            object.turnIntoFault()
            repairInverses(of: object, from: previous, to: stored, lettingGoOfDeleted: false)
            return
        }
        guard let row = try? persistentStoreCoordinator.row(for: object.objectID, fresh: true) else { return }
        let toMany = object.state.toManyValues.filter { object.state.changedKeys.contains($0.key) }
        let committedToMany = object.state.committedToMany.filter { toMany[$0.key] != nil }
        apply(row, to: object, keepingChanges: true)
        object.state.toManyValues.merge(toMany) { _, kept in kept }
        object.state.committedToMany.merge(committedToMany) { _, kept in kept }
    }
}

extension ManagedObjectContext {
    /// The registered objects the stored to-one keys of `object` name (a fault's are empty).
    fileprivate func storedToOneDestinations(of object: ManagedObject) -> PropertyMap<ManagedObject> {
        guard !object.state.isFault else { return [:] }
        var destinations = PropertyMap<ManagedObject>()
        for relationship in relationshipsInNameOrder(of: object.entity) where !relationship.isToMany {
            guard let id = object.state.committedValues[relationship.name] as? ManagedObjectID,
                let destination = registry[id]
            else { continue }
            destinations[relationship.name] = destination
        }
        return destinations
    }
}
