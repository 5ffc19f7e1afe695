import Foundation

extension ManagedObjectContext {
    // MARK: - Inserting

    /// Makes a new object of the entity named `entityName` and inserts it; it reaches the store
    /// at the next ``save()``. Attributes start at their model default values.
    ///
    /// The object is an instance of the subclass registered for the entity (see
    /// ``ManagedObjectClassRegistry``), else of ``ManagedObject``.
    ///
    /// - Throws: ``CoreDataError`` when the model has no such entity or the entity is abstract.
    @discardableResult
    public func insertNewObject(forEntityName entityName: String) throws -> ManagedObject {
        let entity = try insertableEntity(named: entityName)
        let object = objectClass(for: entity).init(entity: entity, insertInto: nil)
        insert(object)
        return object
    }

    /// Makes and inserts a new object of a registered subclass, typed.
    ///
    /// ```swift
    /// let movie = try context.insertNewObject(of: Movie.self)
    /// movie.name = "Up"
    /// ```
    ///
    /// - Throws: ``CoreDataError`` when `type` is not registered for an entity of this model.
    public func insertNewObject<T: ManagedObject>(of type: T.Type) throws -> T {
        guard let entityName = ManagedObjectClassRegistry.shared.entityName(for: type, in: managedObjectModel) else {
            throw CoreDataError(
                code: .coreData,
                message: "\(type) is not registered for an entity of this model; call "
                    + "ManagedObjectClassRegistry.shared.register(\(type).self, forEntityName:) first")
        }
        let entity = try insertableEntity(named: entityName)
        let object = type.init(entity: entity, insertInto: nil)
        insert(object)
        return object
    }

    /// Inserts an object made without a context; it reaches the store at the next ``save()``.
    /// Objects that already belong to a context are left where they are. The object's
    /// ``ManagedObject/awakeFromInsert()`` runs once it is in the context.
    public func insert(_ object: ManagedObject) {
        insert(object, awakening: true)
    }

    /// ``insert(_:)``; `awakening` false for an object that is not new (an undo bringing it
    /// back, a child context's save handing it over), whose `awakeFromInsert()` already ran.
    func insert(_ object: ManagedObject, awakening: Bool) {
        guard object.state.lifecycle == .detached, object.managedObjectContext == nil else { return }
        object.state.lifecycle = .inserted
        object.state.isFault = false
        // Attributes start at their defaults (over values set before the object had a context).
        let start = insertionStart(for: object.entity)
        if object.state.attributeValues.isEmpty {
            object.state.attributeValues = start.values
        } else {
            object.state.attributeValues = PropertyValues(
                layout: propertyLayout(for: object.entity), copying: object.state.attributeValues)
            for (name, value) in start.values.dictionary { object.state.attributeValues[name] = value }
        }
        for name in start.toManyNames { object.state.toManyValues[name] = OrderedSet() }
        register(object)
        insertedSet.append(object)
        noteInsertion(of: object)
        if awakening { object.awakeFromInsert() }
    }

    private func insertableEntity(named entityName: String) throws -> EntityDescription {
        // Inserts come in runs of one entity: the previous one is checked first, by name.
        if let previous = entityCaches.lastInsertedEntity, previous.name == entityName { return previous }
        guard let entity = managedObjectModel.entitiesByName[entityName] else {
            throw CoreDataError(
                code: .coreData,
                message: "The model has no entity named \"\(entityName)\"; it has "
                    + managedObjectModel.entities.map(\.name).sorted().joined(separator: ", "))
        }
        guard !entity.isAbstract else {
            throw CoreDataError(
                code: .coreData,
                message: "\(entityName) is abstract; insert one of its sub-entities ("
                    + entity.subentities.map(\.name).joined(separator: ", ") + ")")
        }
        entityCaches.lastInsertedEntity = entity
        return entity
    }

    // MARK: - Objects by ID

    /// The context's object for `objectID`: the registered one, or a new fault that loads its
    /// values on first access. Never goes to the store; a fault for a row that does not exist
    /// reads as empty. Use ``existingObject(with:)`` to make sure the row exists.
    public func object(with objectID: ManagedObjectID) -> ManagedObject {
        if let object = registry[objectID] { return object }
        let object = makeObject(for: objectID, of: objectClass(for: objectID.entity))
        object.state.isFault = true
        return object
    }

