extension ManagedObjectContext {
    /// Calls `willSave()` on each inserted, changed and deleted object a save is about to write
    /// (objects of ``ManagedObject`` itself have nothing to do there and are skipped).
    ///
    /// The lists are walked as they stand when the save begins: an object the methods insert or
    /// change is saved, but its own `willSave()` is not called in this save.
    func callWillSave() {
        guard mayHoldSubclassObjects else { return }
        let inserted = tracker.inserted
        let updated = tracker.updated
        let deleted = tracker.deleted
        for object in inserted where object.mayOverrideLifeCycle { object.willSave() }
        for object in updated where object.mayOverrideLifeCycle && object.state.lifecycle == .persisted {
            object.willSave()
        }
        for object in deleted where object.mayOverrideLifeCycle { object.willSave() }
    }

    /// Calls `didSave()` on each object a save wrote: inserted, changed and deleted.
    func callDidSave(_ saved: SavedChanges) {
        guard mayHoldSubclassObjects else { return }
        for objects in [saved.inserted, saved.updated, saved.deleted] {
            for object in objects where object.mayOverrideLifeCycle { object.didSave() }
        }
    }
}
