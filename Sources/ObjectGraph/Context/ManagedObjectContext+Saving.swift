extension ManagedObjectContext {
    /// Writes every insert, change and delete to the stores in one transaction per store.
    ///
    /// In order: every object is validated against its model (all problems are reported
    /// together: one ``CoreDataError``, or 1560 with ``CoreDataError/underlyingErrors``); inserted
    /// objects get permanent IDs; the store writes everything or nothing. A conflict with a row
    /// changed by someone else is resolved by ``mergePolicy`` (the default fails with 133020).
    ///
    /// When `save()` throws, the context is exactly as it was before the call (unless a merge
    /// policy already resolved conflicts), and the stores hold nothing of it; fix the problem
    /// and save again. (Permanent IDs the store handed out for the failed attempt stay used,
    /// as in Core Data.)
    public func save() throws {
        // The objects' own last changes (`willSave()`) belong to the event the save ends.
        callWillSave()
        var event = endEvent()
        guard !insertedSet.isEmpty || !touchedSet.isEmpty || !deletedSet.isEmpty else {
            // Objects inserted and deleted again before any save never reach a store: they are
            // let go quietly, as a save with nothing to write posts no notifications.
            letGoOfDiscardedInserts()
            return
        }
        noteSaveBegins()
        var saved = changesAboutToBeSaved(deletedInEvent: event?.deleted)
        // Permanent IDs are planned on the objects, kept across merge attempts, dropped on failure.
        var succeeded = false
        defer { if !succeeded { for object in insertedSet { object.plannedObjectID = nil } } }
        var attempt = 0
        while true {
            // The first plan validates every object before it takes IDs from a store.
            let plan = try SavePlan(context: self, validation: attempt == 0 ? SaveValidation(context: self) : nil)
            if attempt == 0 {
                saved.deletedIDs = plan.deletedIDs
            } else {
                // A merge policy may have given up some of the changes (`rollback` restores a
                // deleted object and drops changes; a row deleted elsewhere is forgotten): the
                // did-save notification lists only what this attempt writes.
                saved.keepOnlyWhatIsStillPending(in: self, deletedIDs: plan.deletedIDs)
            }
            do {
                try persistentStoreCoordinator.save(plan.parts)
                succeeded = true
                let finished = finishSave(plan, insertedInEvent: event?.inserted)
                saved.inserted = finished.objects
                noteSaveSucceeded(saved, insertedIDs: finished.ids)
                callDidSave(saved)
                // The deleted objects go last, in the order they were deleted (for a cascade, the
                // order they were read and lie in memory): the sets above hold them in hash
                // order, and letting those go last would free thousands of objects at random
                // places in memory.
                withExtendedLifetime(finished.deleted) {
                    saved = SavedChanges()
                    event = nil
                }
                return
            } catch let error as CoreDataError
                where error.code == .managedObjectMerge && mergePolicy != .error
                && attempt < Self.mergeAttemptLimit
            {
                attempt += 1
                try resolve(error.conflicts, failure: error)
            }
        }
    }

    /// How many times a save whose merge policy resolved conflicts is tried again before it fails
    /// with the conflicts it still meets (133020). Conflicts are resolved between attempts, outside
    /// the store's transaction, so writers that keep changing the same rows at once can make an
    /// attempt meet new conflicts; three retries failed about one run in five with three contexts
    /// saving the same rows in a loop.
    static let mergeAttemptLimit = 8

    /// Brings every object in line with what the stores now hold; returns the objects the save
    /// inserted and their IDs (for the did-save notification, gathered on the way), and the
    /// deleted objects in the order they were deleted (with holes), for the caller to let go.
    ///
    /// Each list of objects is walked once: at 100,000 objects every extra walk is 100,000
    /// trips to memory.
    ///
    /// `insertedInEvent` are the objects the event that the save ended reported as inserted:
    /// when they are exactly the saved ones (the usual case: insert, then save), that set is
    /// reused rather than another set of the same objects built.
    private func finishSave(_ plan: SavePlan, insertedInEvent: Set<ManagedObject>?)
        -> (objects: Set<ManagedObject>, ids: Set<ManagedObjectID>, deleted: [ManagedObject?])
    {
        registry.reserveCapacity(registry.count + insertedSet.count)
        var insertedIDs = Set<ManagedObjectID>(minimumCapacity: insertedSet.count)
        let reusable = insertedInEvent.flatMap { event in
            event.count == insertedSet.count && insertedSet.allSatisfy(event.contains) ? event : nil
        }
        var insertedObjects = Set<ManagedObject>(minimumCapacity: reusable == nil ? insertedSet.count : 0)
        // An object whose values were not written commits values built from its to-one
        // destinations' IDs, so it waits until every new object has its permanent ID.
        var committedLater: [ManagedObject] = []
        var position = 0
        // The registry is asked about a run of new IDs at once (their lookups land anywhere in a
        // large table, and asked together they wait for memory together); when none of them
        // can be registered, each object is registered without looking again.
        insertedSet.forEachRun(ofSize: Self.registrationRunSize) { run in
            let isUnregistered = withUnsafeTemporaryAllocation(of: Int.self, capacity: run.count) { hashes in
                var count = 0
                for object in run {
                    guard let permanent = object.plannedObjectID else { continue }
                    hashes.initializeElement(at: count, to: permanent.precomputedHash)
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
                case .own: markCommitted(object, written: object.state.attributeValues)
                case .separate(let values): markCommitted(object, written: values)
                case .none: committedLater.append(object)
                }
            }
        }
        for object in committedLater { markCommitted(object, written: nil) }
        for (object, written) in zip(touchedSet, plan.updatedValues) where object.state.lifecycle == .persisted {
            if written != nil { object.state.version += 1 }
            markCommitted(object, written: written)
        }
        let deleted = deletedSet.removeAllReturningMembers()
        // Newest first: a cascade's members were registered in the order they were read, so
        // each one that leaves the registry is then its newest entry, which leaves without
        // another entry moving into its place.
        for case let object? in deleted.reversed() {
            unregister(object)
            object.detachFromContext()
        }
        letGoOfDiscardedInserts()
        insertedSet.removeAll()
        touchedSet.removeAll()
        return (reusable ?? insertedObjects, insertedIDs, deleted)
    }

    /// Unregisters and detaches the objects inserted and deleted again since the last save.
    private func letGoOfDiscardedInserts() {
        for object in discardedInserts {
            unregister(object)
            object.detachFromContext()
        }
        discardedInserts.removeAll()
    }

    /// How many inserted objects `finishSave` asks the registry about at once.
    private static let registrationRunSize = 32

    /// Makes the object's current values its committed (stored) values; `written` are the
    /// values the save wrote for it, when it wrote any.
    private func markCommitted(_ object: ManagedObject, written: PropertyValues?) {
        if let written {
            object.state.committedValues = written
        } else {
            var committed = PropertyValues(layout: propertyLayout(for: object.entity))
            for attribute in object.entity.attributesByName.values where !attribute.isTransient {
                committed[attribute.name] = object.state.attributeValues[attribute.name]
            }
            for (name, destination) in object.state.toOneValues {
                committed[name] = destination.objectID
            }
            object.state.committedValues = committed
        }
        object.state.committedToMany = object.state.toManyValues
        object.state.changedKeys = []
        object.state.pendingErrors = [:]
    }
}
