import Foundation

extension ManagedObjectContext {
    /// Ends the current event: reports the objects inserted, updated, deleted and refreshed since
    /// the previous event to fetched results controllers and in an
    /// ``objectsDidChangeNotification``, and closes the undo manager's event group.
    ///
    /// Core Data runs this at the end of each run-loop event of the main queue; here, call it when
    /// a batch of edits is complete (`save()` runs it first thing).
    public func processPendingChanges() {
        endEvent()
    }

    /// What ``processPendingChanges()`` does; returns the changes it reported, if any.
    @discardableResult
    func endEvent() -> ContextChanges? {
        attachments.undoManager?.endEventGrouping()
        guard !attachments.isReportingChanges, !attachments.eventChanges.isEmpty else { return nil }
        let changes = attachments.eventChanges.take()
        reportObjectsDidChange(changes)
        return changes
    }

    /// Tells internal observers, then posts ``objectsDidChangeNotification``.
    func reportObjectsDidChange(_ changes: ContextChanges) {
        attachments.isReportingChanges = true
        defer { attachments.isReportingChanges = false }
        attachments.changeObservers.removeAll { $0.owner == nil }
        for observer in attachments.changeObservers { observer.handler(changes) }
        NotificationCenter.default.post(
            name: Self.objectsDidChangeNotification, object: self, userInfo: changes.userInfo)
    }

    // MARK: - Internal observers

    /// Calls `handler` with each event's changes for as long as `owner` lives.
    func addChangeObserver(_ owner: AnyObject, _ handler: @escaping (ContextChanges) -> Void) {
        attachments.changeObservers.append(ContextAttachments.ChangeObserver(owner: owner, handler: handler))
    }

    /// Stops calling the handlers `owner` registered.
    func removeChangeObserver(_ owner: AnyObject) {
        attachments.changeObservers.removeAll { $0.owner == nil || $0.owner === owner }
    }

    // MARK: - Recording (called by the context as objects change)

    /// Records that `object` was inserted in this event.
    func noteInsertion(of object: ManagedObject) {
        attachments.eventChanges.recordInsertion(of: object)
        registerUndoOfInsertion(of: object)
    }

    /// Records that `object` was deleted in this event (called before its state changes).
    func noteDeletion(of object: ManagedObject) {
        attachments.eventChanges.recordDeletion(of: object)
        registerUndoOfDeletion(of: object)
    }

    /// Records that a value of `object` changed in this event.
    func noteUpdate(of object: ManagedObject) {
        attachments.eventChanges.recordUpdate(of: object)
    }

    /// Records that `object`'s values were reloaded in this event.
    func noteRefresh(of object: ManagedObject) {
        attachments.eventChanges.recordRefresh(of: object)
        forgetFetchedPropertyValues(of: object)
    }
}
