extension ManagedObjectContext {
    /// The context's object for `objectID`: the registered one, or a new fault that loads its
    /// values on first access. Never goes to the store; a fault for a row that does not exist
    /// reads as empty. Use ``existingObject(with:)`` to make sure the row exists.
    public func object(with objectID: ManagedObjectID) -> ManagedObject {
        if let object = tracker.registry[objectID] { return object }
        let object = makeObject(for: objectID, of: objectClass(for: objectID.entity))
        object.state.isFault = true
        return object
    }

    /// The context's object for `objectID`, with its values loaded.
    ///
    /// - Throws: ``CoreDataError`` 133000 when there is no such object in the context or its store.
    public func existingObject(with objectID: ManagedObjectID) throws -> ManagedObject {
        if let object = tracker.registry[objectID], !object.state.isFault {
            return object
        }
        guard let row = try persistentStoreCoordinator.row(for: objectID) else {
            throw CoreDataError(
                code: .managedObjectReferentialIntegrity,
                message: "There is no \(objectID.entity.name) with ID \(objectID) in the store or this context",
                objectID: objectID)
        }
        return object(for: row)
    }

    /// The object for a fetched row: the registered one (a fault gets the row's values; an
    /// object already loaded keeps its own, possibly unsaved, values), or a new one.
    func object(for row: StoreRow) -> ManagedObject {
        var run = RowRun()
        return object(for: row, run: &run, isUnregistered: false)
    }

    /// The class objects of `entity` are made from (the registry's answer, remembered).
    func objectClass(for entity: EntityDescription) -> ManagedObject.Type {
        let key = ObjectIdentifier(entity)
        if let last = lastObjectClass, last.entity == key { return last.type }
        let type: ManagedObject.Type
        if let known = objectClasses[key] {
            type = known
        } else {
            type = ManagedObjectClassRegistry.shared.objectClass(for: entity)
            objectClasses[key] = type
        }
        lastObjectClass = (key, type)
        return type
    }
}