    /// The context's object for `objectID`, with its values loaded.
    ///
    /// - Throws: ``CoreDataError`` 133000 when there is no such object in the context or its store.
    public func existingObject(with objectID: ManagedObjectID) throws -> ManagedObject {
        if let object = registry[objectID], !object.state.isFault {
            return object
        }
        guard let row = try persistentStoreCoordinator.row(for: objectID) else {
            throw CoreDataError(
                code: .managedObjectReferentialIntegrity,
                message: "There is no \(objectID.entity.name) with ID \(objectID) in the store or this context",
                objectID: objectID)
        }
        return object(for: row)
    }

    /// The object for a fetched row: the registered one (a fault gets the row's values; an
    /// object already loaded keeps its own, possibly unsaved, values), or a new one.
    func object(for row: StoreRow) -> ManagedObject {
        var run = RowRun()
        return object(for: row, run: &run, isUnregistered: false)
    }

    /// ``object(for:)`` for one row of a run of fetched rows, with what `run` remembers from
    /// the rows before it; `isUnregistered` says the caller knows no object has the row's ID.
    private func object(for row: StoreRow, run: inout RowRun, isUnregistered: Bool) -> ManagedObject {
        if !isUnregistered, let object = registry[row.objectID] {
            if object.state.isFault { apply(row, to: object, keepingChanges: false) }
            return object
        }
        let entity = row.objectID.entity
        if run.entity !== entity {
            run = RowRun(entity: entity, objectClass: objectClass(for: entity), toOnes: toOneRelationships(of: entity))
        }
        let object = makeObject(for: row.objectID, of: run.objectClass)
        Self.load(row, into: &object.state)
        setToOneDestinations(of: object, from: row.values, run: &run)
        return object
    }

    /// What making the objects of a run of fetched rows of one entity needs: looked up once for
    /// the run, not per row.
    struct RowRun {
        /// The entity of the run's rows (nil before the first row).
        var entity: EntityDescription?
        /// The class the objects are made from.
        var objectClass: ManagedObject.Type = ManagedObject.self
        /// The entity's to-one relationships, whose destinations a row names by ID.
        var toOnes: [ToOne] = []
        /// The layout the slots of ``toOnes`` were found in.
        var layout: PropertySlotLayout?

        /// One to-one relationship and where rows keep its destination.
        struct ToOne {
            let relationship: RelationshipDescription
            /// The slot of the destination's ID in rows laid out by ``RowRun/layout``.
            var slot: Int?
            /// The destination found for the last row, by ID: the rows of a fetch often name the
            /// same object (100,000 movies of one theater), and the store hands them one ID instance.
            var last: (objectID: ManagedObjectID, object: ManagedObject)?
        }

        init() {}

        init(entity: EntityDescription, objectClass: ManagedObject.Type, toOnes: [RelationshipDescription]) {
            self.entity = entity
            self.objectClass = objectClass
            self.toOnes = toOnes.map { ToOne(relationship: $0) }
        }
    }

    /// Points a just-loaded object's to-one relationships at the objects `values` names by ID
    /// (each one the registered object or a new fault).
    private func setToOneDestinations(of object: ManagedObject, from values: PropertyValues, run: inout RowRun) {
        guard !run.toOnes.isEmpty else { return }
        if run.layout !== values.layout || values.layout == nil {
            run.layout = values.layout
            for index in run.toOnes.indices {
                run.toOnes[index].slot = values.layout?.slot(of: run.toOnes[index].relationship.name)
            }
        }
        for index in run.toOnes.indices {
            let destinationID =
                if let slot = run.toOnes[index].slot {
                    values.objectID(inSlot: slot)
                } else {
                    values[run.toOnes[index].relationship.name] as? ManagedObjectID
                }
            guard let destinationID else { continue }
            let destination: ManagedObject
            if let last = run.toOnes[index].last, last.objectID === destinationID {
                destination = last.object
            } else {
                destination = self.object(with: destinationID)
                run.toOnes[index].last = (destinationID, destination)
            }
            object.state.toOneValues[run.toOnes[index].relationship.name] = destination
        }
    }

