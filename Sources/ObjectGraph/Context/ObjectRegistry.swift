/// The objects of one context by ID, held weakly, as Core Data's context holds them.
///
/// A context keeps one object per ID for as long as that object lives, but it does not keep an
/// unchanged object alive: once the app lets go of a fetched object, the object goes, and the
/// next fetch of its row makes a fresh instance with the same ID. Objects with pending changes
/// (inserted, updated, deleted) stay alive because the context's change sets hold them strongly.
/// That is what lets an app walk a million-row fetch in bounded memory.
///
/// **How the references are weak.** Entries are unretained references, and an object removes
/// its own entry when it is deinitialized (``ManagedObject``'s `deinit` calls
/// `removeReleased(at:for:)`), the way Core Data's objects leave their context on `dealloc`.
/// Swift `weak` references would do the same job, but they move every object's reference count
/// into a side table, which makes every retain and release of every object slower. The scheme
/// is sound because of Core Data's confinement rule: an object is used, and so released, only on
/// its context's queue, so no lookup can meet an object that is being deinitialized. The
/// registry never owns an object, so none of its own mutations can run an object's `deinit`.
struct ObjectRegistry {
    private var entries = ObjectTable()
    /// How many times an object was registered: a caller that saw this number unchanged knows
    /// no object was registered meanwhile.
    private(set) var registrations = 0
    /// How many times an object may have left the registry (removed, replaced or released): a
    /// caller that saw this number unchanged knows every object it found registered still is.
    private(set) var removals = 0

    /// The live object registered for `objectID`, if any.
    subscript(objectID: ManagedObjectID) -> ManagedObject? {
        entries[objectID]?.takeUnretainedValue()
    }

    /// Registers `object` as the context's object for `objectID`.
    mutating func register(_ object: ManagedObject, for objectID: ManagedObjectID) {
        entries.set(Unmanaged.passUnretained(object), for: objectID)
        registrations &+= 1
        // It may have taken the place of another object.
        removals &+= 1
    }

    /// Registers `object` for `objectID`, which has no registered object (the caller just looked).
    mutating func registerNew(_ object: ManagedObject, for objectID: ManagedObjectID) {
        entries.insertNew(Unmanaged.passUnretained(object), for: objectID)
        registrations &+= 1
    }

    /// Whether an object may be registered for an ID with any of the precomputed hashes
    /// `hashes` (asked for a batch at once, which is quicker than one by one; see
    /// `ObjectTable.mayContainAny(ofHashes:)`). False means none is.
    func mayContainAny(ofHashes hashes: UnsafeBufferPointer<Int>) -> Bool {
        entries.mayContainAny(ofHashes: hashes)
    }

    /// Makes room for `count` objects in all (before making the objects of a large fetch).
    mutating func reserveCapacity(_ count: Int) {
        entries.reserveCapacity(count)
    }

    /// Forgets the object registered for `objectID`.
    mutating func remove(_ objectID: ManagedObjectID) {
        entries.remove(objectID)
        removals &+= 1
    }

    /// Forgets the objects `members` lists (holes skipped) from its end while they are the
    /// newest registered, all at once (see `ObjectTable.removeNewestEntries(holding:)`), and
    /// returns the index in `members` from which every listed object was forgotten.
    mutating func removeNewest(holding members: [ManagedObject?]) -> Int {
        let start = entries.removeNewestEntries(holding: members)
        if start < members.count { removals &+= 1 }
        return start
    }

    /// Forgets the object at `address`, which is being deinitialized, unless another object has
    /// taken its ID since. (Compared by address: a deinitializing object must not be retained.)
    mutating func removeReleased(at address: UnsafeMutableRawPointer, for objectID: ManagedObjectID) {
        entries.remove(objectID, ifObjectAt: address)
        removals &+= 1
    }

    /// Forgets every object.
    mutating func removeAll() {
        entries.removeAll()
        removals &+= 1
    }

    /// How many objects are registered.
    var count: Int { entries.count }

    /// Every registered object (a snapshot: strong references, in no particular order).
    var objects: [ManagedObject] {
        entries.allValues.map { $0.takeUnretainedValue() }
    }
}
