import Foundation

extension ManagedObjectContext {
    /// Posts ``willSaveNotification`` (called when `save()` has changes to write, after it ended
    /// the current event with `processPendingChanges()`).
    func noteSaveBegins() {
        NotificationCenter.default.post(name: Self.willSaveNotification, object: self)
    }

    /// The objects a save is about to change and delete, for its did-save notification (the
    /// inserted ones are gathered when the save succeeds, see `ChangeTracker.commitSave`; the deleted ones'
    /// IDs by the first save plan, on its walk over their IDs, see `SavePlan.deletedIDs`).
    ///
    /// `deletedInEvent` are the objects the event that the save ended reported as deleted: when
    /// they are exactly the deleted objects (the usual case: delete, then save), that set is
    /// reused rather than another set of the same objects built (a cascade deletes thousands).
    func changesAboutToBeSaved(deletedInEvent: Set<ManagedObject>?) -> SavedChanges {
        let deleted: Set<ManagedObject>
        // The list is walked, not the set: the list holds the objects in the order they were
        // deleted (near each other in memory), the set in its hashes' order.
        if let event = deletedInEvent, event.count == tracker.deleted.count, tracker.deleted.allSatisfy(event.contains)
        {
            deleted = event
        } else {
            deleted = tracker.deleted.set
        }
        return SavedChanges(inserted: [], updated: updatedObjects, deleted: deleted, deletedIDs: [])
    }

    /// Posts ``didSaveNotification`` for a successful save and lets child contexts that merge
    /// automatically take the changes (called when `save()` succeeded). `insertedIDs` are the
    /// permanent IDs of the inserted objects.
    func noteSaveSucceeded(_ saved: SavedChanges, insertedIDs: Set<ManagedObjectID>) {
        let changes = ContextChanges(inserted: saved.inserted, updated: saved.updated, deleted: saved.deleted)
        var info = changes.userInfo
        info[NotificationKey.insertedObjectIDs.rawValue] = insertedIDs
        info[NotificationKey.updatedObjectIDs.rawValue] = Set(saved.updated.map(\.objectID))
        info[NotificationKey.deletedObjectIDs.rawValue] = saved.deletedIDs
        // Saving changes no object's values, but it ends the event: what the save did to the
        // objects (new permanent IDs, detached deleted objects) is not an event of its own.
        attachments.eventChanges = EventChanges()
        // Saved insertions and deletions cannot be taken back by undo here (a deleted object has
        // left the context with its values): the undo stack ends at such a save. Saved changes of
        // values stay undoable, and undoing one is a change the next save writes.
        if !saved.inserted.isEmpty || !saved.deleted.isEmpty { attachments.undoManager?.removeAllActions() }
        NotificationCenter.default.post(name: Self.didSaveNotification, object: self, userInfo: info)
        attachments.saveObservers.removeAll { $0.owner == nil }
        for observer in attachments.saveObservers { observer.handler(info) }
    }

    /// Reports a rollback: inserted objects are gone, changed and deleted ones are stored values
    /// again. Undo actions are forgotten, as in Core Data.
    func noteRollback(discarding discarded: [ManagedObject], reverting reverted: [ManagedObject]) {
        attachments.eventChanges = EventChanges()
        attachments.fetchedPropertyValues = [:]
        attachments.undoManager?.removeAllActions()
        let changes = ContextChanges(refreshed: Set(reverted), invalidated: Set(discarded))
        if !changes.isEmpty { reportObjectsDidChange(changes) }
    }

    /// Reports a reset: every object the context held is invalid now.
    func noteReset() {
        attachments.eventChanges = EventChanges()
        attachments.fetchedPropertyValues = [:]
        attachments.undoManager?.removeAllActions()
        reportObjectsDidChange(ContextChanges(invalidatedAll: true))
    }
}

/// What one save wrote, captured before the save changes the objects' state (the inserted
/// objects once it succeeded).
struct SavedChanges {
    var inserted: Set<ManagedObject> = []
    var updated: Set<ManagedObject> = []
    var deleted: Set<ManagedObject> = []
    /// The deleted objects' IDs (deleted objects leave the context when the save succeeds), as
    /// the save's first plan found them.
    var deletedIDs: Set<ManagedObjectID> = []

    /// Drops the objects whose change or deletion `context` no longer holds (a merge policy
    /// resolved a conflict by giving it up), and takes the deleted IDs of the plan now saved.
    mutating func keepOnlyWhatIsStillPending(in context: ManagedObjectContext, deletedIDs: Set<ManagedObjectID>) {
        updated = updated.filter { context.tracker.updated.contains($0) && $0.isUpdated }
        deleted = deleted.filter { context.tracker.deleted.contains($0) }
        self.deletedIDs = deletedIDs
    }
}