    /// Puts a row's values into an object just made for it or a fault: what
    /// `apply(_:to:keepingChanges:)` does, without copying the state to keep or clear values
    /// such an object does not have.
    ///
    /// The values go in through one access to the object's state rather than one per field;
    /// the to-one objects are looked up after it, since that can reach other objects' states.
    private func fill(_ object: ManagedObject, from row: StoreRow) {
        Self.load(row, into: &object.state)
        for relationship in toOneRelationships(of: object.entity) {
            if let destination = row.values[relationship.name] as? ManagedObjectID {
                object.state.toOneValues[relationship.name] = self.object(with: destination)
            }
        }
    }

    /// The state part of ``fill(_:from:)``: a loaded, unchanged object with `row`'s values
    /// and no related objects yet.
    private static func load(_ row: StoreRow, into state: inout ObjectState) {
        state.clearRelationshipsAndChanges()
        if !state.toOneValues.isEmpty { state.toOneValues = [:] }
        state.version = row.version
        // Share the row's storage (copy on write): a fetched object holds its values once.
        state.loadValues(row.values)
        state.isFault = false
    }

    /// Makes and registers an object of the right class for a stored row (the caller has just
    /// found no object registered for `objectID`).
    private func makeObject(for objectID: ManagedObjectID, of objectClass: ManagedObject.Type) -> ManagedObject {
        let object = objectClass.init(entity: objectID.entity, insertInto: nil)
        object.objectID = objectID
        object.state.lifecycle = .persisted
        object.managedObjectContext = self
        if objectClass != ManagedObject.self { mayHoldSubclassObjects = true }
        registry.registerNew(object, for: objectID)
        return object
    }

    /// Objects for fetched rows, in order (see ``object(for:)``), with room made in the
    /// registry for all of them at once.
    ///
    /// The object class and to-one relationships are looked up once per run of rows of one
    /// entity, not per row, and a destination named by the row before is not looked up again.
    ///
    /// The registry is asked about the rows a batch at a time before their objects are made:
    /// those lookups land anywhere in a large table, and asked together they wait for memory
    /// together (see `ObjectTable.mayContainAny(ofHashes:)`). When none of a batch is registered and
    /// nothing else was registered since (a to-one destination's fault could be one of the
    /// rows), each row's object is made without asking again.
    func objects(for rows: [StoreRow]) -> [ManagedObject] {
        var objects: [ManagedObject] = []
        var batches = FetchedObjectBatches()
        appendObjects(for: rows, to: &objects, batches: &batches)
        return objects
    }

    /// ``objects(for:)`` for one of the batches a large fetch comes in (see
    /// `PersistentStoreCoordinator.fetchRows(_:overflow:)`), appending to `objects`; `batches`
    /// carries what the batches before this one looked up.
    ///
    /// `rowsAreDistinct` says no two rows name one object (a fetch's rows). When rows may repeat
    /// an object (the members of several owners of a many-to-many relationship), every row is
    /// looked up in the registry: the object made for one row is registered under the ID a later
    /// row of the same batch names.
    func appendObjects(
        for rows: [StoreRow], to objects: inout [ManagedObject], batches: inout FetchedObjectBatches,
        rowsAreDistinct: Bool = true
    ) {
        // Room for this batch (a batched fetch's size is not known in advance); both grow by
        // doubling at least, so a fetch of many batches does not reallocate per batch.
        registry.reserveCapacity(registry.count + rows.count)
        if objects.count + rows.count > objects.capacity {
            objects.reserveCapacity(max(objects.count + rows.count, 2 * objects.capacity))
        }
        var start = rows.startIndex
        while start < rows.endIndex {
            let batch = rows[start..<min(start + Self.registryBatchSize, rows.endIndex)]
            var isUnregistered = false
            if rowsAreDistinct {
                isUnregistered = withUnsafeTemporaryAllocation(of: Int.self, capacity: batch.count) { hashes in
                    for (offset, index) in batch.indices.enumerated() {
                        hashes.initializeElement(at: offset, to: rows[index].objectID.precomputedHash)
                    }
                    return !registry.mayContainAny(ofHashes: UnsafeBufferPointer(hashes))
                }
            }
            // By index: the row is borrowed from the array, not copied (a copy retains its parts).
            for index in batch.indices {
                let registrations = registry.registrations
                objects.append(object(for: rows[index], run: &batches.run, isUnregistered: isUnregistered))
                // Making an unregistered row's object registers it, once; any other
                // registration may have been for a later row, so those are looked up again.
                if isUnregistered && registry.registrations != registrations &+ 1 { isUnregistered = false }
            }
            start = batch.endIndex
        }
    }

