/// A context's record of its objects and their pending changes: the one owner of every
/// object's place in its life (inserted, stored, deleted, detached).
///
/// Core Data's `NSManagedObjectContext` keeps change tracking behind one API; so does this
/// type. It holds the context's ``ObjectRegistry`` and four lists of pending changes, and its
/// methods are the only code that moves an object from one lifecycle state to another:
///
/// | Transition | Method | Lists it changes |
/// | --- | --- | --- |
/// | detached → inserted | ``insert(_:)`` | inserted |
/// | stored → fetched into the context | ``registerFetched(_:for:)`` | (registry only) |
/// | stored object written to | ``markUpdated(_:)`` | updated |
/// | inserted → deleted | ``delete(_:)`` | inserted → discarded |
/// | stored → deleted | ``delete(_:)`` | deleted |
/// | deleted → back (undo) | ``undelete(_:wasInserted:)`` | discarded → inserted, or out of deleted |
/// | changes dropped (refresh, rollback merge) | ``dropChanges(of:)`` | out of updated and deleted |
/// | saved | ``commitSave(_:insertedInEvent:layout:)`` | all emptied |
/// | rolled back, reset | ``rollBackInserts()``, ``revertToStored(_:)``, ``reset()`` | all emptied |
///
/// Everything else asks it: the registry and the lists are written only by the tracker's own
/// methods (in `ChangeTracker+*.swift`); other code reads them.
///
/// A tracker belongs to one context and is confined to its queue, so its stored properties are
/// marked `@exclusivity(unchecked)`. Its methods never call user code (observers, delegates,
/// undo): the context calls those around them.
final class ChangeTracker {
    /// Every live object of the context by ID: one object per ID, held weakly (objects with
    /// pending changes are held by the lists below).
    @exclusivity(unchecked) var registry = ObjectRegistry()
    /// Objects inserted since the last save, in insertion order.
    @exclusivity(unchecked) var inserted = ObjectList(.inserted)
    /// Stored objects written to since the last save, in the order first written. A member may
    /// have no change left (written back to its stored value) or be deleted since: ask
    /// ``ManagedObject/isUpdated``.
    @exclusivity(unchecked) var updated = ObjectList(.updated)
    /// Stored objects deleted since the last save, in deletion order.
    @exclusivity(unchecked) var deleted = ObjectList(.deleted)
    /// Objects inserted and deleted again since the last save: they never reach a store, and
    /// are let go at the next save.
    @exclusivity(unchecked) var discarded = ObjectList(.discarded)

    /// Makes an empty tracker.
    init() {}

    /// Whether a save has rows to write: something was inserted, written to or deleted.
    var hasPendingWrites: Bool { !inserted.isEmpty || !updated.isEmpty || !deleted.isEmpty }

    /// Every object of the context: those in the registry, and inserted ones that have no ID yet
    /// (they are registered when they get one).
    var allObjects: [ManagedObject] {
        var objects = registry.objects
        for object in inserted where object.assignedObjectID == nil { objects.append(object) }
        for object in discarded where object.assignedObjectID == nil { objects.append(object) }
        return objects
    }
}
