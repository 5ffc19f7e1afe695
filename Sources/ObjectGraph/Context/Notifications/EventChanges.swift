/// The objects a context's current event has touched so far, gathered until the next
/// `processPendingChanges()` reports them.
///
/// The sets follow Core Data's rules for one objects-did-change notification: an object inserted
/// and deleted again within the event is not reported at all; a deleted object is reported only
/// as deleted; an inserted object is reported only as inserted, however often it changed.
struct EventChanges {
    private(set) var inserted: Set<ManagedObject> = []
    private(set) var updated: Set<ManagedObject> = []
    private(set) var deleted: Set<ManagedObject> = []
    private(set) var refreshed: Set<ManagedObject> = []

    /// Whether nothing happened yet in this event.
    var isEmpty: Bool {
        inserted.isEmpty && updated.isEmpty && deleted.isEmpty && refreshed.isEmpty
    }

    mutating func recordInsertion(of object: ManagedObject) {
        deleted.remove(object)
        inserted.insert(object)
    }

    mutating func recordUpdate(of object: ManagedObject) {
        guard !inserted.contains(object), !deleted.contains(object) else { return }
        updated.insert(object)
    }

    mutating func recordDeletion(of object: ManagedObject) {
        // Empty sets are common (a cascade deletes thousands of unchanged objects): skip hashing.
        if !updated.isEmpty { updated.remove(object) }
        if !refreshed.isEmpty { refreshed.remove(object) }
        if inserted.isEmpty || inserted.remove(object) == nil { deleted.insert(object) }
    }

    mutating func recordRefresh(of object: ManagedObject) {
        refreshed.insert(object)
    }

    /// Hands out the event's changes and starts a new event.
    mutating func take() -> ContextChanges {
        defer { self = EventChanges() }
        return ContextChanges(inserted: inserted, updated: updated, deleted: deleted, refreshed: refreshed)
    }
}
