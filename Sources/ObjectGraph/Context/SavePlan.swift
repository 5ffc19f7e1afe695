/// What one attempt of ``ManagedObjectContext/save()`` writes: the change set of each store,
/// built from the context without changing it.
struct SavePlan {
    /// One change set per store, in the order stores were added.
    var parts: [(store: PersistentStore, changes: StoreChanges)] = []
    /// The permanent ID of each inserted object.
    var permanentIDs: [ObjectIdentifier: ManagedObjectID]
    /// Objects whose row is updated (their version moves on).
    var updatedObjects = Set<ManagedObject>()
    /// The stored values written for each inserted or updated object; they become its committed
    /// values once the save succeeds (shared, not copied).
    var writtenValues: [ObjectIdentifier: PropertyValues] = [:]
    /// Each entity's stored to-many relationships in name order, worked out once per entity.
    private var toManyRelationships: [ObjectIdentifier: [RelationshipDescription]] = [:]
    /// Each entity's stored slots, worked out once per entity.
    private var storedSlots: [ObjectIdentifier: StoredSlots] = [:]

    /// Builds the plan. Permanent IDs and stores of inserted objects are kept across attempts in
    /// `permanentIDs` and `storesOfInserts`, so a retry after a merge does not allocate again.
    init(
        context: ManagedObjectContext, permanentIDs: inout [ObjectIdentifier: ManagedObjectID],
        storesOfInserts: inout [ObjectIdentifier: PersistentStore]
    ) throws {
        let coordinator = context.persistentStoreCoordinator
        try Self.allocatePermanentIDs(
            for: context.insertedSet.elements, coordinator: coordinator, permanentIDs: &permanentIDs,
            storesOfInserts: &storesOfInserts)
        self.permanentIDs = permanentIDs
        writtenValues.reserveCapacity(context.insertedSet.count + context.touchedSet.count)
        // A save touches one store or a few: find each one's part by identity.
        var parts: [(store: PersistentStore, changes: StoreChanges)] = []
        func add(_ store: PersistentStore, _ edit: (inout StoreChanges) -> Void) {
            if let last = parts.indices.last, parts[last].store === store {
                edit(&parts[last].changes)
            } else if let index = parts.firstIndex(where: { $0.store === store }) {
                edit(&parts[index].changes)
            } else {
                parts.append((store, StoreChanges()))
                edit(&parts[parts.count - 1].changes)
            }
        }

        for object in context.insertedSet {
            guard let store = storesOfInserts[ObjectIdentifier(object)] else { continue }
            let values = storedValues(of: object, context: context)
            writtenValues[ObjectIdentifier(object)] = values
            let row = StoreRow(objectID: id(of: object), version: 1, propertyValues: values)
            let toMany = toManyChanges(of: object)
            add(store) {
                $0.insertedRows.append(row)
                $0.toManyChanges += toMany
            }
        }
        for object in context.touchedSet where object.state.lifecycle == .persisted {
            let changedKeys = object.persistentChangedKeys()
            guard !changedKeys.isEmpty, let store = coordinator.store(for: object.objectID) else { continue }
            let stored = Set(changedKeys.filter { object.entity.relationshipsByName[$0]?.isToMany != true })
            let values = storedValues(of: object, context: context)
            writtenValues[ObjectIdentifier(object)] = values
            let update = StoreUpdate(
                objectID: object.objectID, version: object.state.version, propertyValues: values,
                changedKeys: stored)
            let toMany = toManyChanges(of: object)
            updatedObjects.insert(object)
            add(store) {
                $0.updatedRows.append(update)
                $0.toManyChanges += toMany
            }
        }
        for object in context.deletedSet {
            guard let store = coordinator.store(for: object.objectID) else { continue }
            let deletion = StoreDeletion(objectID: object.objectID, version: object.state.version)
            add(store) { $0.deletedObjects.append(deletion) }
        }
        self.parts = parts
    }

