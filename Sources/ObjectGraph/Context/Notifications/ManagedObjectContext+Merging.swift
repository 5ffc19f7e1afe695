import Foundation

extension ManagedObjectContext {
    /// Brings this context up to date with a save made by another context on the same store
    /// (or by its parent), from that context's ``didSaveNotification``.
    ///
    /// Objects the save updated are refreshed, keeping this context's own unsaved changes; objects
    /// it deleted leave this context at once (and every relationship here that held them);
    /// objects it inserted are registered (as faults) so fetched results controllers of this
    /// context see them. The changes are then reported in this context's
    /// ``objectsDidChangeNotification`` (as refreshed, deleted and inserted).
    ///
    /// ```swift
    /// NotificationCenter.default.addObserver(
    ///     forName: ManagedObjectContext.didSaveNotification, object: background, queue: nil) { note in
    ///     viewContext.perform { viewContext.mergeChanges(fromContextDidSave: note) }
    /// }
    /// ```
    ///
    /// Use `perform`, not `performAndWait`: the observer runs on the saving context's queue, and
    /// waiting there for a view context whose thread is itself waiting (for the import to finish,
    /// say) stops both for good, in Core Data as here.
    public func mergeChanges(fromContextDidSave notification: Notification) {
        mergeChanges(fromDidSaveUserInfo: notification.userInfo ?? [:])
    }

    /// Merges a did-save user-info dictionary (see ``mergeChanges(fromContextDidSave:)``).
    func mergeChanges(fromDidSaveUserInfo info: [AnyHashable: Any]) {
        func identifiers(_ idKey: NotificationKey, _ objectKey: NotificationKey) -> [ManagedObjectID] {
            if let ids = info[idKey.rawValue] as? Set<ManagedObjectID> { return Array(ids) }
            return (info[objectKey.rawValue] as? Set<ManagedObject> ?? []).map(\.objectID)
        }
        // Refreshing would record the objects in this event; the merge reports them itself.
        attachments.eventChanges.isSuspended = true
        var report = ContextChanges()
        for id in identifiers(.deletedObjectIDs, .deletedObjects) {
            guard let object = registeredObject(for: id) else { continue }
            forgetDeletedElsewhere(object)
            report.deleted.insert(object)
        }
        for id in identifiers(.updatedObjectIDs, .updatedObjects) {
            guard let object = registeredObject(for: id) else { continue }
            refresh(object, mergeChanges: true)
            report.refreshed.insert(object)
        }
        for id in identifiers(.insertedObjectIDs, .insertedObjects) where !id.isTemporaryID {
            if registeredObject(for: id) == nil { report.inserted.insert(object(with: id)) }
        }
        attachments.eventChanges.isSuspended = false
        if !report.isEmpty { reportObjectsDidChange(report) }
    }

    /// Takes an object another context deleted (and saved) out of this one, and out of every
    /// relationship here that held it, without making anything here look changed.
    private func forgetDeletedElsewhere(_ object: ManagedObject) {
        for relationship in object.entity.relationshipsByName.values {
            guard let inverse = relationship.inverseRelationship else { continue }
            var destinations: [ManagedObject] = []
            if relationship.isToMany {
                destinations = object.state.toManyValues[relationship.name]?.elements ?? []
            } else if let destination = object.state.toOneValues[relationship.name] {
                destinations = [destination]
            }
            for destination in destinations {
                if inverse.isToMany {
                    destination.state.toManyValues[inverse.name]?.remove(object)
                    destination.state.committedToMany[inverse.name]?.remove(object)
                } else if destination.state.toOneValues[inverse.name] === object {
                    destination.state.toOneValues[inverse.name] = nil
                    destination.state.committedValues[inverse.name] = nil
                }
            }
        }
        tracker.forget(object)
    }
}
