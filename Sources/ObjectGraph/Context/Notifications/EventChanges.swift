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
    /// How many objects are in some set now (listed objects that left do not count).
    private var memberCount = 0
    /// While true, nothing is recorded (a merge reports what it does itself).
    var isSuspended = false

    /// Whether nothing happened yet in this event.
    var isEmpty: Bool { memberCount == 0 }

    mutating func recordInsertion(of object: ManagedObject) {
        guard !isSuspended else { return }
        var bits = self.bits(of: object)
        if bits & Self.deletedBit != 0 {
            bits &= ~Self.deletedBit
            memberCount -= 1
        }
        if bits & Self.insertedBit == 0 {
            bits |= Self.insertedBit
            memberCount += 1
            inserted.append(object)
        }
        set(bits, of: object)
    }

    mutating func recordUpdate(of object: ManagedObject) {
        guard !isSuspended else { return }
        let bits = self.bits(of: object)
        guard bits & (Self.insertedBit | Self.deletedBit | Self.updatedBit) == 0 else { return }
        memberCount += 1
        updated.append(object)
        set(bits | Self.updatedBit, of: object)
    }

    mutating func recordDeletion(of object: ManagedObject) {
        guard !isSuspended else { return }
        var bits = self.bits(of: object)
        if bits & Self.updatedBit != 0 {
            bits &= ~Self.updatedBit
            memberCount -= 1
        }
        if bits & Self.refreshedBit != 0 {
            bits &= ~Self.refreshedBit
            memberCount -= 1
        }
        if bits & Self.insertedBit != 0 {
            // Inserted and deleted within the event: not reported at all.
            bits &= ~Self.insertedBit
            memberCount -= 1
        } else if bits & Self.deletedBit == 0 {
            bits |= Self.deletedBit
            memberCount += 1
            deleted.append(object)
        }
        set(bits, of: object)
    }

    mutating func recordRefresh(of object: ManagedObject) {
        guard !isSuspended else { return }
        let bits = self.bits(of: object)
        guard bits & Self.refreshedBit == 0 else { return }
        memberCount += 1
        refreshed.append(object)
        set(bits | Self.refreshedBit, of: object)
    }

    /// Hands out the event's changes and starts a new event.
    mutating func take() -> ContextChanges {
        defer { self = EventChanges() }
        return ContextChanges(
            inserted: members(inserted, Self.insertedBit), updated: members(updated, Self.updatedBit),
            deleted: members(deleted, Self.deletedBit), refreshed: members(refreshed, Self.refreshedBit))
    }

    /// The listed objects that are still in the set `bit` names.
    private func members(_ listed: [ManagedObject], _ bit: UInt8) -> Set<ManagedObject> {
        var members = Set<ManagedObject>(minimumCapacity: listed.count)
        for object in listed where bits(of: object) & bit != 0 { members.insert(object) }
        return members
    }

    private func bits(of object: ManagedObject) -> UInt8 {
        object.eventMarks.event == number ? object.eventMarks.bits : 0
    }

    private func set(_ bits: UInt8, of object: ManagedObject) {
        object.eventMarks = Marks(event: number, bits: bits)
    }
}
