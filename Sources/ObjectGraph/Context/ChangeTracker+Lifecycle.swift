extension ChangeTracker {
    // MARK: - Joining the context

    /// Inserts a detached object (its context and values are set by the caller): it becomes
    /// inserted, loaded, registered when it has an ID, and the last of ``inserted``.
    func insert(_ object: ManagedObject) {
        object.state.lifecycle = .inserted
        object.state.isFault = false
        register(object)
        inserted.append(object)
    }

    /// Registers `object`, just made for a stored row under `objectID` (the caller has just found
    /// no object registered for it): it is stored, with no pending change.
    func registerFetched(_ object: ManagedObject, for objectID: ManagedObjectID) {
        object.objectID = objectID
        object.state.lifecycle = .persisted
        registry.registerNew(object, for: objectID)
    }

    // MARK: - Pending changes

    /// Records that `object` was written to: a stored object joins ``updated`` (once).
    func markUpdated(_ object: ManagedObject) {
        if object.state.lifecycle == .persisted { updated.append(object) }
    }

    /// Deletes `object`, which is not deleted yet: an inserted object moves to ``discarded``
    /// (it never reaches a store), a stored one joins ``deleted``.
    func delete(_ object: ManagedObject) {
        if object.state.lifecycle == .inserted {
            inserted.remove(object)
            discarded.append(object)
            object.state.isDeletedWhileInserted = true
        } else {
            deleted.append(object)
        }
        object.state.lifecycle = .deleted
    }

    /// Takes back the deletion of `object` (undo): with `wasInserted` it is inserted again,
    /// otherwise stored again (its values are left as they are).
    func undelete(_ object: ManagedObject, wasInserted: Bool) {
        if wasInserted {
            discarded.remove(object)
            object.state.isDeletedWhileInserted = false
            object.state.lifecycle = .inserted
            inserted.append(object)
        } else {
            deleted.remove(object)
            object.state.lifecycle = .persisted
        }
    }

    /// Drops the pending update and deletion of a stored object (a refresh, or a merge conflict
    /// the store wins): it is stored again, in neither ``updated`` nor ``deleted``. Its values are
    /// the caller's to reload.
    func dropChanges(of object: ManagedObject) {
        if object.state.lifecycle == .deleted {
            deleted.remove(object)
            object.state.lifecycle = .persisted
        }
        updated.remove(object)
    }

    /// Drops `object` from the context (its row is gone, or its insertion was undone): it leaves
    /// every list and the registry, and is detached.
    func forget(_ object: ManagedObject) {
        inserted.remove(object)
        updated.remove(object)
        deleted.remove(object)
        discarded.remove(object)
        unregister(object)
        object.detachFromContext()
    }

    // MARK: - Rollback and reset

    /// Detaches every inserted and discarded object (the first step of a rollback); returns them.
    func rollBackInserts() -> [ManagedObject] {
        let dropped = inserted.elements + discarded.elements
        for object in dropped {
            unregister(object)
            object.detachFromContext()
        }
        return dropped
    }

    /// Makes a changed or deleted stored object a fault of its stored values (a rollback's step
    /// for each member of ``updated`` and ``deleted``); ``clearPendingChanges()`` empties the lists.
    func revertToStored(_ object: ManagedObject) {
        object.state.lifecycle = .persisted
        object.turnIntoFault()
    }

    /// Empties the four lists (the last step of a rollback).
    func clearPendingChanges() {
        inserted.removeAll()
        updated.removeAll()
        deleted.removeAll()
        discarded.removeAll()
    }

    /// Detaches every object and forgets it: the context is as new.
    func reset() {
        for object in allObjects { object.detachFromContext() }
        registry.removeAll()
        clearPendingChanges()
    }

    /// Lets go of every object's relationships and context (the context is being deinitialized).
    func releaseAll() {
        for object in allObjects {
            object.releaseRelationships()
            object.managedObjectContext = nil
        }
    }
}

extension ManagedObject {
    /// Drops the references to other objects (its context is going away).
    fileprivate func releaseRelationships() {
        state.toOneValues.removeAll()
        state.toManyValues.removeAll()
        state.committedToMany.removeAll()
    }

    /// Drops every reference the object holds and leaves its context (only the tracker calls it).
    func detachFromContext() {
        state = ObjectState()
        managedObjectContext = nil
    }
}
