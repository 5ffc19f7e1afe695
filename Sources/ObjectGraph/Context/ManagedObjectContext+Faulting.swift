extension ManagedObjectContext {
    /// Loads a fault's values from the row cache or its store. A row that no longer exists (or
    /// cannot be read) leaves the object empty, the way Core Data's inaccessible faults read.
    ///
    /// A fault that kept the row its fetch read is loaded from that row while the row cache still
    /// holds it (the same values and version a lookup would return), without the lookup.
    func fulfillFault(of object: ManagedObject) {
        if object.state.keepsFetchedRow, persistentStoreCoordinator.rowCacheHolds(object.state.attributeValues) {
            object.state.loadKeptRow()
            let values = object.state.attributeValues
            setToOneDestinations(ofFilled: object, from: values)
            return
        }
        let row = try? persistentStoreCoordinator.row(for: object.objectID)
        guard let row else {
            object.state.forgetKeptRow()
            object.state.isFault = false
            return
        }
        apply(row, to: object, keepingChanges: false)
    }

    /// Loads the values of every fault among `objects` with one batched read per store, instead
    /// of one read per object when each is touched (a cascade delete touches every member).
    /// Rows that no longer exist leave their objects empty, as ``fulfillFault(of:)`` does.
    func fulfillFaults(of objects: [ManagedObject]) {
        let faults = objects.filter { $0.state.isFault && $0.managedObjectContext === self }
        guard faults.count > 1 else {
            faults.first?.fireFault()
            return
        }
        let rows = (try? persistentStoreCoordinator.rows(for: faults.map(\.objectID))) ?? []
        for row in rows {
            if let object = tracker.registry[row.objectID], object.state.isFault {
                apply(row, to: object, keepingChanges: false)
            }
        }
        for object in faults where object.state.isFault { fulfillFault(of: object) }
    }

    /// The members of a to-many relationship as the store has them, as objects of this context
    /// (objects deleted in this context included: see `ManagedObject.takeLoadedMembers`).
    func loadToMany(_ relationship: RelationshipDescription, of object: ManagedObject) -> OrderedSet<ManagedObject> {
        guard object.state.lifecycle != .inserted, !object.objectID.isTemporaryID else { return OrderedSet() }
        let ids = (try? persistentStoreCoordinator.relatedObjectIDs(of: relationship, for: object.objectID)) ?? []
        return OrderedSet(ids.map { self.object(with: $0) })
    }

    /// Puts a row's values into `object`. With `keepingChanges`, keys the object changed keep
    /// their unsaved values (refresh with merge); otherwise every value comes from the row.
    func apply(_ row: StoreRow, to object: ManagedObject, keepingChanges: Bool) {
        if object.state.isFault && !keepingChanges {
            fill(object, from: row)
            return
        }
        var state = object.state
        let changed = keepingChanges ? state.changedKeys(of: object.entity) : []
        state.version = row.version
        state.committedValues = row.values
        state.isFault = false
        if keepingChanges {
            for attribute in object.entity.attributesByName.values where !attribute.isTransient {
                if !changed.contains(attribute.name) {
                    state.attributeValues[attribute.name] = row.values[attribute.name]
                }
            }
        } else {
            // Share the row's storage (copy on write): a fetched object holds its values once.
            // The to-one IDs the row also holds are never read from here.
            state.attributeValues = row.values
        }
        for relationship in object.entity.relationshipsByName.values where !changed.contains(relationship.name) {
            if relationship.isToMany {
                state.toManyValues[relationship.name] = nil
                state.committedToMany[relationship.name] = nil
            } else {
                state.toOneValues[relationship.name] = (row.values[relationship.name] as? ManagedObjectID).map {
                    self.object(with: $0)
                }
            }
        }
        if !keepingChanges {
            state.clearChangedKeys()
            state.pendingErrors = [:]
        }
        object.state = state
    }

    /// Puts a row's values into an object just made for it or a fault: what
    /// `apply(_:to:keepingChanges:)` does, without copying the state to keep or clear values
    /// such an object does not have.
    ///
    /// The values go in through one access to the object's state rather than one per field;
    /// the to-one objects are looked up after it, since that can reach other objects' states.
    /// The destinations' IDs are read from their slots, found once for a run of faults of one
    /// entity and layout, as a fetch reads them (`setToOneDestinations`).
    private func fill(_ object: ManagedObject, from row: StoreRow) {
        Self.load(row, into: &object.state)
        setToOneDestinations(ofFilled: object, from: row.values)
    }

    /// Points a fault just loaded from `values` (its row's) at its to-one destinations, with the
    /// context's run kept between faults.
    private func setToOneDestinations(ofFilled object: ManagedObject, from values: PropertyValues) {
        // Taken out of the cache while in use: looking a destination up may make other objects.
        var run = RowRun()
        swap(&run, &entityCaches.faultRun)
        if run.entity !== object.entity {
            // The class is not used: a fault's object exists already.
            run = RowRun(
                entity: object.entity, objectClass: ManagedObject.self, toOnes: toOneRelationships(of: object.entity))
        }
        setToOneDestinations(ofFault: object, from: values, run: &run)
        swap(&run, &entityCaches.faultRun)
    }
}
