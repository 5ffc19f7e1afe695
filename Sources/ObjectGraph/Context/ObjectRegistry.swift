/// The objects of one context by ID, held weakly, as Core Data's context holds them.
///
/// A context keeps one object per ID for as long as that object lives, but it does not keep an
/// unchanged object alive: once the app lets go of a fetched object, the object goes, and the
/// next fetch of its row makes a fresh instance with the same ID. Objects with pending changes
/// (inserted, updated, deleted) stay alive because the context's change sets hold them strongly.
/// That is what lets an app walk a million-row fetch in bounded memory.
///
/// Entries of released objects are not removed when the object goes (an object's `deinit` may
/// run in the middle of any mutation of the context, where touching the registry would be an
/// overlapping access); lookups ignore them and ``register(_:for:)`` sweeps them out once there
/// are as many dead entries as live ones could be, so the sweeping costs O(1) per insertion.
struct ObjectRegistry {
    /// A weak reference to one registered object.
    private struct Entry {
        weak var object: ManagedObject?
    }

    private var entries: [ManagedObjectID: Entry] = [:]
    /// The entry count at which the next sweep of dead entries happens.
    private var nextSweep = Self.minimumSweepCount

    private static let minimumSweepCount = 1_024

    /// The live object registered for `objectID`, if any.
    subscript(objectID: ManagedObjectID) -> ManagedObject? {
        entries[objectID]?.object
    }

    /// Registers `object` as the context's object for `objectID`.
    mutating func register(_ object: ManagedObject, for objectID: ManagedObjectID) {
        entries[objectID] = Entry(object: object)
        if entries.count >= nextSweep { sweep() }
    }

    /// Forgets the object registered for `objectID`.
    mutating func remove(_ objectID: ManagedObjectID) {
        entries[objectID] = nil
    }

    /// Forgets every object.
    mutating func removeAll() {
        entries.removeAll()
        nextSweep = Self.minimumSweepCount
    }

    /// Every live registered object (a snapshot: strong references, in no particular order).
    var objects: [ManagedObject] {
        entries.values.compactMap(\.object)
    }

    /// Drops the entries of released objects and sets the next sweep to twice the survivors.
    private mutating func sweep() {
        entries = entries.filter { $0.value.object != nil }
        nextSweep = max(Self.minimumSweepCount, entries.count * 2)
    }
}
