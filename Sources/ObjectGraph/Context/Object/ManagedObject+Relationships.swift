extension ManagedObject {
    // MARK: - Public relationship editing

    /// Adds `object` to the to-many relationship `key` (and sets the inverse).
    public func addObject(_ object: ManagedObject, toRelationship key: String) {
        guard let relationship = toManyRelationship(key, accepting: object) else { return }
        insert(object, into: relationship, at: nil)
    }

    /// Removes `object` from the to-many relationship `key` (and clears the inverse).
    public func removeObject(_ object: ManagedObject, fromRelationship key: String) {
        guard let relationship = toManyRelationship(key, accepting: object) else { return }
        remove(object, from: relationship)
    }

    private func toManyRelationship(_ key: String, accepting object: ManagedObject) -> RelationshipDescription? {
        guard let relationship = entity.relationshipsByName[key], relationship.isToMany else {
            recordError(.managedObjectValidation, key: key, "\(entity.name) has no to-many relationship \"\(key)\"")
            return nil
        }
        guard accepts(object, for: relationship) else { return nil }
        return relationship
    }

    // MARK: - Setting whole relationships

    func setToOneDestination(_ relationship: RelationshipDescription, to value: Any?) {
        // The common case, an object passed as a `ManagedObject` (its class or a subclass's),
        // read from the `Any` without the runtime's cast; any other value is cast below.
        if let destination = SlotValue.plainManagedObject(in: value) {
            if accepts(destination, for: relationship) { setToOne(relationship, to: destination) }
            return
        }
        guard let value else {
            setToOne(relationship, to: nil)
            return
        }
        guard let destination = value as? ManagedObject, accepts(destination, for: relationship) else {
            if !(value is ManagedObject) {
                recordError(
                    .managedObjectValidation, key: relationship.name,
                    "\"\(relationship.name)\" takes a \(relationship.destinationEntityName) object, "
                        + "not \(type(of: value))")
            }
            return
        }
        setToOne(relationship, to: destination)
    }

    func setToManyMembers(_ relationship: RelationshipDescription, to value: Any?) {
        var objects: [ManagedObject] = []
        if let value {
            guard let list = Self.managedObjects(in: value) else {
                recordError(
                    .managedObjectValidation, key: relationship.name,
                    "\"\(relationship.name)\" takes a set of \(relationship.destinationEntityName) objects, "
                        + "not \(type(of: value))")
                return
            }
            objects = list
        }
        guard objects.allSatisfy({ accepts($0, for: relationship) }) else { return }
        let wanted = OrderedSet(objects)
        let current = loadedMembers(of: relationship)
        for member in current where !wanted.contains(member) {
            remove(member, from: relationship)
        }
        for (index, member) in wanted.enumerated() {
            insert(member, into: relationship, at: relationship.isOrdered ? index : nil)
        }
        if relationship.isOrdered, state.toManyValues[relationship.name] != wanted {
            willChangeValue(forKey: relationship.name)
            state.toManyValues[relationship.name] = wanted
            didChangeValue(forKey: relationship.name)
        }
    }

    /// The objects in a set, array or ordered set of managed objects (of any subclass).
    static func managedObjects(in value: Any?) -> [ManagedObject]? {
        switch value {
        case let set as Set<ManagedObject>: return Array(set)
        case let array as [ManagedObject]: return array
        case let ordered as OrderedSet<ManagedObject>: return ordered.elements
        case let collection as any ManagedObjectCollection: return collection.managedObjectElements
        default: return nil
        }
    }

    /// Whether `object` may be a destination of `relationship` of this object; records why not.
    func accepts(_ object: ManagedObject, for relationship: RelationshipDescription) -> Bool {
        guard let destination = relationship.destinationEntity, object.entity.isKind(of: destination) else {
            recordError(
                .managedObjectValidation, key: relationship.name,
                "\"\(relationship.name)\" takes \(relationship.destinationEntityName) objects, "
                    + "not \(object.entity.name)")
            return false
        }
        guard object.managedObjectContext === managedObjectContext else {
            recordError(
                .managedObjectValidation, key: relationship.name,
                "\(object.objectID) belongs to another context; relate objects of one context only")
            return false
        }
        return true
    }

    // MARK: - Inverse maintenance

    /// Points the to-one `relationship` at `destination`, updating both old and new inverses.
    func setToOne(_ relationship: RelationshipDescription, to destination: ManagedObject?) {
        fireFault()
        let old = state.toOneValues[relationship.name]
        guard old !== destination else { return }
        rawSetToOne(relationship, to: destination)
        guard let inverse = relationship.inverseRelationship else { return }
        if let old { old.rawDetach(self, from: inverse) }
        guard let destination else { return }
        if inverse.isToMany {
            destination.rawInsert(self, into: inverse, at: nil)
        } else {
            // One-to-one: the destination's previous partner loses it.
            destination.fireFault()
            if let previous = destination.state.toOneValues[inverse.name], previous !== self {
                previous.rawSetToOne(relationship, to: nil)
            }
            destination.rawSetToOne(inverse, to: self)
        }
    }

    /// Adds `object` to the to-many `relationship` (at `index` when ordered), updating the inverse.
    func insert(_ object: ManagedObject, into relationship: RelationshipDescription, at index: Int?) {
        if hasMember(object, in: relationship) {
            if let index, relationship.isOrdered { move(object, in: relationship, to: index) }
            return
        }
        rawInsert(object, into: relationship, at: index)
        guard let inverse = relationship.inverseRelationship else { return }
        if inverse.isToMany {
            object.rawInsert(self, into: inverse, at: nil)
        } else {
            object.fireFault()
            if let previousOwner = object.state.toOneValues[inverse.name], previousOwner !== self {
                previousOwner.rawDetach(object, from: relationship)
            }
            object.rawSetToOne(inverse, to: self)
        }
    }

    /// Removes `object` from the to-many `relationship`, updating the inverse.
    func remove(_ object: ManagedObject, from relationship: RelationshipDescription) {
        guard hasMember(object, in: relationship) else { return }
        rawDetach(object, from: relationship)
        guard let inverse = relationship.inverseRelationship else { return }
        object.rawDetach(self, from: inverse)
    }

    /// Moves `object`, already in the ordered `relationship`, to `index`.
    func move(_ object: ManagedObject, in relationship: RelationshipDescription, to index: Int) {
        guard let from = loadedMembers(of: relationship).firstIndex(of: object), from != index else { return }
        willChangeValue(forKey: relationship.name)
        state.toManyValues[relationship.name]?.move(from: from, to: index)
        didChangeValue(forKey: relationship.name)
    }

    // MARK: - One side only (the caller keeps the other side in step)

    func rawSetToOne(_ relationship: RelationshipDescription, to destination: ManagedObject?) {
        fireFault()
        guard state.toOneValues[relationship.name] !== destination else { return }
        willChangeValue(forKey: relationship.name)
        state.toOneValues[relationship.name] = destination
        didChangeValue(forKey: relationship.name)
    }

    // To-many sets are edited in place (`ObjectState.modifyToManyMembers`), never copied.

    func rawInsert(_ object: ManagedObject, into relationship: RelationshipDescription, at index: Int?) {
        // An append nobody sees before it is made (no undo manager to record the members as they
        // were, no observer of this object) looks for the object once, in the append itself,
        // rather than once to decide and again to add; the change is then reported as usual.
        if index == nil, observationInfo == nil, managedObjectContext?.undoManager == nil {
            fireFault()
            if let added = state.modifyToManyMembers(forKey: relationship.name, { $0.append(object) }) {
                if added {
                    willChangeValue(forKey: relationship.name)
                    didChangeValue(forKey: relationship.name)
                }
                return
            }
        }
        guard !hasMember(object, in: relationship) else { return }
        willChangeValue(forKey: relationship.name)
        _ = state.modifyToManyMembers(forKey: relationship.name) { members in
            if let index {
                members.insert(object, at: index)
            } else {
                members.append(object)
            }
        }
        didChangeValue(forKey: relationship.name)
    }

    /// Removes `object` from `relationship` of this object, whether to-one or to-many; returns
    /// whether it was there (and so whether this object changed).
    @discardableResult
    func rawDetach(_ object: ManagedObject, from relationship: RelationshipDescription) -> Bool {
        if relationship.isToMany {
            guard hasMember(object, in: relationship) else { return false }
            willChangeValue(forKey: relationship.name)
            _ = state.modifyToManyMembers(forKey: relationship.name) { $0.remove(object) }
            didChangeValue(forKey: relationship.name)
        } else {
            fireFault()
            guard state.toOneValues[relationship.name] === object else { return false }
            rawSetToOne(relationship, to: nil)
        }
        return true
    }

    /// Empties the to-many `relationship` of this object in one step (the caller keeps the
    /// inverses in step); used by delete rules, where removing members one by one would be slow.
    func rawRemoveAll(from relationship: RelationshipDescription) {
        guard !loadedMembers(of: relationship).isEmpty else { return }
        willChangeValue(forKey: relationship.name)
        state.toManyValues[relationship.name] = OrderedSet()
        didChangeValue(forKey: relationship.name)
    }
}

/// A collection of managed objects of some subclass (`OrderedSet<Movie>`, `Set<Movie>`), so
/// `setValue(_:forKey:)` accepts typed collections.
protocol ManagedObjectCollection {
    /// The objects, in the collection's order.
    var managedObjectElements: [ManagedObject] { get }
}

extension OrderedSet: ManagedObjectCollection where Element: ManagedObject {
    var managedObjectElements: [ManagedObject] { elements }
}

extension Set: ManagedObjectCollection where Element: ManagedObject {
    var managedObjectElements: [ManagedObject] { Array(self) }
}

extension Array: ManagedObjectCollection where Element: ManagedObject {
    var managedObjectElements: [ManagedObject] { self }
}
