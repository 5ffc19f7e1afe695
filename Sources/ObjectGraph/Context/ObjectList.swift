import Foundation

/// One of a context's lists of pending changes (its inserted, changed, deleted or discarded
/// objects): the objects in the order they joined, each at most once.
///
/// Each object remembers its own place in the list of each kind (``Positions``), so joining,
/// leaving and asking are a look at the object and the array, and nothing is hashed:
///
/// - joining appends to the array and records the position on the object;
/// - leaving empties the object's place (a hole, skipped when reading; the array is compacted
///   once holes outnumber the members);
/// - an object is a member when its recorded place is in this list and holds it.
///
/// Each list has a number, fresh for every incarnation (``removeAll()`` and compaction take a
/// new one), so positions left on objects from earlier incarnations, or from another context,
/// never count. A list must not be copied and then both copies changed: the positions on the
/// objects follow one of them.
struct ObjectList: Sequence {
    /// Which list of a context this is; each kind has its own place on an object.
    enum Kind {
        case inserted, updated, deleted, discarded
    }

    /// An object's place in one list: that list's number and the index in it.
    struct Position {
        var list: UInt32 = 0
        var index: UInt32 = 0
    }

    /// An object's place in each kind of list (kept on the object, see ``ManagedObject``).
    struct Positions {
        fileprivate var inserted = Position()
        fileprivate var updated = Position()
        fileprivate var deleted = Position()
        fileprivate var discarded = Position()

        fileprivate subscript(kind: Kind) -> Position {
            get {
                switch kind {
                case .inserted: inserted
                case .updated: updated
                case .deleted: deleted
                case .discarded: discarded
                }
            }
            set {
                switch kind {
                case .inserted: inserted = newValue
                case .updated: updated = newValue
                case .deleted: deleted = newValue
                case .discarded: discarded = newValue
                }
            }
        }
    }

    /// Which list of the context this is.
    let kind: Kind
    /// This incarnation's number (see the type's documentation).
    private var number = ListNumbers.next()
    /// The members in order, with holes where members left.
    private var slots: [ManagedObject?] = []
    /// How many members the list has.
    private(set) var count = 0

    /// An empty list of `kind`.
    init(_ kind: Kind) {
        self.kind = kind
    }

    /// Whether the list has no members.
    var isEmpty: Bool { count == 0 }

    /// Whether `object` is a member.
    func contains(_ object: ManagedObject) -> Bool {
        let position = object.listPositions[kind]
        guard position.list == number, Int(position.index) < slots.count else { return false }
        return slots[Int(position.index)] === object
    }

    /// Adds `object` at the end unless it is a member already; returns whether it was added.
    @discardableResult
    mutating func append(_ object: ManagedObject) -> Bool {
        guard !contains(object) else { return false }
        object.listPositions[kind] = Position(list: number, index: UInt32(slots.count))
        slots.append(object)
        count += 1
        return true
    }

    /// Removes `object`; returns whether it was a member.
    @discardableResult
    mutating func remove(_ object: ManagedObject) -> Bool {
        guard contains(object) else { return false }
        slots[Int(object.listPositions[kind].index)] = nil
        count -= 1
        let holes = slots.count - count
        if holes > 32, holes > count { compact() }
        return true
    }

    /// Removes every member.
    mutating func removeAll() {
        number = ListNumbers.next()
        slots = []
        count = 0
    }

    /// Removes every member and hands back the list's own array of them, in order with holes
    /// (no member is retained again), so the caller decides when the members are let go.
    mutating func removeAllReturningMembers() -> [ManagedObject?] {
        defer { removeAll() }
        return slots
    }

    /// The members in order.
    var elements: [ManagedObject] {
        if count == slots.count { return slots.map { $0.unsafelyUnwrapped } }
        return slots.compactMap { $0 }
    }

    /// The members as a set.
    var set: Set<ManagedObject> {
        var members = Set<ManagedObject>(minimumCapacity: count)
        for object in self { members.insert(object) }
        return members
    }

    /// The members in order.
    func makeIterator() -> Iterator {
        Iterator(slots: slots)
    }

    /// Walks the members, skipping holes.
    struct Iterator: IteratorProtocol {
        fileprivate let slots: [ManagedObject?]
        fileprivate var index = 0

        mutating func next() -> ManagedObject? {
            while index < slots.count {
                defer { index += 1 }
                if let object = slots[index] { return object }
            }
            return nil
        }
    }

    /// Calls `body` with the members in order, `size` at a time (the last run may be shorter),
    /// for work that asks something about a run of members at once (see `ChangeTracker.commitSave`). The
    /// list must not change meanwhile.
    func forEachRun(ofSize size: Int, _ body: ([ManagedObject]) -> Void) {
        var run: [ManagedObject] = []
        run.reserveCapacity(size)
        for object in self {
            run.append(object)
            if run.count == size {
                body(run)
                run.removeAll(keepingCapacity: true)
            }
        }
        if !run.isEmpty { body(run) }
    }

    /// Drops the holes, renumbering the list and the members' places.
    private mutating func compact() {
        number = ListNumbers.next()
        slots = slots.compactMap { $0 }
        for (index, object) in slots.enumerated() {
            object?.listPositions[kind] = Position(list: number, index: UInt32(index))
        }
    }
}

/// Hands out the numbers of ``ObjectList`` incarnations and ``EventChanges`` events, unique in
/// the process (contexts on different queues take them at once, hence the lock). 0 is never
/// handed out, so a fresh object's zeroed places belong to no list.
enum ListNumbers {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var last: UInt32 = 0

    /// A number no other call has returned (until 2³² calls wrap it around).
    static func next() -> UInt32 {
        lock.withLock {
            last &+= 1
            if last == 0 { last = 1 }
            return last
        }
    }
}
