/// What one attempt of ``ManagedObjectContext/save()`` writes: the change set of each store,
/// built from a context's ``ChangeTracker`` and its stores without changing either.
struct SavePlan {
    /// One change set per store, in the order stores were added.
    var parts: [StoreChangeSet] = []
    /// The stored values written for each inserted object, by its position in the context's
    /// inserted objects; they become its committed values once the save succeeds (shared, not
    /// copied).
    var insertedValues: [WrittenValues] = []

    /// What a save wrote for one inserted object.
    enum WrittenValues {
        /// Nothing: the object's store is gone.
        case none
        /// The object's own values (with its to-one IDs filled in): the common case, kept
        /// without a reference, so the plan holds no second copy of them.
        case own
        /// Values laid out for the store, apart from the object's.
        case separate(PropertyValues)
    }
    /// The stored values written for each changed object, by its position in the context's
    /// changed objects; nil for an object whose row is not updated. A written object's version
    /// moves on.
    var updatedValues: [PropertyValues?] = []
    /// The IDs of the context's deleted objects (for the did-save notification), gathered on
    /// the plan's walk over them.
    var deletedIDs: Set<ManagedObjectID> = []
    /// Each entity's stored slots, worked out once per entity.
    private var storedSlotsByEntity: [ObjectIdentifier: StoredSlots] = [:]
    /// The stored slots asked for last (a save's objects come in runs of one entity).
    private var lastStoredSlots: StoredSlots?

    /// Builds the plan. Inserted objects get their permanent ID in `plannedObjectID` (kept
    /// across attempts, so a retry after a merge does not allocate again; the caller clears it
    /// when the save fails).
    ///
    /// Everything the plan records is by position in the tracker's lists, not by identity.
    ///
    /// With a `validation`, every object is validated first (the inserted ones on the plan's
    /// first walk over them) and the plan throws the problems found before taking any ID.
    /// `slots` gives an entity's value layout and stored to-many relationships (the context's
    /// entity caches); it is asked once per entity.
    init(
        tracker: ChangeTracker, coordinator: PersistentStoreCoordinator, validation: SaveValidation?,
        slots: (EntityDescription) -> (layout: PropertySlotLayout, toMany: [RelationshipDescription])
    ) throws {
        let inserted = tracker.inserted
        var stores = StoreLookup(coordinator: coordinator)
        var validation = validation
        try Self.allocatePermanentIDs(
            for: inserted, stores: &stores, coordinator: coordinator, validation: &validation)
        // A save touches one store or a few: find each one's part by identity.
        var parts: [StoreChangeSet] = []
        func part(of store: PersistentStore) -> Int {
            if let last = parts.indices.last, parts[last].store === store { return last }
            if let index = parts.firstIndex(where: { $0.store === store }) { return index }
            parts.append(StoreChangeSet(store: store))
            return parts.count - 1
        }

        insertedValues.reserveCapacity(inserted.count)
        for (position, object) in inserted.enumerated() {
            guard let store = stores.store(ofInserted: object) else {
                insertedValues.append(.none)
                continue
            }
            let slots = storedSlots(of: object.entity, lookUp: slots)
            let values = storedValues(of: object, slots: slots)
            let isOwn = values.slotsAreShared(with: object.state.attributeValues)
            insertedValues.append(isOwn ? .own : .separate(values))
            let row = StoreRow(objectID: Self.id(of: object), version: 1, propertyValues: values)
            let toMany = toManyChanges(of: object, relationships: slots.toManyRelationships)
            let index = part(of: store)
            if parts[index].changes.insertedRows.isEmpty {
                // Room for the rest of the inserts at once (a save usually writes to one store).
                parts[index].changes.insertedRows.reserveCapacity(inserted.count - position)
            }
            parts[index].changes.insertedRows.append(row)
            if !toMany.isEmpty { parts[index].changes.toManyChanges += toMany }
        }
        updatedValues.reserveCapacity(tracker.updated.count)
        for object in tracker.updated {
            guard object.state.lifecycle == .persisted else {
                updatedValues.append(nil)
                continue
            }
            let changedKeys = object.persistentChangedKeys()
            guard !changedKeys.isEmpty, let store = stores.store(of: object.objectID) else {
                updatedValues.append(nil)
                continue
            }
            let stored = Set(changedKeys.filter { object.entity.relationshipsByName[$0]?.isToMany != true })
            let slots = storedSlots(of: object.entity, lookUp: slots)
            let values = storedValues(of: object, slots: slots)
            updatedValues.append(values)
            let update = StoreUpdate(
                objectID: object.objectID, version: object.state.version, propertyValues: values,
                changedKeys: stored)
            let toMany = toManyChanges(of: object, relationships: slots.toManyRelationships)
            let index = part(of: store)
            parts[index].changes.updatedRows.append(update)
            if !toMany.isEmpty { parts[index].changes.toManyChanges += toMany }
        }
        deletedIDs.reserveCapacity(tracker.deleted.count)
        // A run of deletions from one store (a cascade deletes thousands) is gathered apart and
        // joins its store's part at once, rather than through the list of parts row by row.
        var runStore: PersistentStore?
        var run: [StoreDeletion] = []
        func endRun() {
            guard let store = runStore else { return }
            let index = part(of: store)
            if parts[index].changes.deletedObjects.isEmpty {
                parts[index].changes.deletedObjects = run
            } else {
                parts[index].changes.deletedObjects += run
            }
            run = []
        }
        for (position, object) in tracker.deleted.enumerated() {
            let objectID = object.objectID
            deletedIDs.insert(objectID)
            guard let store = stores.store(of: objectID) else { continue }
            if store !== runStore {
                // Room for the rest at once, as for the inserts, for the first run only: runs of
                // several stores taking turns would each reserve it again.
                if runStore == nil { run.reserveCapacity(tracker.deleted.count - position) }
                endRun()
                runStore = store
            }
            run.append(StoreDeletion(objectID: objectID, version: object.state.version))
        }
        endRun()
        self.parts = parts
    }

