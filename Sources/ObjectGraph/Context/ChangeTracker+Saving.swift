extension ChangeTracker {
    /// What ``commitSave(_:insertedInEvent:layout:)`` hands back for the did-save notification.
    struct CommittedSave {
        /// The objects the save inserted.
        var inserted: Set<ManagedObject>
        /// Their permanent IDs.
        var insertedIDs: Set<ManagedObjectID>
        /// The deleted objects in the order they were deleted (with holes), for the caller to
        /// let go last.
        var deleted: [ManagedObject?]
    }

    /// Brings every object in line with what the stores now hold after `plan` was saved:
    /// inserted objects take their planned permanent IDs and become stored, written objects
    /// commit their values, deleted and discarded objects leave the context, and every list is
    /// emptied.
    ///
    /// `insertedInEvent` are the objects the event that the save ended reported as inserted:
    /// when they are exactly the saved ones, that set is handed back rather than another set of
    /// the same objects built. `layout` gives an entity's slot layout, for values built anew.
    func commitSave(
        _ plan: SavePlan, insertedInEvent: Set<ManagedObject>?,
        layout: (EntityDescription) -> PropertySlotLayout
    ) -> CommittedSave {
        let insertedList = inserted
        reserveCapacity(forMore: insertedList.count)
        var insertedIDs = Set<ManagedObjectID>(minimumCapacity: insertedList.count)
        let reusable = insertedInEvent.flatMap { event in
            event.count == insertedList.count && insertedList.allSatisfy(event.contains) ? event : nil
        }
        var insertedObjects = Set<ManagedObject>(minimumCapacity: reusable == nil ? insertedList.count : 0)
        // An object whose values were not written commits values built from its to-one
        // destinations' IDs, so it waits until every new object has its permanent ID.
        var committedLater: [ManagedObject] = []
        var position = 0
        // The registry is asked about a run of new IDs at once; when none of them can be
        // registered, each object is registered without looking again.
        insertedList.forEachRun(ofSize: Self.registrationRunSize) { run in
            let isUnregistered = withUnsafeTemporaryAllocation(of: Int.self, capacity: run.count) { hashes in
                var count = 0
                for object in run {
                    guard let permanent = object.plannedObjectID else { continue }
                    hashes.initializeElement(at: count, to: permanent.identityHash)
                    count += 1
                }
                return !registry.mayContainAny(ofHashes: UnsafeBufferPointer(rebasing: hashes[..<count]))
            }
            for object in run {
                let written = plan.insertedValues[position]
                position += 1
                if let permanent = object.plannedObjectID {
                    object.plannedObjectID = nil
                    if let previous = object.assignedObjectID, previous !== permanent { registry.remove(previous) }
                    object.objectID = permanent
                    if isUnregistered {
                        registry.registerNew(object, for: permanent)
                    } else {
                        registry.register(object, for: permanent)
                    }
                    object.state.lifecycle = .persisted
                    object.state.version = 1
                }
                insertedIDs.insert(object.objectID)
                if reusable == nil { insertedObjects.insert(object) }
                switch written {
                case .own: Self.markCommitted(object, written: object.state.attributeValues, layout: layout)
                case .separate(let values): Self.markCommitted(object, written: values, layout: layout)
                case .none: committedLater.append(object)
                }
            }
        }
        for object in committedLater { Self.markCommitted(object, written: nil, layout: layout) }
        for (object, written) in zip(updated, plan.updatedValues) where object.state.lifecycle == .persisted {
            if written != nil { object.state.version += 1 }
            Self.markCommitted(object, written: written, layout: layout)
        }
        let deletedMembers = deleted.removeAllReturningMembers()
        // Every one leaves the registry before any is detached: letting go of a detached
        // object's values may free other objects, which leave the registry themselves.
        unregister(deletedMembers)
        for case let object? in deletedMembers.reversed() { object.detachFromContext() }
        letGoOfDiscarded()
        inserted.removeAll()
        updated.removeAll()
        return CommittedSave(
            inserted: reusable ?? insertedObjects, insertedIDs: insertedIDs, deleted: deletedMembers)
    }

    /// Unregisters and detaches the objects inserted and deleted again since the last save.
    func letGoOfDiscarded() {
        for object in discarded {
            unregister(object)
            object.detachFromContext()
        }
        discarded.removeAll()
    }

    /// Clears the permanent IDs a failed save planned for the inserted objects.
    func forgetPlannedIDs() {
        for object in inserted { object.plannedObjectID = nil }
    }

    /// How many inserted objects ``commitSave(_:insertedInEvent:layout:)`` asks the registry
    /// about at once.
    private static let registrationRunSize = 32

    /// Makes the object's current values its committed (stored) values; `written` are the
    /// values the save wrote for it, when it wrote any.
    private static func markCommitted(
        _ object: ManagedObject, written: PropertyValues?, layout: (EntityDescription) -> PropertySlotLayout
    ) {
        if let written {
            object.state.committedValues = written
        } else {
            var committed = PropertyValues(layout: layout(object.entity))
            for attribute in object.entity.attributesByName.values where !attribute.isTransient {
                committed[attribute.name] = object.state.attributeValues[attribute.name]
            }
            for (name, destination) in object.state.toOneValues {
                committed[name] = destination.objectID
            }
            object.state.committedValues = committed
        }
        object.state.committedToMany = object.state.toManyValues
        object.state.clearChangedKeys()
        object.state.pendingErrors = [:]
    }
}
