extension ManagedObjectContext {
    /// A to-one destination the run kept between faults found for the last fault it filled:
    /// remembered without keeping the object alive (the run outlives every fetch).
    struct KeptDestination {
        /// The destination's ID, held so that its identity stays its own.
        let objectID: ManagedObjectID
        /// The identity of `objectID`, compared with a row's slot.
        let identity: ObjectIdentifier
        /// The destination, unretained.
        let object: Unmanaged<ManagedObject>
        /// The registry's count of removals when the destination was found.
        let removals: Int

        init(objectID: ManagedObjectID, object: ManagedObject, removals: Int) {
            self.objectID = objectID
            identity = ObjectIdentifier(objectID)
            self.object = Unmanaged.passUnretained(object)
            self.removals = removals
        }
    }

    /// `setToOneDestinations(of:from:run:)` for a fault being filled, with a run that outlives
    /// the fetch: it remembers each destination unretained, with the registry's count of removals.
    /// While that count is unchanged the destination is still the object `object(with:)` returns
    /// for its ID: an object leaves its context's registry before it is deinitialized, and no
    /// other object takes a registered ID without a removal. Faults fired in turn that name one
    /// theater so find it without a lookup; after any removal it is looked up again.
    func setToOneDestinations(ofFault object: ManagedObject, from values: PropertyValues, run: inout RowRun) {
        guard !run.toOnes.isEmpty else { return }
        run.findSlots(in: values.layout)
        if run.keptDestinations.count != run.toOnes.count {
            run.keptDestinations = Array(repeating: nil, count: run.toOnes.count)
        }
        for index in run.toOnes.indices {
            let destination: ManagedObject
            if let slot = run.toOnes[index].slot {
                if let identity = run.keptDestinations[index]?.identity,
                    run.keptDestinations[index].unsafelyUnwrapped.removals == tracker.registry.removals,
                    values.holdsObjectID(withIdentity: identity, inSlot: slot)
                {
                    destination = run.keptDestinations[index].unsafelyUnwrapped.object.takeUnretainedValue()
                } else {
                    guard let destinationID = values.objectID(inSlot: slot) else { continue }
                    destination = self.object(with: destinationID)
                    run.keptDestinations[index] = KeptDestination(
                        objectID: destinationID, object: destination, removals: tracker.registry.removals)
                }
            } else {
                guard let destinationID = values[run.toOnes[index].name] as? ManagedObjectID else { continue }
                destination = self.object(with: destinationID)
            }
            object.state.toOneValues.insertNew(destination, forKey: run.toOnes[index].name)
        }
    }
}
