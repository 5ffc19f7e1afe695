/// A live, editable view of one to-many relationship of one object, as
/// ``ManagedObject/mutableSetValue(forKey:)`` returns it (Core Data's `NSMutableSet` proxy).
///
/// Every edit goes through the object, so the inverse relationship stays in step:
///
/// ```swift
/// theater.mutableSetValue(forKey: "movies").insert(movie)   // movie.theater == theater
/// ```
///
/// Confined to the object's context queue, like the object itself.
public final class RelationshipSet: Sequence, @unchecked Sendable {
    /// The object whose relationship this is.
    public let owner: ManagedObject
    /// The relationship's name.
    public let key: String
    private let relationship: RelationshipDescription?

    init(owner: ManagedObject, key: String) {
        self.owner = owner
        self.key = key
        let relationship = owner.entity.relationshipsByName[key]
        self.relationship = relationship?.isToMany == true ? relationship : nil
        if self.relationship == nil {
            owner.recordError(
                .managedObjectValidation, key: key, "\(owner.entity.name) has no to-many relationship \"\(key)\"")
        }
    }

    /// The current members, in the order they were added (or the relationship's order).
    var members: OrderedSet<ManagedObject> {
        guard let relationship else { return OrderedSet() }
        return owner.loadedMembers(of: relationship)
    }

    /// How many objects the relationship holds.
    public var count: Int { members.count }

    /// Whether the relationship holds no objects.
    public var isEmpty: Bool { members.isEmpty }

    /// Whether `object` is in the relationship.
    public func contains(_ object: ManagedObject) -> Bool { members.contains(object) }

    /// Adds `object` (no effect when it is already there).
    public func insert(_ object: ManagedObject) {
        guard let relationship, owner.accepts(object, for: relationship) else { return }
        owner.insert(object, into: relationship, at: nil)
    }

    /// Removes `object` (no effect when it is not there).
    public func remove(_ object: ManagedObject) {
        guard let relationship else { return }
        owner.remove(object, from: relationship)
    }

    /// Adds every object of `objects`.
    public func formUnion<S: Sequence>(_ objects: S) where S.Element: ManagedObject {
        for object in objects { insert(object) }
    }

    /// Removes every object of `objects`.
    public func subtract<S: Sequence>(_ objects: S) where S.Element: ManagedObject {
        for object in objects { remove(object) }
    }

    /// Removes every object.
    public func removeAll() {
        for object in members { remove(object) }
    }

    /// The members as a plain set (a copy: later edits do not show in it).
    public var set: Set<ManagedObject> { members.set }

    /// Iterates over a copy of the current members.
    public func makeIterator() -> IndexingIterator<[ManagedObject]> { members.elements.makeIterator() }
}

/// A live, editable view of one ordered to-many relationship, as
/// ``ManagedObject/mutableOrderedSetValue(forKey:)`` returns it (Core Data's `NSMutableOrderedSet`
/// proxy). Edits keep the inverse relationship in step.
public final class OrderedRelationshipSet: RandomAccessCollection, @unchecked Sendable {
    /// The object whose relationship this is.
    public let owner: ManagedObject
    /// The relationship's name.
    public let key: String
    private let relationship: RelationshipDescription?

    init(owner: ManagedObject, key: String) {
        self.owner = owner
        self.key = key
        let relationship = owner.entity.relationshipsByName[key]
        self.relationship = relationship?.isToMany == true ? relationship : nil
        if self.relationship == nil {
            owner.recordError(
                .managedObjectValidation, key: key, "\(owner.entity.name) has no to-many relationship \"\(key)\"")
        }
    }

    private var members: OrderedSet<ManagedObject> {
        guard let relationship else { return OrderedSet() }
        return owner.loadedMembers(of: relationship)
    }

    /// The position of the first member.
    public var startIndex: Int { 0 }
    /// The position after the last member.
    public var endIndex: Int { members.count }
    /// The member at `position`.
    public subscript(position: Int) -> ManagedObject { members[position] }

    /// Whether `object` is in the relationship.
    public func contains(_ object: ManagedObject) -> Bool { members.contains(object) }

    /// The position of `object`, or nil when it is not in the relationship.
    public func index(of object: ManagedObject) -> Int? { members.firstIndex(of: object) }

    /// Adds `object` at the end (no effect when it is already there).
    public func append(_ object: ManagedObject) {
        guard let relationship, owner.accepts(object, for: relationship) else { return }
        owner.insert(object, into: relationship, at: nil)
    }

    /// Inserts `object` at `index` (no effect when it is already there, as with `NSMutableOrderedSet`'s
    /// `insert(_:at:)`; use ``move(from:to:)`` to move a member).
    public func insert(_ object: ManagedObject, at index: Int) {
        guard let relationship, owner.accepts(object, for: relationship), !members.contains(object) else { return }
        owner.insert(object, into: relationship, at: index)
    }

    /// Removes `object` (no effect when it is not there).
    public func remove(_ object: ManagedObject) {
        guard let relationship else { return }
        owner.remove(object, from: relationship)
    }

    /// Removes the member at `index`.
    public func remove(at index: Int) {
        let members = self.members
        guard members.indices.contains(index) else { return }
        remove(members[index])
    }

    /// Moves the member at `source` to `destination`.
    public func move(from source: Int, to destination: Int) {
        let members = self.members
        guard let relationship, members.indices.contains(source) else { return }
        owner.move(members[source], in: relationship, to: destination)
    }

    /// The members as a plain ordered set (a copy: later edits do not show in it).
    public var orderedSet: OrderedSet<ManagedObject> { members }
}

extension ManagedObject {
    /// A live, editable set of the to-many relationship `key`; edits keep inverses in step.
    public func mutableSetValue(forKey key: String) -> RelationshipSet {
        RelationshipSet(owner: self, key: key)
    }

    /// A live, editable ordered set of the ordered to-many relationship `key`; edits keep
    /// inverses in step.
    public func mutableOrderedSetValue(forKey key: String) -> OrderedRelationshipSet {
        OrderedRelationshipSet(owner: self, key: key)
    }
}
