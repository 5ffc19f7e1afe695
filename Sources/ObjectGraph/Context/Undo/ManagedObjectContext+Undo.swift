extension ManagedObjectContext {
    /// The undo manager recording the context's changes; nil (the default, as on iOS) records
    /// nothing.
    ///
    /// With an undo manager, every insert, delete and change of an attribute or relationship
    /// registers its inverse; relationship changes are recorded on both sides, so undoing one
    /// brings the inverse relationship back too. Changes are grouped per event: each
    /// ``processPendingChanges()`` (and each `save()`) closes a group.
    ///
    /// ```swift
    /// context.undoManager = UndoManager()
    /// book["title"] = "Draft"
    /// context.processPendingChanges()
    /// context.undo()                 // the title is back
    /// ```
    public var undoManager: UndoManager? {
        get { attachments.undoManager }
        set { attachments.undoManager = newValue }
    }

    /// Takes back the last event's changes (after ending the current event).
    public func undo() {
        processPendingChanges()
        attachments.undoManager?.undo()
        processPendingChanges()
    }

    /// Performs the last undone event's changes again.
    public func redo() {
        processPendingChanges()
        attachments.undoManager?.redo()
        processPendingChanges()
    }

    // MARK: - Registration (called as objects change)

    /// Registers the inverse of inserting `object`: taking it out of the context again.
    func registerUndoOfInsertion(of object: ManagedObject) {
        attachments.undoManager?.registerUndo(withTarget: self) { context in
            context.withdrawInsertion(of: object)
        }
    }

    /// Registers the inverse of deleting `object` (called before the deletion changes its state).
    ///
    /// The delete rules' relationship changes register their own inverses afterwards, so undo
    /// restores the relationships first and then this lifecycle.
    func registerUndoOfDeletion(of object: ManagedObject) {
        guard let undoManager = attachments.undoManager else { return }
        let wasInserted = object.state.lifecycle == .inserted
        undoManager.registerUndo(withTarget: self) { context in
            context.withdrawDeletion(of: object, wasInserted: wasInserted)
        }
    }

    /// Undoes an insertion: the object leaves the context (its values were already undone).
    private func withdrawInsertion(of object: ManagedObject) {
        guard object.managedObjectContext === self, object.state.lifecycle == .inserted else { return }
        attachments.eventChanges.recordDeletion(of: object)
        tracker.forget(object)
        attachments.undoManager?.registerUndo(withTarget: self) { context in
            context.insert(object, awakening: false)
        }
    }

    /// Undoes a deletion: the object is alive again (its relationships were already restored).
    private func withdrawDeletion(of object: ManagedObject, wasInserted: Bool) {
        guard object.managedObjectContext === self, object.isDeleted else { return }
        tracker.undelete(object, wasInserted: wasInserted)
        attachments.eventChanges.recordInsertion(of: object)
        attachments.undoManager?.registerUndo(withTarget: self) { context in
            context.redoDeletion(of: object)
        }
    }

    /// Redoes a deletion without applying delete rules again: the relationship changes those
    /// rules made are redone by their own recorded actions.
    private func redoDeletion(of object: ManagedObject) {
        guard object.managedObjectContext === self, !object.isDeleted else { return }
        noteDeletion(of: object)
        tracker.delete(object)
    }
}
