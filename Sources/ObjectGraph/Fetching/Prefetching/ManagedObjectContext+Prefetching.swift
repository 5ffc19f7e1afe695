extension ManagedObjectContext {
    /// Loads the destinations along each relationship path for `objects`, one store call per
    /// relationship in a path (for SQLite one `SELECT … IN (…)`, or one per 256 keys, the size of
    /// a batched row read), so walking the paths afterwards fires no fault.
    ///
    /// A to-one step loads the destinations that are still faults (`… WHERE  t0.Z_PK IN (…)`); a
    /// to-many step loads the members of every owner whose relationship is still a fault
    /// (`… WHERE  t0.ZTHEATER IN (…)`, or through the join table) and fills the relationship.
    /// Each step starts from the objects the previous one reached.
    func prefetch(_ paths: [[RelationshipDescription]], for objects: [ManagedObject]) throws {
        guard !paths.isEmpty, !objects.isEmpty else { return }
        for path in paths {
            var level = objects
            for relationship in path {
                level =
                    try relationship.isToMany
                    ? prefetchMembers(of: relationship, for: level) : prefetchDestinations(of: relationship, for: level)
                if level.isEmpty { break }
            }
        }
    }

    /// Fills the to-one destinations of `owners` that are faults; returns the destinations.
    private func prefetchDestinations(of relationship: RelationshipDescription, for owners: [ManagedObject]) throws
        -> [ManagedObject]
    {
        // Owners that are faults read their rows together first (their to-one keys are in them).
        fulfillFaults(of: owners)
        var destinations = OrderedSet<ManagedObject>()
        for owner in owners where owner.entity.relationshipsByName[relationship.name] === relationship {
            if let destination = owner.value(forKey: relationship.name) as? ManagedObject {
                destinations.append(destination)
            }
        }
        let faults = destinations.filter { $0.isFault && !$0.objectID.isTemporaryID }
        if !faults.isEmpty {
            for row in try persistentStoreCoordinator.rows(for: faults.map(\.objectID)) { _ = object(for: row) }
        }
        return destinations.elements
    }

    /// Fills the to-many `relationship` of the stored `owners` whose relationship is a fault;
    /// returns the members of every owner.
    private func prefetchMembers(of relationship: RelationshipDescription, for owners: [ManagedObject]) throws
        -> [ManagedObject]
    {
        let applicable = OrderedSet(owners.filter { $0.entity.relationshipsByName[relationship.name] === relationship })
        try loadMembers(of: relationship, for: applicable.elements)
        var reached = OrderedSet<ManagedObject>()
        for owner in applicable {
            for member in owner.state.toManyValues[relationship.name] ?? [] { reached.append(member) }
        }
        return reached.elements
    }

    /// Loads the to-many `relationship` of each of `owners` (distinct objects that have it) that
    /// is stored and still a fault, members with their rows: for SQLite one
    /// `… WHERE  t0.ZTHEATER IN (…)` per 256 owners.
    ///
    /// The members are made the way a large fetch makes its objects, a batch of rows at a time
    /// while the rows are in the processor's cache (`appendObjects(for:to:batches:)`); a member
    /// deleted in this context is left out, as when the relationship fault fires.
    func loadMembers(of relationship: RelationshipDescription, for owners: [ManagedObject]) throws {
        // Owners that are faults are fulfilled first (together): fulfilling one later would drop
        // the relationship filled here.
        fulfillFaults(of: owners)
        let unloaded = owners.filter {
            $0.state.lifecycle == .persisted && !$0.objectID.isTemporaryID
                && $0.state.toManyValues[relationship.name] == nil
        }
        guard !unloaded.isEmpty else { return }
        var members = [[ManagedObject]](repeating: [], count: unloaded.count)
        var made: [ManagedObject] = []
        var batches = FetchedObjectBatches()
        // One object is a member of several owners only through a many-to-many relationship
        // (or one without an inverse, which may be stored as one).
        let rowsAreDistinct = unloaded.count == 1 || relationship.inverseRelationship?.isToMany == false
        try persistentStoreCoordinator.destinationRows(of: relationship, for: unloaded.map(\.objectID)) {
            positions, rows in
            made.removeAll(keepingCapacity: true)
            appendObjects(for: rows, to: &made, batches: &batches, rowsAreDistinct: rowsAreDistinct)
            for (position, member) in zip(positions, made) where position >= 0 {
                members[position].append(member)
            }
        }
        for (owner, ownerMembers) in zip(unloaded, members) {
            // Distinct rows are distinct members: their array becomes the set's as it is.
            var loaded = OrderedSet<ManagedObject>()
            if rowsAreDistinct {
                loaded = OrderedSet(distinctElements: ownerMembers)
            } else {
                loaded.reserveCapacity(ownerMembers.count)
                for member in ownerMembers { loaded.append(member) }
            }
            owner.takeLoadedMembers(loaded, of: relationship)
        }
    }
}
