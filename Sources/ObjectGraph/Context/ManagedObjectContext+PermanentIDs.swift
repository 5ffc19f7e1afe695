extension ManagedObjectContext {
    /// Gives each inserted object of `objects` its permanent ID now, before the save.
    ///
    /// Core Data's `obtainPermanentIDs(for:)`: the objects stay inserted (``ManagedObject/isInserted``
    /// is true until the save writes them), but their ``ManagedObject/objectID`` is the one the
    /// row will have, so it can be kept, put in a URI, or handed to another context now. The
    /// next ``save()`` writes each row under that ID. Objects that already have a permanent ID,
    /// and objects of other contexts, are left alone. Each object's store is the one a save
    /// would choose (the first store holding its entity).
    ///
    /// ```swift
    /// let movie = try context.insertNewObject(forEntityName: "Movie")
    /// try context.obtainPermanentIDs(for: [movie])
    /// movie.objectID.isTemporaryID      // false, and movie.isInserted is still true
    /// ```
    ///
    /// - Throws: ``CoreDataError`` when no store holds an object's entity, or a store cannot
    ///   hand out IDs; then no object's ID has changed.
    public func obtainPermanentIDs(for objects: [ManagedObject]) throws {
        let coordinator = persistentStoreCoordinator
        var pending: [ManagedObject] = []
        var seen: Set<ObjectIdentifier> = []
        for object in objects where object.managedObjectContext === self && object.isInserted {
            if let assigned = object.assignedObjectID, !assigned.isTemporaryID { continue }
            if seen.insert(ObjectIdentifier(object)).inserted { pending.append(object) }
        }
        // One request per store and entity; every ID is allocated before any object changes.
        var groups: [(store: PersistentStore, entity: EntityDescription, members: [ManagedObject])] = []
        for object in pending {
            let store = try coordinator.defaultStore(for: object.entity)
            if let index = groups.firstIndex(where: { $0.store === store && $0.entity === object.entity }) {
                groups[index].members.append(object)
            } else {
                groups.append((store, object.entity, [object]))
            }
        }
        var allocations: [(members: [ManagedObject], ids: [ManagedObjectID])] = []
        for group in groups {
            let ids = try coordinator.newObjectIDs(for: group.entity, count: group.members.count, in: group.store)
            allocations.append((group.members, ids))
        }
        for (members, ids) in allocations {
            for (object, permanent) in zip(members, ids) {
                tracker.assignPermanentID(permanent, to: object)
            }
        }
    }
}
