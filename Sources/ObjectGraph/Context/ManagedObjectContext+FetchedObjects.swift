import Foundation

extension ManagedObjectContext {
    /// ``object(for:)`` for one row of a run of fetched rows, with what `run` remembers from
    /// the rows before it; `isUnregistered` says the caller knows no object has the row's ID.
    ///
    /// With `asFault`, the object stays a fault: a registered one is returned as it is (as
    /// ``object(with:)`` would), and a new one keeps the row for when it fires
    /// (`ObjectState.becomeFault(keeping:)`), its to-one destinations not looked up until then.
    func object(for row: StoreRow, run: inout RowRun, isUnregistered: Bool, asFault: Bool = false) -> ManagedObject {
        if !isUnregistered, let object = tracker.registry[row.objectID] {
            if object.state.isFault && !asFault { apply(row, to: object, keepingChanges: false) }
            return object
        }
        let entity = row.objectID.entity
        if run.entity !== entity {
            run = RowRun(entity: entity, objectClass: objectClass(for: entity), toOnes: toOneRelationships(of: entity))
        }
        let object = makeObject(for: row.objectID, of: run.objectClass)
        if asFault {
            object.state.becomeFault(keeping: row)
            return object
        }
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
            /// The relationship's name, the key of its destination in each object.
            let name: String
            /// The slot of the destination's ID in rows laid out by ``RowRun/layout``.
            var slot: Int?
            /// The destination found for the last row, by ID: consecutive rows often name the same
            /// object, and the store hands them one ID instance.
            var last: (objectID: ManagedObjectID, object: ManagedObject)? {
                didSet { lastIdentity = last.map { ObjectIdentifier($0.objectID) } }
            }
            /// The identity of ``last``'s ID (which `last` keeps alive), compared with a row's slot
            /// without copying `last`.
            private(set) var lastIdentity: ObjectIdentifier?
        }

        /// What a run kept between faults remembers of each to-one's last destination, in the
        /// order of ``toOnes`` (see `setToOneDestinations(ofFault:from:run:)`); empty in a
        /// fetch's run.
        var keptDestinations: [KeptDestination?] = []

        /// Finds the slots of ``toOnes`` in `layout`, unless they were found in it already.
        mutating func findSlots(in layout: PropertySlotLayout?) {
            guard self.layout !== layout || layout == nil else { return }
            self.layout = layout
            for index in toOnes.indices {
                toOnes[index].slot = layout?.slot(of: toOnes[index].name)
            }
        }

        init() {}

