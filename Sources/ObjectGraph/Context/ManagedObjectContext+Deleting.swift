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
        let relationships = relationshipsInNameOrder(of: object.entity)
        delete(object, relationships: relationships, loadsMembers: Self.loadsMembers(for: relationships))
    }

    /// ``delete(_:)`` of an object of this context not deleted yet; `relationships` are those of
    /// its entity in name order (a cascade looks them up once per run of one entity), and
    /// `loadsMembers` says whether any of them is a to-many relationship whose members the delete
    /// rules load (see ``loadsMembers(for:)``).
    private func delete(_ object: ManagedObject, relationships: [RelationshipDescription], loadsMembers: Bool) {
        object.fireFault()
        if object.mayOverrideLifeCycle {
            object.prepareForDeletion()
            // It may have deleted the object itself, or moved it out of this context.
            guard object.managedObjectContext === self, !object.isDeleted else { return }
        }
        let loaded =
            loadsMembers && object.state.lifecycle == .persisted
            ? loadMembersForDeleteRules(of: [object], relationships: relationships) : []
        noteDeletion(of: object)
        tracker.delete(object)
        applyDeleteRules(to: object, relationships: relationships, loadedWithRows: loaded)
    }

    /// Loads the to-many relationships of stored objects about to be deleted (one, or a run of
    /// one entity a cascade reached) whose delete rule touches every member and whose members are
    /// not loaded yet: with their rows, in one read per relationship for all of them
    /// (`… WHERE  t0.ZTHEATER IN (?)`, as prefetching reads them), rather than their IDs first and
    /// then their rows, or one read per object. A failed read leaves them to load as before.
    ///
    /// Returns the relationships whose members it loaded: none of those is a fault.
    @discardableResult
    private func loadMembersForDeleteRules(of objects: [ManagedObject], relationships: [RelationshipDescription])
        -> [RelationshipDescription]
    {
        var loaded: [RelationshipDescription] = []
        for relationship in relationships where Self.rulesLoadMembers(of: relationship) {
            let unloaded = objects.filter {
                $0.state.lifecycle == .persisted && $0.hasFault(forRelationshipNamed: relationship.name)
            }
            guard !unloaded.isEmpty else { continue }
            if (try? loadMembers(of: relationship, for: unloaded)) != nil { loaded.append(relationship) }
        }
        return loaded
    }

    /// Whether the delete rule of `relationship` touches every member of it, so that deleting an
    /// owner loads its members first: a to-many relationship whose rule is not deny.
    private static func rulesLoadMembers(of relationship: RelationshipDescription) -> Bool {
        relationship.isToMany && relationship.deleteRule != .deny
    }

    /// Whether deleting an object whose relationships are `relationships` may load members (see
    /// ``rulesLoadMembers(of:)``); a cascade's movies, with only their to-one theater, never do.
    private static func loadsMembers(for relationships: [RelationshipDescription]) -> Bool {
        relationships.contains(where: rulesLoadMembers(of:))
    }

    /// Applies the delete rule of each of `relationships` (its entity's, in name order) of the
    /// deleted `object` (see ``delete(_:)``), then deletes what the cascades reached.
    ///
    /// The members of the relationships in `loadedWithRows` were just read with their rows, so
    /// they are not looked over for faults.
    ///
    /// A cascade's members are deleted right after their inverse is cleared. When no code of the
    /// app can run in between (no object of the context was ever observed, none is of a subclass
    /// that could override a life-cycle method, no undo manager records the change), clearing it
    /// does not put each member on the changed lists only for its deletion to take it off again:
    /// nothing could see the lists in between. Should a subclass object join meanwhile (loaded by
    /// the cascade), the members not deleted yet are put on the lists before any of its code runs
    /// (`deleteCascaded`).
    private func applyDeleteRules(
        to object: ManagedObject, relationships: [RelationshipDescription], loadedWithRows: [RelationshipDescription]
    ) {
        // No destination to forget or delete (a cascade's member whose inverse it just cleared):
        // every rule below would skip every relationship.
        if object.state.toOneValues.isEmpty, !relationships.contains(where: \.isToMany) { return }
        var cascaded: [ManagedObject] = []
        var detached: [ManagedObject] = []
        for relationship in relationships {
            let destinations: [ManagedObject]
            if relationship.isToMany {
                // Every member is touched below: the faults among them load together.
                destinations = object.loadedMembers(of: relationship).elements
                if relationship.deleteRule != .deny, !loadedWithRows.contains(where: { $0 === relationship }) {
                    fulfillFaults(of: destinations)
                }
            } else {
                destinations = object.state.toOneValues[relationship.name].map { [$0] } ?? []
            }
            guard !destinations.isEmpty, relationship.deleteRule != .deny else { continue }
            // The inverse is looked up once per relationship, not once per member.
            if let inverse = relationship.inverseRelationship,
                relationship.deleteRule != .noAction || inverse.isToMany
            {
                if relationship.deleteRule == .cascade, !mayHoldSubclassObjects, !mayHoldObservedObjects,
                    undoManager == nil
                {
                    defersChangeLists = true
                    detached.reserveCapacity(detached.count + destinations.count)
                    for destination in destinations where destination.rawDetach(object, from: inverse) {
                        detached.append(destination)
                    }
                    defersChangeLists = false
                } else {
                    for destination in destinations { destination.rawDetach(object, from: inverse) }
                }
            }
            if relationship.isToMany {
                object.rawRemoveAll(from: relationship)
            } else {
                object.rawSetToOne(relationship, to: nil)
            }
            if relationship.deleteRule == .cascade {
                // The first (mostly the only) cascade shares the members' array rather than copying it.
                if cascaded.isEmpty { cascaded = destinations } else { cascaded += destinations }
            }
        }
        if !cascaded.isEmpty { deleteCascaded(cascaded, detached: detached) }
    }

    /// Deletes the destinations a cascade reached, in order, each not deleted meanwhile; their
    /// entity's relationships are looked up once per run of destinations of one entity, and the
    /// unloaded to-many relationships whose delete rule touches every member are loaded for the
    /// whole run at once (a theater's 10,000 movies' playlists in one query, not 10,000).
    ///
    /// `detached` are the destinations whose change the cascade has not put on the change lists
    /// yet (see `applyDeleteRules`): they are put there as soon as code of the app could run (a
    /// subclass object joined). Otherwise each of them is deleted here, and nothing is left to note.
    private func deleteCascaded(_ destinations: [ManagedObject], detached: [ManagedObject]) {
        var detached = detached
        defer { assert(detached.allSatisfy(\.isDeleted), "a detached member of a cascade was not deleted") }
        var start = destinations.startIndex
        while start < destinations.endIndex {
            let entity = destinations[start].entity
            let end = destinations[start...].firstIndex { $0.entity !== entity } ?? destinations.endIndex
            let relationships = relationshipsInNameOrder(of: entity)
            let loadsMembers = Self.loadsMembers(for: relationships)
            if loadsMembers {
                let run = destinations[start..<end].filter { $0.managedObjectContext === self && !$0.isDeleted }
                loadMembersForDeleteRules(of: run, relationships: relationships)
            }
            // Each destination is checked when its turn comes: deleting one before it may have
            // deleted it, or taken it out of this context.
            for destination in destinations[start..<end]
            where destination.managedObjectContext === self && !destination.isDeleted {
                if !detached.isEmpty, mayHoldSubclassObjects || mayHoldObservedObjects {
                    noteChanges(ofDetached: &detached)
                }
                delete(destination, relationships: relationships, loadsMembers: loadsMembers)
            }
            start = end
        }
    }

    /// Puts on the change lists the cascade's `detached` members not deleted yet, as clearing
    /// their inverse would have, and empties `detached`.
    private func noteChanges(ofDetached detached: inout [ManagedObject]) {
        for member in detached where !member.isDeleted && member.managedObjectContext === self {
            objectDidChange(member)
        }
        detached = []
    }
}