    /// Asks each store for permanent IDs, one request per store and entity, and puts each in its
    /// object's `plannedObjectID`: a first walk counts the objects of each store and entity, a
    /// second hands the IDs out (no list of objects per group is built).
    private static func allocatePermanentIDs(
        for objects: ObjectList, stores: inout StoreLookup, coordinator: PersistentStoreCoordinator,
        validation: inout SaveValidation?
    ) throws {
        var groups: [(store: PersistentStore, entity: EntityDescription, count: Int)] = []
        func group(of object: ManagedObject) throws -> Int? {
            guard object.plannedObjectID == nil else { return nil }
            // An object that already has a permanent ID (given by a child context's save) keeps it.
            if let assigned = object.assignedObjectID, !assigned.isTemporaryID, stores.store(of: assigned) != nil {
                object.plannedObjectID = assigned
                return nil
            }
            let store = try stores.defaultStore(for: object.entity)
            if let last = groups.indices.last, groups[last].store === store, groups[last].entity === object.entity {
                return last
            }
            if let index = groups.firstIndex(where: { $0.store === store && $0.entity === object.entity }) {
                return index
            }
            groups.append((store, object.entity, 0))
            return groups.count - 1
        }
        var groupOfObject: [Int32] = []
        groupOfObject.reserveCapacity(objects.count)
        // Validation problems come before a missing store: every object is still checked.
        var storeError: (any Error)?
        for object in objects {
            validation?.check(object)
            guard storeError == nil else { continue }
            do {
                let index = try group(of: object)
                groupOfObject.append(Int32(index ?? -1))
                if let index { groups[index].count += 1 }
            } catch {
                storeError = error
            }
        }
        try validation?.finish()
        if let storeError { throw storeError }
        guard !groups.isEmpty else { return }
        var ids: [[ManagedObjectID]] = []
        for group in groups {
            ids.append(try coordinator.newObjectIDs(for: group.entity, count: group.count, in: group.store))
        }
        var handedOut = [Int](repeating: 0, count: groups.count)
        for (object, index) in zip(objects, groupOfObject) where index >= 0 {
            let group = Int(index)
            object.plannedObjectID = ids[group][handedOut[group]]
            handedOut[group] += 1
        }
    }

    /// The stores of the objects of one save, each looked up once.
    private struct StoreLookup {
        let coordinator: PersistentStoreCoordinator
        /// The store new objects of each entity go to.
        private var defaultStores: [(entity: EntityDescription, store: PersistentStore)] = []
        /// The stores found by identifier so far (a save meets one or a few).
        private var storesByIdentifier: [(identifier: String, store: PersistentStore)] = []

        init(coordinator: PersistentStoreCoordinator) {
            self.coordinator = coordinator
        }

        /// The store new objects of `entity` go to.
        mutating func defaultStore(for entity: EntityDescription) throws -> PersistentStore {
            if let known = defaultStores.first(where: { $0.entity === entity }) { return known.store }
            let store = try coordinator.defaultStore(for: entity)
            defaultStores.append((entity, store))
            return store
        }

        /// The store holding the row `objectID` names, if the coordinator has it.
        mutating func store(of objectID: ManagedObjectID) -> PersistentStore? {
            guard let identifier = objectID.persistentStoreIdentifier else { return nil }
            // IDs of one store share its identifier string, so this compares pointers first.
            if let known = storesByIdentifier.first(where: { $0.identifier == identifier }) { return known.store }
            guard let store = coordinator.persistentStore(withIdentifier: identifier) else { return nil }
            storesByIdentifier.append((identifier, store))
            return store
        }

        /// The store an inserted object's row goes to: the one its planned ID names.
        mutating func store(ofInserted object: ManagedObject) -> PersistentStore? {
            guard let planned = object.plannedObjectID else { return nil }
            return store(of: planned)
        }
    }

    /// The ID an object will have once saved.
    private static func id(of object: ManagedObject) -> ManagedObjectID {
        object.plannedObjectID ?? object.objectID
    }

