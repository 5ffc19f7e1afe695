import Foundation

/// What a context keeps for its notifications, observers, undo manager and parent: the state of
/// the features layered on the core context, held in one place the context owns.
final class ContextAttachments {
    /// A handler called with each event's changes, held for as long as its owner lives.
    struct ChangeObserver {
        weak var owner: AnyObject?
        let handler: (ContextChanges) -> Void
    }

    /// A handler called with the user info of each did-save notification.
    struct SaveObserver {
        weak var owner: AnyObject?
        let handler: ([AnyHashable: Any]) -> Void
    }

    /// The changes of the event in progress.
    @exclusivity(unchecked) var eventChanges = EventChanges()
    /// Internal observers (fetched results controllers, child contexts), told before the
    /// notification is posted.
    @exclusivity(unchecked) var changeObservers: [ChangeObserver] = []
    /// Internal observers of successful saves (child contexts that merge automatically), given
    /// the did-save user info.
    @exclusivity(unchecked) var saveObservers: [SaveObserver] = []
    /// Set while the context reports an event, so a report is never nested in another.
    var isReportingChanges = false
    /// The undo manager, when the context records undo.
    var undoManager: UndoManager?
    /// The parent context of a child context.
    weak var parent: ManagedObjectContext?
    /// Evaluated fetched properties by object and property name, until the object is refreshed.
    var fetchedPropertyValues: [ManagedObject: [String: [ManagedObject]]] = [:]
    /// Whether a child context merges what its parent saves (a root context: what other
    /// contexts on its coordinator save).
    var automaticallyMergesChangesFromParent = false
    /// The did-save observation of a root context that merges automatically.
    var coordinatorSaveObservation: NSObjectProtocol? {
        didSet { if let oldValue { NotificationCenter.default.removeObserver(oldValue) } }
    }

    deinit {
        if let coordinatorSaveObservation { NotificationCenter.default.removeObserver(coordinatorSaveObservation) }
    }
}