        init(entity: EntityDescription, objectClass: ManagedObject.Type, toOnes: [RelationshipDescription]) {
            self.entity = entity
            self.objectClass = objectClass
            self.toOnes = toOnes.map { ToOne(name: $0.name) }
        }
    }

    /// Points a just-loaded object's to-one relationships at the objects `values` names by ID
    /// (each one the registered object or a new fault). The object has no to-one destinations
    /// yet (`load(_:into:)` cleared them), so each is added without looking for one to replace.
    /// The run keeps the last destination of each relationship for the next row (a run that
    /// outlives the fetch must not: see `setToOneDestinations(ofFault:from:run:)`).
    func setToOneDestinations(of object: ManagedObject, from values: PropertyValues, run: inout RowRun) {
        guard !run.toOnes.isEmpty else { return }
        run.findSlots(in: values.layout)
        for index in run.toOnes.indices {
            let destination: ManagedObject
            if let slot = run.toOnes[index].slot {
                // The row before named the same destination (the store hands consecutive rows
                // one ID instance): that is seen in the slot itself, with nothing copied.
                if let identity = run.toOnes[index].lastIdentity,
                    values.holdsObjectID(withIdentity: identity, inSlot: slot)
                {
                    destination = run.toOnes[index].last.unsafelyUnwrapped.object
                } else {
                    guard let destinationID = values.objectID(inSlot: slot) else { continue }
                    destination = self.object(with: destinationID)
                    run.toOnes[index].last = (destinationID, destination)
                }
            } else {
                guard let destinationID = values[run.toOnes[index].name] as? ManagedObjectID else { continue }
                destination = self.object(with: destinationID)
            }
            object.state.toOneValues.insertNew(destination, forKey: run.toOnes[index].name)
        }
    }

    /// Makes and registers an object of the right class for a stored row (the caller has just
    /// found no object registered for `objectID`).
    func makeObject(for objectID: ManagedObjectID, of objectClass: ManagedObject.Type) -> ManagedObject {
        let object = objectClass.init(entity: objectID.entity, insertInto: nil)
        object.managedObjectContext = self
        if objectClass != ManagedObject.self { mayHoldSubclassObjects = true }
        tracker.registerFetched(object, for: objectID)
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

    /// The objects for a fetch's rows that stay faults until first touched (the coordinator's row
    /// cache holds the rows): the registered object of a row's ID as it is, or a new fault that
    /// keeps the row (see `ObjectState.becomeFault(keeping:)`), made as ``objects(for:)`` makes
    /// objects.
    func faults(for rows: [StoreRow]) -> [ManagedObject] {
        var objects: [ManagedObject] = []
        var batches = FetchedObjectBatches()
        appendObjects(for: rows, to: &objects, batches: &batches, asFaults: true)
        return objects
    }

    /// ``objects(for:)`` for one of the batches a large fetch comes in (see
    /// `PersistentStoreCoordinator.fetchRows(_:overflow:)`), appending to `objects`; `batches`
    /// carries what the batches before this one looked up.
    ///
    /// `rowsAreDistinct` says no two rows name one object (a fetch's rows). When rows may repeat
    /// an object (the members of several owners of a many-to-many relationship), every row is
    /// looked up in the registry: the object made for one row is registered under the ID a later
    /// row of the same batch names. `asFaults` makes faults that keep their rows (see
    /// ``faults(for:)``).
    func appendObjects(
        for rows: [StoreRow], to objects: inout [ManagedObject], batches: inout FetchedObjectBatches,
        rowsAreDistinct: Bool = true, asFaults: Bool = false
    ) {
        // Room for this batch (a batched fetch's size is not known in advance); both grow by
        // doubling at least, so a fetch of many batches does not reallocate per batch.
        tracker.reserveCapacity(forMore: rows.count)
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
                        hashes.initializeElement(at: offset, to: rows[index].objectID.identityHash)
                    }
                    return !tracker.registry.mayContainAny(ofHashes: UnsafeBufferPointer(hashes))
                }
            }
            // By index: the row is borrowed from the array, not copied (a copy retains its parts).
            for index in batch.indices {
                let registrations = tracker.registry.registrations
                objects.append(
                    object(for: rows[index], run: &batches.run, isUnregistered: isUnregistered, asFault: asFaults))
                // Making an unregistered row's object registers it, once; any other
                // registration may have been for a later row, so those are looked up again.
                if isUnregistered && tracker.registry.registrations != registrations &+ 1 { isUnregistered = false }
            }
            start = batch.endIndex
        }
    }

    /// How many rows ``objects(for:)`` looks up in the registry at once.
    private static let registryBatchSize = 32

    /// The state part of `fill(_:from:)`: a loaded, unchanged object with `row`'s values
    /// and no related objects yet.
    static func load(_ row: StoreRow, into state: inout ObjectState) {
        state.clearRelationshipsAndChanges()
        if !state.toOneValues.isEmpty { state.toOneValues = [:] }
        state.version = row.version
        // Share the row's storage (copy on write): a fetched object holds its values once.
        state.loadValues(row.values)
        state.isFault = false
    }
}

/// What making the objects of a fetch's batches of rows carries from one batch to the next (see
/// `ManagedObjectContext.appendObjects(for:to:batches:)`).
struct FetchedObjectBatches {
    /// The entity, class and to-one destinations of the rows so far.
    var run = ManagedObjectContext.RowRun()
}
