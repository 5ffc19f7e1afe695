extension ManagedObject {
    /// Loads the object's values from its store if it is still a fault.
    ///
    /// Reading any value does this automatically; call it to load values ahead of time.
    public func fireFault() {
        guard state.isFault, let context = managedObjectContext else { return }
        context.fulfillFault(of: self)
    }

    /// Loads the to-many relationship `relationship` from the store if it is not loaded yet,
    /// and returns its members.
    func loadedMembers(of relationship: RelationshipDescription) -> OrderedSet<ManagedObject> {
        fireFault()
        if let members = state.toManyValues[relationship.name] { return members }
        let stored = managedObjectContext?.loadToMany(relationship, of: self) ?? OrderedSet()
        takeLoadedMembers(stored, of: relationship)
        return state.toManyValues[relationship.name] ?? OrderedSet()
    }

    /// Makes `stored` (the members the store holds) the committed members of `relationship`, and
    /// those of them not deleted in the context its current members: a member deleted while the
    /// relationship was a fault has left it, so the object has changed, as it would have had the
    /// relationship been loaded when the member was deleted.
    func takeLoadedMembers(_ stored: OrderedSet<ManagedObject>, of relationship: RelationshipDescription) {
        state.toManyValues[relationship.name] = stored
        state.committedToMany[relationship.name] = stored
        guard stored.contains(where: \.isDeleted) else { return }
        willChangeValue(forKey: relationship.name)
        state.toManyValues[relationship.name] = OrderedSet(stored.filter { !$0.isDeleted })
        didChangeValue(forKey: relationship.name)
    }

    /// Whether `object` is a member of the to-many `relationship` (loaded first if need be),
    /// without copying the members.
    func hasMember(_ object: ManagedObject, in relationship: RelationshipDescription) -> Bool {
        fireFault()
        if let found = state.toManyValues.withValue(forKey: relationship.name, { $0.contains(object) }) {
            return found
        }
        return loadedMembers(of: relationship).contains(object)
    }

    /// Whether the to-many relationship named `key` is still a fault (not loaded).
    ///
    /// Core Data calls this `hasFault(forRelationshipNamed:)`.
    public func hasFault(forRelationshipNamed key: String) -> Bool {
        guard let relationship = entity.relationshipsByName[key] else { return false }
        if !relationship.isToMany { return state.isFault }
        return state.isFault || state.toManyValues[key] == nil
    }

    /// Turns the object back into a fault, dropping its loaded values (used by refresh, rollback).
    func turnIntoFault() {
        state.isFault = true
        state.attributeValues = PropertyValues()
        state.toOneValues = [:]
        state.committedValues = PropertyValues()
        state.clearRelationshipsAndChanges()
    }
}