    /// The stored slots of `entity`: those asked for last when they are its, else looked up
    /// (and worked out the first time).
    private mutating func storedSlots(
        of entity: EntityDescription,
        lookUp: (EntityDescription) -> (layout: PropertySlotLayout, toMany: [RelationshipDescription])
    ) -> StoredSlots {
        if let last = lastStoredSlots, last.entity === entity { return last }
        let key = ObjectIdentifier(entity)
        let slots: StoredSlots
        if let cached = storedSlotsByEntity[key] {
            slots = cached
        } else {
            let found = lookUp(entity)
            slots = StoredSlots(entity: entity, layout: found.layout, toManyRelationships: found.toMany)
            storedSlotsByEntity[key] = slots
        }
        lastStoredSlots = slots
        return slots
    }

    /// Stored attribute values and to-one destination IDs of an object (absent = nil), laid out
    /// like the values of the entity's inserted objects (`slots`, its entity's).
    private func storedValues(of object: ManagedObject, slots: StoredSlots) -> PropertyValues {
        if object.state.lifecycle == .inserted, slots.transientSlots.isEmpty,
            object.state.attributeValues.layout === slots.layout
        {
            // A new object's values are in this layout already: write its to-one IDs into its
            // own slots and share them (no copy). An object's values may hold its to-one IDs
            // (a fetched object's values are its row's); they are never read from there.
            for (slot, relationship) in slots.toOneSlots {
                let stored = SlotValue(storedDestinationID(of: object, relationship))
                object.state.attributeValues[slotValue: slot] = stored
            }
            return object.state.attributeValues
        }
        var values: PropertyValues
        if object.state.attributeValues.layout === slots.layout {
            // An inserted object's values are already in this layout: copy them whole.
            values = object.state.attributeValues
            for slot in slots.transientSlots { values[slot: slot] = nil }
        } else {
            values = PropertyValues(layout: slots.layout)
            for (slot, name) in slots.attributeSlots { values[slot: slot] = object.state.attributeValues[name] }
        }
        for (slot, relationship) in slots.toOneSlots {
            values[slotValue: slot] = SlotValue(storedDestinationID(of: object, relationship))
        }
        return values
    }

    /// The ID the row of `object` stores for its to-one `relationship`: the destination's (once
    /// saved), or nil.
    private func storedDestinationID(of object: ManagedObject, _ relationship: RelationshipDescription)
        -> ManagedObjectID?
    {
        guard !relationship.isTransient, let destination = object.state.toOneValues[relationship.name],
            !destination.state.isDeletedWhileInserted
        else { return nil }
        return Self.id(of: destination)
    }

    /// Which slots of an entity's layout hold stored attributes, transient attributes and
    /// to-ones, and the entity's stored to-many relationships: what saving each of its objects
    /// needs, worked out once (a class, so handing it out per object copies nothing).
    private final class StoredSlots {
        let entity: EntityDescription
        let layout: PropertySlotLayout
        @exclusivity(unchecked) private(set) var attributeSlots: [(slot: Int, name: String)] = []
        @exclusivity(unchecked) private(set) var transientSlots: [Int] = []
        @exclusivity(unchecked) private(set) var toOneSlots: [(slot: Int, relationship: RelationshipDescription)] = []
        /// The entity's stored to-many relationships in name order.
        let toManyRelationships: [RelationshipDescription]

        init(entity: EntityDescription, layout: PropertySlotLayout, toManyRelationships: [RelationshipDescription]) {
            self.entity = entity
            self.layout = layout
            self.toManyRelationships = toManyRelationships
            for (slot, name) in layout.names.enumerated() {
                if let attribute = entity.attributesByName[name] {
                    if attribute.isTransient {
                        transientSlots.append(slot)
                    } else {
                        attributeSlots.append((slot, name))
                    }
                } else if let relationship = entity.relationshipsByName[name] {
                    toOneSlots.append((slot, relationship))
                }
            }
        }
    }

    /// The to-many relationships of an object whose members changed (all non-empty ones of a
    /// new object), with the members before and after; `relationships` are the stored to-many
    /// relationships of its entity.
    private func toManyChanges(of object: ManagedObject, relationships: [RelationshipDescription]) -> [ToManyChange] {
        guard !relationships.isEmpty else { return [] }
        let isNew = object.state.lifecycle == .inserted
        return relationships.compactMap { relationship in
            guard let members = object.state.toManyValues[relationship.name],
                isNew ? !members.isEmpty : object.differsFromCommitted(relationship.name)
            else { return nil }
            let before = isNew ? OrderedSet() : (object.state.committedToMany[relationship.name] ?? OrderedSet())
            // One walk over the members.
            var destinations: [ManagedObjectID] = []
            var inserted: [ManagedObjectID] = []
            destinations.reserveCapacity(members.count)
            for member in members where !member.state.isDeletedWhileInserted {
                let id = Self.id(of: member)
                destinations.append(id)
                if !before.isEmpty, !before.contains(member) { inserted.append(id) }
            }
            return ToManyChange(
                objectID: Self.id(of: object), relationship: relationship, destinations: destinations,
                insertedDestinations: before.isEmpty ? destinations : inserted,
                removedDestinations: before.filter { !members.contains($0) }.map(Self.id(of:)))
        }
    }
}
