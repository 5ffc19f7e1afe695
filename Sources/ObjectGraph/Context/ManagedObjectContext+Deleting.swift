extension ManagedObjectContext {
    /// Deletes `object` and applies the delete rule of each of its relationships at once:
    ///
    /// - **nullify**: the destinations forget the object (it leaves their sets, their to-one is cleared);
    /// - **cascade**: the destinations forget it and are deleted too (their rules apply in turn);
    /// - **deny**: destinations are left in place, and ``save()`` fails with 1600 while any remain;
    /// - **no action**: the object leaves the destinations' to-many sets, but a destination's to-one
    ///   keeps pointing at it (fix it yourself, as in Core Data).
    ///
    /// The row is removed at the next ``save()``. An object inserted since the last save simply
    /// disappears at the next save. Objects of other contexts are ignored.
    public func delete(_ object: ManagedObject) {
        guard object.managedObjectContext === self, !object.isDeleted else { return }
        object.fireFault()
        if object.state.lifecycle == .persisted { loadMembersForDeleteRules(of: object) }
        noteDeletion(of: object)
        if object.state.lifecycle == .inserted {
            insertedSet.remove(object)
            discardedInserts.append(object)
            object.state.isDeletedWhileInserted = true
        } else {
            deletedSet.append(object)
        }
        object.state.lifecycle = .deleted
        applyDeleteRules(to: object)
    }

    /// Loads the to-many relationships of a stored object about to be deleted whose delete
    /// rule touches every member and whose members are not loaded yet: with their rows, in one
    /// read per relationship (`… WHERE  t0.ZTHEATER IN (?)`, as prefetching reads them), rather
    /// than their IDs first and then their rows. A failed read leaves them to load as before.
    private func loadMembersForDeleteRules(of object: ManagedObject) {
        for relationship in relationshipsInNameOrder(of: object.entity)
        where relationship.isToMany && relationship.deleteRule != .deny
            && object.hasFault(forRelationshipNamed: relationship.name)
        {
            try? loadMembers(of: relationship, for: [object])
        }
    }

    private func applyDeleteRules(to object: ManagedObject) {
        let relationships = relationshipsInNameOrder(of: object.entity)
        var cascaded: [ManagedObject] = []
        for relationship in relationships {
            let destinations: [ManagedObject]
            if relationship.isToMany {
                // Every member is touched below: the faults among them load together.
                destinations = object.loadedMembers(of: relationship).elements
                if relationship.deleteRule != .deny { fulfillFaults(of: destinations) }
            } else {
                destinations = object.state.toOneValues[relationship.name].map { [$0] } ?? []
            }
            guard !destinations.isEmpty, relationship.deleteRule != .deny else { continue }
            // The inverse is looked up once per relationship, not once per member.
            if let inverse = relationship.inverseRelationship,
                relationship.deleteRule != .noAction || inverse.isToMany
            {
                for destination in destinations { destination.rawDetach(object, from: inverse) }
            }
            if relationship.isToMany {
                object.rawRemoveAll(from: relationship)
            } else {
                object.rawSetToOne(relationship, to: nil)
            }
            if relationship.deleteRule == .cascade { cascaded += destinations }
        }
        for destination in cascaded { delete(destination) }
    }
}
