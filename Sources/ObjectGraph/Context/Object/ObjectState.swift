/// What a ``ManagedObject`` knows about itself: its current values, the values it last read from
/// or wrote to its store, and what changed since.
///
/// Kept in one value so that the context can save, compare and restore an object's state as a
/// whole (rollback, refresh, failed saves).
struct ObjectState {
    /// Where the object is in its life.
    enum Lifecycle {
        /// Not in a context (made without one, or dropped from its context).
        case detached
        /// Inserted since the last save.
        case inserted
        /// Stored; may have unsaved changes.
        case persisted
        /// Stored and deleted since the last save.
        case deleted
    }

    var lifecycle: Lifecycle = .detached
    /// An object inserted and deleted again before any save: it never reaches the store.
    var isDeletedWhileInserted = false
    /// Whether the values still have to be loaded from the store.
    var isFault = false

    /// Current attribute values by name (absent = nil). A fetched object shares its row's
    /// values, so they may also hold the row's to-one IDs; those are never read from here.
    var attributeValues = PropertyValues()
    /// Current to-one destinations by relationship name (absent = nil).
    var toOneValues = PropertyMap<ManagedObject>()
    /// Current members of the to-many relationships loaded so far (absent = not loaded: a fault).
    var toManyValues = PropertyMap<OrderedSet<ManagedObject>>()

    /// The stored values as last read or saved: attributes and to-one destinations' IDs.
    var committedValues = PropertyValues()
    /// The stored members of each loaded to-many relationship as last read or saved.
    var committedToMany = PropertyMap<OrderedSet<ManagedObject>>()
    /// The row version (`Z_OPT`) the committed values belong to; 0 before the first save.
    var version: Int64 = 0

    /// Keys written since the last save or refresh (even if written back to the old value).
    var changedKeys: Set<String> = []
    /// Problems found while setting values (unknown key, value of the wrong type); reported by
    /// the next save as validation errors, because Core Data's setters cannot throw.
    var pendingErrors: [String: CoreDataError] = [:]
}
