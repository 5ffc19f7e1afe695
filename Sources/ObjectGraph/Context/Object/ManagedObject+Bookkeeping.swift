/// What a context keeps on an object only while the object takes part in a change, a save or an
/// observation: its places in the context's lists of pending changes, its marks in the current
/// event, the permanent ID a save planned for it and its observations.
///
/// A fetched object that nobody changes or observes uses none of these, so they live in a record
/// made on first write rather than in every object (56 bytes of each of a fetch's objects).
/// Reading a field of an object without a record gives the field's empty value.
final class ObjectBookkeeping {
    /// See ``ManagedObject/plannedObjectID``.
    @exclusivity(unchecked) var plannedObjectID: ManagedObjectID?
    /// See ``ManagedObject/listPositions``.
    @exclusivity(unchecked) var listPositions = ObjectList.Positions()
    /// See ``ManagedObject/eventMarks``.
    @exclusivity(unchecked) var eventMarks = EventChanges.Marks()
    /// See ``ManagedObject/observationInfo``.
    @exclusivity(unchecked) var observationInfo: ObservationInfo?

    /// An empty record.
    init() {}
}

extension ManagedObject {
    /// The permanent ID the save in progress allocated for this inserted object; it becomes
    /// ``objectID`` when the save succeeds, and is cleared when it fails. It is kept apart from
    /// ``objectID`` because a failed save must leave the object with the ID it had (Core Data
    /// keeps temporary IDs across a failed save), while a retry after a merge conflict reuses it.
    final var plannedObjectID: ManagedObjectID? {
        get { bookkeeping?.plannedObjectID }
        set {
            guard newValue != nil || bookkeeping != nil else { return }
            madeBookkeeping().plannedObjectID = newValue
        }
    }

    /// Where the object sits in its context's lists of pending changes (see ``ObjectList``).
    final var listPositions: ObjectList.Positions {
        get { bookkeeping?.listPositions ?? ObjectList.Positions() }
        _modify { yield &madeBookkeeping().listPositions }
    }

    /// Which sets of its context's current event the object is in (see ``EventChanges``).
    final var eventMarks: EventChanges.Marks {
        get { bookkeeping?.eventMarks ?? EventChanges.Marks() }
        set { madeBookkeeping().eventMarks = newValue }
    }

    /// The observations registered on the object (see `observe(_:options:_:)`).
    final var observationInfo: ObservationInfo? {
        get { bookkeeping?.observationInfo }
        set {
            guard newValue != nil || bookkeeping != nil else { return }
            madeBookkeeping().observationInfo = newValue
        }
    }

    /// The object's record, made if it has none.
    private func madeBookkeeping() -> ObjectBookkeeping {
        if let bookkeeping { return bookkeeping }
        let fresh = ObjectBookkeeping()
        bookkeeping = fresh
        return fresh
    }
}