    /// Asks each store for permanent IDs, one request per store and entity.
    private static func allocatePermanentIDs(
        for objects: [ManagedObject], coordinator: PersistentStoreCoordinator,
        permanentIDs: inout [ObjectIdentifier: ManagedObjectID],
        storesOfInserts: inout [ObjectIdentifier: PersistentStore]
    ) throws {
        var pending: [(store: PersistentStore, entity: EntityDescription, objects: [ManagedObject])] = []
        var defaultStores: [ObjectIdentifier: PersistentStore] = [:]
        func defaultStore(for entity: EntityDescription) throws -> PersistentStore {
            if let store = defaultStores[ObjectIdentifier(entity)] { return store }
            let store = try coordinator.defaultStore(for: entity)
            defaultStores[ObjectIdentifier(entity)] = store
            return store
        }
        permanentIDs.reserveCapacity(permanentIDs.count + objects.count)
        storesOfInserts.reserveCapacity(storesOfInserts.count + objects.count)
        for object in objects where permanentIDs[ObjectIdentifier(object)] == nil {
            // An object that already has a permanent ID (given by a child context's save) keeps it.
            if let assigned = object.assignedObjectID, !assigned.isTemporaryID,
                let store = coordinator.store(for: assigned)
            {
                permanentIDs[ObjectIdentifier(object)] = object.objectID
                storesOfInserts[ObjectIdentifier(object)] = store
                continue
            }
            let store: PersistentStore
            if let chosen = storesOfInserts[ObjectIdentifier(object)] {
                store = chosen
            } else {
                store = try defaultStore(for: object.entity)
                storesOfInserts[ObjectIdentifier(object)] = store
            }
            if let index = pending.firstIndex(where: { $0.store === store && $0.entity === object.entity }) {
                pending[index].objects.append(object)
            } else {
                pending.append((store, object.entity, [object]))
            }
        }
        for group in pending {
            let ids = try coordinator.newObjectIDs(for: group.entity, count: group.objects.count, in: group.store)
            guard ids.count == group.objects.count else {
                throw CoreDataError(
                    code: .persistentStoreSave,
                    message: "The store handed out \(ids.count) IDs for \(group.objects.count) new "
                        + "\(group.entity.name) objects")
            }
            for (object, id) in zip(group.objects, ids) { permanentIDs[ObjectIdentifier(object)] = id }
        }
    }

    /// The ID an object will have once saved.
    private func id(of object: ManagedObject) -> ManagedObjectID {
        permanentIDs[ObjectIdentifier(object)] ?? object.objectID
    }

    /// Stored attribute values and to-one destination IDs of an object (absent = nil), laid out
    /// like the values of the entity's inserted objects.
    private mutating func storedValues(of object: ManagedObject, context: ManagedObjectContext) -> PropertyValues {
        let key = ObjectIdentifier(object.entity)
        let slots: StoredSlots
        if let cached = storedSlots[key] {
            slots = cached
        } else {
            slots = StoredSlots(entity: object.entity, layout: context.propertyLayout(for: object.entity))
            storedSlots[key] = slots
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
            if let destination = object.state.toOneValues[relationship.name], !relationship.isTransient,
                !destination.state.isDeletedWhileInserted
            {
                values[slot: slot] = id(of: destination)
            } else {
                values[slot: slot] = nil
            }
        }
        return values
    }

    /// Which slots of an entity's layout hold stored attributes, transient attributes and to-ones.
    private struct StoredSlots {
        let layout: PropertySlotLayout
        var attributeSlots: [(slot: Int, name: String)] = []
        var transientSlots: [Int] = []
        var toOneSlots: [(slot: Int, relationship: RelationshipDescription)] = []

        init(entity: EntityDescription, layout: PropertySlotLayout) {
            self.layout = layout
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
    /// new object), with the members before and after.
    private mutating func toManyChanges(of object: ManagedObject) -> [ToManyChange] {
        let isNew = object.state.lifecycle == .inserted
        let key = ObjectIdentifier(object.entity)
        let relationships: [RelationshipDescription]
        if let cached = toManyRelationships[key] {
            relationships = cached
        } else {
            relationships = object.entity.relationshipsByName.values.filter { $0.isToMany && !$0.isTransient }
                .sorted { $0.name < $1.name }
            toManyRelationships[key] = relationships
        }
        guard !relationships.isEmpty else { return [] }
        return relationships.compactMap { relationship in
            guard let members = object.state.toManyValues[relationship.name],
                isNew ? !members.isEmpty : object.differsFromCommitted(relationship.name)
            else { return nil }
            let before = isNew ? OrderedSet() : (object.state.committedToMany[relationship.name] ?? OrderedSet())
            let kept = members.filter { !$0.state.isDeletedWhileInserted }
            let destinations = kept.map(id(of:))
            return ToManyChange(
                objectID: id(of: object), relationship: relationship, destinations: destinations,
                insertedDestinations: before.isEmpty ? destinations : kept.filter { !before.contains($0) }.map(id(of:)),
                removedDestinations: before.filter { !members.contains($0) }.map(id(of:)))
        }
    }
}
