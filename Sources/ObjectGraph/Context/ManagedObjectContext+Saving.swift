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
        guard tracker.hasPendingWrites else {
            // Objects inserted and deleted again before any save never reach a store: they are
            // let go quietly, as a save with nothing to write posts no notifications.
            tracker.letGoOfDiscarded()
            return
        }
        noteSaveBegins()
        var saved = changesAboutToBeSaved(deletedInEvent: event?.deleted)
        // Permanent IDs are planned on the objects, kept across merge attempts, dropped on failure.
        var succeeded = false
        defer { if !succeeded { tracker.forgetPlannedIDs() } }
        var attempt = 0
        while true {
            // The first plan validates every object before it takes IDs from a store.
            let plan = try SavePlan(
                tracker: tracker, coordinator: persistentStoreCoordinator,
                validation: attempt == 0 ? SaveValidation(context: self) : nil
            ) { entity in
                (propertyLayout(for: entity), storedToManyRelationships(of: entity))
            }
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
                let finished = tracker.commitSave(plan, insertedInEvent: event?.inserted) { entity in
                    propertyLayout(for: entity)
                }
                saved.inserted = finished.inserted
                noteSaveSucceeded(saved, insertedIDs: finished.insertedIDs)
                callDidSave(saved)
                // The deleted objects go last, in the order they were deleted (see Performance.md).
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
}
