import Foundation

/// The objects one event of a context touched, as its notifications carry them.
///
/// An objects-did-change notification reports the changes since the previous one (one event);
/// will-save and did-save report what the save writes. Read it from a notification with
/// ``init(notification:)``.
public struct ContextChanges: @unchecked Sendable, CustomStringConvertible {
    /// Objects inserted (for did-save: the objects the save inserted into the store).
    public var inserted: Set<ManagedObject> = []
    /// Objects whose values changed.
    public var updated: Set<ManagedObject> = []
    /// Objects deleted.
    public var deleted: Set<ManagedObject> = []
    /// Objects whose values were reloaded from the store (refresh, merge).
    public var refreshed: Set<ManagedObject> = []
    /// Objects that are no longer valid in the context (their rows are gone).
    public var invalidated: Set<ManagedObject> = []
    /// Whether the context was reset, making every object it held invalid.
    public var invalidatedAll = false

    /// Makes an empty set of changes (or one with the given sets).
    public init(
        inserted: Set<ManagedObject> = [], updated: Set<ManagedObject> = [], deleted: Set<ManagedObject> = [],
        refreshed: Set<ManagedObject> = [], invalidated: Set<ManagedObject> = [], invalidatedAll: Bool = false
    ) {
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
        self.refreshed = refreshed
        self.invalidated = invalidated
        self.invalidatedAll = invalidatedAll
    }

    /// Reads the changes a context notification carries (empty sets for keys it lacks).
    public init(notification: Notification) {
        let info = notification.userInfo ?? [:]
        func objects(_ key: ManagedObjectContext.NotificationKey) -> Set<ManagedObject> {
            info[key.rawValue] as? Set<ManagedObject> ?? []
        }
        self.init(
            inserted: objects(.insertedObjects), updated: objects(.updatedObjects), deleted: objects(.deletedObjects),
            refreshed: objects(.refreshedObjects), invalidated: objects(.invalidatedObjects),
            invalidatedAll: info[ManagedObjectContext.NotificationKey.invalidatedAllObjects.rawValue] != nil)
    }

    /// Whether no object is listed and the context was not reset.
    public var isEmpty: Bool {
        inserted.isEmpty && updated.isEmpty && deleted.isEmpty && refreshed.isEmpty && invalidated.isEmpty
            && !invalidatedAll
    }

    /// The user-info dictionary of a notification carrying these changes (Core Data's keys;
    /// empty sets are left out, as Core Data does).
    var userInfo: [AnyHashable: Any] {
        var info: [AnyHashable: Any] = [:]
        let keyed: [(ManagedObjectContext.NotificationKey, Set<ManagedObject>)] = [
            (.insertedObjects, inserted), (.updatedObjects, updated), (.deletedObjects, deleted),
            (.refreshedObjects, refreshed), (.invalidatedObjects, invalidated),
        ]
        for (key, objects) in keyed where !objects.isEmpty { info[key.rawValue] = objects }
        if invalidatedAll { info[ManagedObjectContext.NotificationKey.invalidatedAllObjects.rawValue] = true }
        return info
    }

    /// `inserted 1, updated 2, deleted 0`, the way the samples print a notification.
    public var description: String {
        var parts = ["inserted \(inserted.count)", "updated \(updated.count)", "deleted \(deleted.count)"]
        if !refreshed.isEmpty { parts.append("refreshed \(refreshed.count)") }
        if !invalidated.isEmpty { parts.append("invalidated \(invalidated.count)") }
        if invalidatedAll { parts.append("invalidated all") }
        return parts.joined(separator: ", ")
    }
}
