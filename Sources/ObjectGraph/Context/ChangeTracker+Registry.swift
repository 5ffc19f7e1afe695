extension ChangeTracker {
    /// Registers `object` under its ID, when it has one (the one object for that ID from now
    /// on). An inserted object without an ID yet is registered when its temporary ID is made.
    func register(_ object: ManagedObject) {
        if let objectID = object.assignedObjectID { registry.register(object, for: objectID) }
    }

    /// Registers `object` under `objectID` (a temporary ID just made for it).
    func register(_ object: ManagedObject, for objectID: ManagedObjectID) {
        registry.register(object, for: objectID)
    }

    /// Stops registering `object` (it is leaving the context).
    func unregister(_ object: ManagedObject) {
        if let objectID = object.assignedObjectID { registry.remove(objectID) }
    }

    /// Stops registering the objects `members` lists (holes skipped), which are leaving the
    /// context. A cascade's members were registered in the order they were read and are listed
    /// in the order they were deleted, so the end of the list is the registry's newest entries:
    /// those leave at once (see `ObjectRegistry.removeNewest(holding:)`), the others one by one.
    func unregister(_ members: [ManagedObject?]) {
        let start = registry.removeNewest(holding: members)
        for case let object? in members[..<start].reversed() { unregister(object) }
    }

    /// Forgets an object that is being deinitialized (see `ObjectRegistry.removeReleased`).
    func forgetReleasedObject(at address: UnsafeMutableRawPointer, objectID: ManagedObjectID) {
        registry.removeReleased(at: address, for: objectID)
    }

    /// Makes room in the registry for `count` more objects (before a large fetch or save).
    func reserveCapacity(forMore count: Int) {
        registry.reserveCapacity(registry.count + count)
    }

    /// Gives an inserted object its permanent ID before the save (`obtainPermanentIDs`): it
    /// leaves its temporary ID and is registered under `permanent`; it stays inserted.
    func assignPermanentID(_ permanent: ManagedObjectID, to object: ManagedObject) {
        if let temporary = object.assignedObjectID { registry.remove(temporary) }
        object.objectID = permanent
        registry.register(object, for: permanent)
    }
}
