/// The objects a context's current event has touched so far, gathered until the next
/// `processPendingChanges()` reports them.
///
/// The sets follow Core Data's rules for one objects-did-change notification: an object inserted
/// and deleted again within the event is not reported at all; a deleted object is reported only
/// as deleted; an inserted object is reported only as inserted, however often it changed.
///
/// Every change of every object records itself here, so recording must cost next to nothing:
/// which sets an object is in is kept on the object (``Marks``, valid only for the event whose
/// number they carry), and the objects are listed in arrays. An object that leaves a set and
/// joins it again is listed twice; the sets built when the event is reported drop the repeats
/// and the objects that left.
struct EventChanges {
    /// Which of one event's sets an object is in (kept on the object, see ``ManagedObject``).
    struct Marks {
        /// The number of the event the bits belong to; bits of any other event mean "in none".
        fileprivate var event: UInt32 = 0
        fileprivate var bits: UInt8 = 0
    }

    private static let insertedBit: UInt8 = 1
    private static let updatedBit: UInt8 = 2
    private static let deletedBit: UInt8 = 4
    private static let refreshedBit: UInt8 = 8

    /// This event's number (unique in the process, see ``ListNumbers``).
    private let number = ListNumbers.next()
    private var inserted: [ManagedObject] = []
    private var updated: [ManagedObject] = []
    private var deleted: [ManagedObject] = []
    private var refreshed: [ManagedObject] = []
    /// How many objects are in each set now (listed objects that left do not count): a set
    /// nobody is in any more is built without walking its list.
    private var insertedCount = 0
    private var updatedCount = 0
    private var deletedCount = 0
    private var refreshedCount = 0
    /// While true, nothing is recorded (a merge reports what it does itself).
    var isSuspended = false

    /// Whether nothing happened yet in this event.
    var isEmpty: Bool { insertedCount == 0 && updatedCount == 0 && deletedCount == 0 && refreshedCount == 0 }

    mutating func recordInsertion(of object: ManagedObject) {
        guard !isSuspended else { return }
        var bits = self.bits(of: object)
        if bits & Self.deletedBit != 0 {
            bits &= ~Self.deletedBit
            deletedCount -= 1
        }
        if bits & Self.insertedBit == 0 {
            bits |= Self.insertedBit
            insertedCount += 1
            inserted.append(object)
        }
        set(bits, of: object)
    }

    mutating func recordUpdate(of object: ManagedObject) {
        guard !isSuspended else { return }
        let bits = self.bits(of: object)
        guard bits & (Self.insertedBit | Self.deletedBit | Self.updatedBit) == 0 else { return }
        updatedCount += 1
        updated.append(object)
        set(bits | Self.updatedBit, of: object)
    }

    mutating func recordDeletion(of object: ManagedObject) {
        guard !isSuspended else { return }
        var bits = self.bits(of: object)
        if bits & Self.updatedBit != 0 {
            bits &= ~Self.updatedBit
            updatedCount -= 1
        }
        if bits & Self.refreshedBit != 0 {
            bits &= ~Self.refreshedBit
            refreshedCount -= 1
        }
        if bits & Self.insertedBit != 0 {
            // Inserted and deleted within the event: not reported at all.
            bits &= ~Self.insertedBit
            insertedCount -= 1
        } else if bits & Self.deletedBit == 0 {
            bits |= Self.deletedBit
            deletedCount += 1
            deleted.append(object)
        }
        set(bits, of: object)
    }

    mutating func recordRefresh(of object: ManagedObject) {
        guard !isSuspended else { return }
        let bits = self.bits(of: object)
        guard bits & Self.refreshedBit == 0 else { return }
        refreshedCount += 1
        refreshed.append(object)
        set(bits | Self.refreshedBit, of: object)
    }

    /// Hands out the event's changes and starts a new event.
    mutating func take() -> ContextChanges {
        defer { self = EventChanges() }
        return ContextChanges(
            inserted: members(inserted, Self.insertedBit, count: insertedCount),
            updated: members(updated, Self.updatedBit, count: updatedCount),
            deleted: members(deleted, Self.deletedBit, count: deletedCount),
            refreshed: members(refreshed, Self.refreshedBit, count: refreshedCount))
    }

    /// The listed objects that are still in the set `bit` names, `count` of them. (Objects a
    /// cascade delete detached are listed as updated, then deleted: that list is not walked.)
    private func members(_ listed: [ManagedObject], _ bit: UInt8, count: Int) -> Set<ManagedObject> {
        guard count > 0 else { return [] }
        var members = Set<ManagedObject>(minimumCapacity: count)
        for object in listed where bits(of: object) & bit != 0 {
            members.insert(object)
            if members.count == count { break }
        }
        return members
    }

    private func bits(of object: ManagedObject) -> UInt8 {
        object.eventMarks.event == number ? object.eventMarks.bits : 0
    }

    private func set(_ bits: UInt8, of object: ManagedObject) {
        object.eventMarks = Marks(event: number, bits: bits)
    }
}