    /// How many rows ``objects(for:)`` looks up in the registry at once.
    private static let registryBatchSize = 32

    /// The class objects of `entity` are made from (the registry's answer, remembered).
    private func objectClass(for entity: EntityDescription) -> ManagedObject.Type {
        if let type = objectClasses[ObjectIdentifier(entity)] { return type }
        let type = ManagedObjectClassRegistry.shared.objectClass(for: entity)
        objectClasses[ObjectIdentifier(entity)] = type
        return type
    }

    // MARK: - Faults

    /// Loads a fault's values from the row cache or its store. A row that no longer exists (or
    /// cannot be read) leaves the object empty, the way Core Data's inaccessible faults read.
    func fulfillFault(of object: ManagedObject) {
        let row = try? persistentStoreCoordinator.row(for: object.objectID)
        guard let row else {
            object.state.isFault = false
            return
        }
        apply(row, to: object, keepingChanges: false)
    }

    /// Loads the values of every fault among `objects` with one batched read per store, instead
    /// of one read per object when each is touched (a cascade delete touches every member).
    /// Rows that no longer exist leave their objects empty, as ``fulfillFault(of:)`` does.
    func fulfillFaults(of objects: [ManagedObject]) {
        let faults = objects.filter { $0.state.isFault && $0.managedObjectContext === self }
        guard faults.count > 1 else {
            faults.first?.fireFault()
            return
        }
        let rows = (try? persistentStoreCoordinator.rows(for: faults.map(\.objectID))) ?? []
        for row in rows {
            if let object = registry[row.objectID], object.state.isFault {
                apply(row, to: object, keepingChanges: false)
            }
        }
        for object in faults where object.state.isFault { fulfillFault(of: object) }
    }

    /// The members of a to-many relationship as the store has them, as objects of this context
    /// (objects deleted in this context included: see `ManagedObject.takeLoadedMembers`).
    func loadToMany(_ relationship: RelationshipDescription, of object: ManagedObject) -> OrderedSet<ManagedObject> {
        guard object.state.lifecycle != .inserted, !object.objectID.isTemporaryID else { return OrderedSet() }
        let ids = (try? persistentStoreCoordinator.relatedObjectIDs(of: relationship, for: object.objectID)) ?? []
        return OrderedSet(ids.map { self.object(with: $0) })
    }

    /// Puts a row's values into `object`. With `keepingChanges`, keys the object changed keep
    /// their unsaved values (refresh with merge); otherwise every value comes from the row.
    func apply(_ row: StoreRow, to object: ManagedObject, keepingChanges: Bool) {
        if object.state.isFault && !keepingChanges {
            fill(object, from: row)
            return
        }
        var state = object.state
        let changed = keepingChanges ? state.changedKeys : []
        state.version = row.version
        state.committedValues = row.values
        state.isFault = false
        if keepingChanges {
            for attribute in object.entity.attributesByName.values where !attribute.isTransient {
                if !changed.contains(attribute.name) {
                    state.attributeValues[attribute.name] = row.values[attribute.name]
                }
            }
        } else {
            // Share the row's storage (copy on write): a fetched object holds its values once.
            // The to-one IDs the row also holds are never read from here.
            state.attributeValues = row.values
        }
        for relationship in object.entity.relationshipsByName.values where !changed.contains(relationship.name) {
            if relationship.isToMany {
                state.toManyValues[relationship.name] = nil
                state.committedToMany[relationship.name] = nil
            } else {
                state.toOneValues[relationship.name] = (row.values[relationship.name] as? ManagedObjectID).map {
                    self.object(with: $0)
                }
            }
        }
        if !keepingChanges {
            state.changedKeys = []
            state.pendingErrors = [:]
        }
        object.state = state
    }
}

/// What making the objects of a fetch's batches of rows carries from one batch to the next (see
/// `ManagedObjectContext.appendObjects(for:to:batches:)`).
struct FetchedObjectBatches {
    /// The entity, class and to-one destinations of the rows so far.
    var run = ManagedObjectContext.RowRun()
}
