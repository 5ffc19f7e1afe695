/// What a ``ManagedObject`` knows about itself: its current values, the values it last read from
/// or wrote to its store, and what changed since.
///
/// Kept in one value so that the context can save, compare and restore an object's state as a
/// whole (rollback, refresh, failed saves).
///
/// What most objects never use — loaded to-many members, their stored members, changed keys,
/// pending errors and committed values kept apart from the current ones — lives in a
/// ``ChangeRecord`` made on first use, so a fetched object that nobody changes does not carry
/// those fields. The record is copied on write, so copies of a state stay independent values.
struct ObjectState {
    /// Where the object is in its life.
    enum Lifecycle {
        /// Not in a context (made without one, or dropped from its context).
        case detached
        /// Inserted since the last save.
        case inserted
        /// Stored; may have unsaved changes.
        case persisted
        /// Stored and deleted since the last save.
        case deleted
    }

    // The stored properties are declared in the order that packs them tightest (Swift lays them
    // out in declaration order): the life cycle, the flags and the first changed property fill
    // the end of the value set's last word, so a ManagedObject takes 104 bytes, a 112-byte block,
    // not 120 in a 128-byte one.

    /// Current attribute values by name (absent = nil). A fetched object shares its row's
    /// values, so they may also hold the row's to-one IDs; those are never read from here.
    var attributeValues: PropertyValues {
        // Borrowed, not copied: a read of one value through it then retains no storage.
        _read { yield currentValues }
        set {
            keepCommittedValues()
            currentValues = newValue
        }
        _modify {
            keepCommittedValues()
            yield &currentValues
        }
    }

    /// Current to-one destinations by relationship name (absent = nil).
    var toOneValues = ToOneMap()

    /// The stored values as last read or saved: attributes and to-one destinations' IDs.
    var committedValues: PropertyValues {
        get {
            if let storedValues = record?.storedValues { return storedValues }
            return hasNoCommittedValues ? PropertyValues() : currentValues
        }
        set {
            // Values sharing the current ones' storage, or none at all, need no record.
            hasNoCommittedValues = false
            if newValue.slotsAreShared(with: currentValues) {
                if record?.storedValues != nil { uniqueRecord().storedValues = nil }
            } else if newValue.isEmptyWithoutLayout {
                hasNoCommittedValues = true
                if record?.storedValues != nil { uniqueRecord().storedValues = nil }
            } else {
                uniqueRecord().storedValues = newValue
            }
        }
        _modify {
            keepCommittedValues()
            if hasNoCommittedValues {
                hasNoCommittedValues = false
                uniqueRecord().storedValues = PropertyValues()
            }
            yield &uniqueRecord().storedValues!
        }
    }

    /// See ``attributeValues``.
    private var currentValues = PropertyValues()
    /// Where the object is in its life.
    var lifecycle: Lifecycle = .detached
    /// ``isDeletedWhileInserted``, ``isFault``, `hasNoCommittedValues` and ``keepsFetchedRow``, a
    /// bit each: as `Bool`s they took the two bytes ``firstChangedProperty`` needs.
    private var flags: UInt8 = 0
    /// The first key written since the last save or refresh, as its place in the entity's
    /// `allProperties` plus one; 0 when there is none (or it is kept in the record). A cascade's
    /// member changes one key, its cleared inverse, and needs no record for it: the record cost
    /// its allocation and release, about a twentieth of what deleting a member costs besides
    /// SQLite. Never one of the keys in the record.
    private var firstChangedProperty: UInt16 = 0
    /// The row version (`Z_OPT`) the committed values belong to; 0 before the first save.
    var version: Int64 = 0

    private static let deletedWhileInsertedFlag: UInt8 = 1
    private static let faultFlag: UInt8 = 2
    private static let noCommittedValuesFlag: UInt8 = 4
    private static let keepsFetchedRowFlag: UInt8 = 8

    /// An object inserted and deleted again before any save: it never reaches the store.
    var isDeletedWhileInserted: Bool {
        get { flags & Self.deletedWhileInsertedFlag != 0 }
        set { setFlag(Self.deletedWhileInsertedFlag, newValue) }
    }

    /// Whether the values still have to be loaded from the store.
    ///
    /// Setting it, either way, forgets a row kept by ``becomeFault(keeping:)``.
    var isFault: Bool {
        get { flags & Self.faultFlag != 0 }
        set {
            setFlag(Self.faultFlag, newValue)
            setFlag(Self.keepsFetchedRowFlag, false)
        }
    }

    /// Whether this fault holds the version and values of the row a fetch read for it (see
    /// ``becomeFault(keeping:)``).
    var keepsFetchedRow: Bool {
        flags & Self.keepsFetchedRowFlag != 0
    }

    /// Makes a fault that keeps the version and values of `row`, which a fetch just read and the
    /// coordinator's row cache now holds: loaded as `ManagedObjectContext.load(_:into:)` loads
    /// it, but still a fault.
    ///
    /// The object is a fault as any other (its values are not read while it is one); when it
    /// fires and the row cache still holds this row (``PropertyValues/areHeldByRowCache``), what
    /// it kept is what the cache would give, and no lookup is needed.
    mutating func becomeFault(keeping row: StoreRow) {
        clearRelationshipsAndChanges()
        if !toOneValues.isEmpty { toOneValues = [:] }
        version = row.version
        loadValues(row.values)
        isFault = true
        setFlag(Self.keepsFetchedRowFlag, true)
    }

    /// Drops the row a fault kept (its row is gone from the store), so the fault is as empty
    /// as one that never kept a row.
    mutating func forgetKeptRow() {
        guard keepsFetchedRow else { return }
        currentValues = PropertyValues()
        version = 0
        setFlag(Self.keepsFetchedRowFlag, false)
    }

    /// Turns a fault that kept its fetched row into the object loaded from that row: what
    /// loading the row (`ManagedObjectContext.load(_:into:)`) leaves, whose version and values
    /// the state already holds.
    mutating func loadKeptRow() {
        clearRelationshipsAndChanges()
        if !toOneValues.isEmpty { toOneValues = [:] }
        isFault = false
    }

    /// Whether the committed values are an empty value set while the current ones are not (an
    /// object not yet in a context when its values first changed: an inserted one). A flag
    /// rather than an empty value set in the record, so an inserted object makes no record.
    private var hasNoCommittedValues: Bool {
        get { flags & Self.noCommittedValuesFlag != 0 }
        set { setFlag(Self.noCommittedValuesFlag, newValue) }
    }

    private mutating func setFlag(_ flag: UInt8, _ isSet: Bool) {
        flags = isSet ? flags | flag : flags & ~flag
    }

    /// The fields below and the committed values kept apart, once one of them was given a value
    /// (nil: all of them are empty, and the committed values are the current ones).
    private var record: ChangeRecord?

    /// Current members of the to-many relationships loaded so far (absent = not loaded: a fault).
    var toManyValues: ToManyMap {
        get { record?.toManyValues ?? [:] }
        set { update(\.toManyValues, to: newValue, isEmpty: newValue.isEmpty) }
        _modify {
            if record == nil {
                var value = ToManyMap()
                defer { if !value.isEmpty { uniqueRecord().toManyValues = value } }
                yield &value
            } else {
                yield &uniqueRecord().toManyValues
            }
        }
    }

    /// `body` applied in place to the loaded members of the to-many relationship `key`; nil, with
    /// nothing changed, when they are not loaded. The same edit as through ``toManyValues``,
    /// without its accessor taking the map out of the record and putting it back.
    mutating func modifyToManyMembers<Result>(
        forKey key: String, _ body: (inout OrderedSet<ManagedObject>) -> Result
    ) -> Result? {
        guard record != nil else { return nil }
        return uniqueRecord().toManyValues.modifyValue(forKey: key, body)
    }

    /// The stored members of each loaded to-many relationship as last read or saved.
    var committedToMany: ToManyMap {
        get { record?.committedToMany ?? [:] }
        set { update(\.committedToMany, to: newValue, isEmpty: newValue.isEmpty) }
        _modify {
            if record == nil {
                var value = ToManyMap()
                defer { if !value.isEmpty { uniqueRecord().committedToMany = value } }
                yield &value
            } else {
                yield &uniqueRecord().committedToMany
            }
        }
    }

    /// Keys written since the last save or refresh (even if written back to the old value), of
    /// an object of `entity`, the first written first.
    func changedKeys(of entity: EntityDescription) -> ChangedKeys {
        let kept = record?.changedKeys ?? []
        guard let first = firstChangedKey(of: entity) else { return kept }
        // Inserted one by one: an array literal would allocate its array first.
        var keys = ChangedKeys()
        keys.insert(first)
        for key in kept { keys.insert(key) }
        return keys
    }

    /// Makes `keys` the changed keys of an object of `entity` (see ``changedKeys(of:)``).
    mutating func setChangedKeys(_ keys: ChangedKeys, of entity: EntityDescription) {
        firstChangedProperty = 0
        var kept = keys
        if let first = keys.firstInserted, let place = Self.place(of: first, in: entity) {
            firstChangedProperty = place
            kept.remove(first)
        }
        update(\.changedKeys, to: kept, isEmpty: kept.isEmpty)
    }

    /// Forgets every changed key (what a save and a refresh do to each object they touch).
    mutating func clearChangedKeys() {
        firstChangedProperty = 0
        if hasRecordedChangedKeys { uniqueRecord().changedKeys = [] }
    }

    /// Adds `key` to the changed keys of an object of `entity` (every setter does). The first
    /// one is kept as a number, without a record; the rest go straight into the record (through
    /// the `_modify` accessor an object's first change paid for a heap-allocated coroutine
    /// frame as well).
    mutating func insertChangedKey(_ key: String, of entity: EntityDescription) {
        if firstChangedProperty == 0 {
            if !hasRecordedChangedKeys, let place = Self.place(of: key, in: entity) {
                firstChangedProperty = place
                return
            }
        } else if firstChangedKey(of: entity) == key {
            return
        }
        uniqueRecord().changedKeys.insert(key)
    }

    /// Removes `key` from the changed keys of an object of `entity`, if it is there.
    mutating func removeChangedKey(_ key: String, of entity: EntityDescription) {
        if firstChangedProperty != 0, firstChangedKey(of: entity) == key {
            firstChangedProperty = 0
        } else if hasRecordedChangedKeys {
            uniqueRecord().changedKeys.remove(key)
        }
    }

    /// The changed key kept as a number, if any.
    private func firstChangedKey(of entity: EntityDescription) -> String? {
        guard firstChangedProperty != 0 else { return nil }
        return entity.propertyNames.names[Int(firstChangedProperty) - 1]
    }

    /// `key`'s place among `entity`'s properties plus one, as ``firstChangedProperty`` keeps it;
    /// nil for a key that is not a property of it.
    private static func place(of key: String, in entity: EntityDescription) -> UInt16? {
        guard let slot = entity.propertyNames.slot(of: key), slot < Int(UInt16.max) else { return nil }
        return UInt16(slot + 1)
    }

    /// Whether the record holds changed keys.
    private var hasRecordedChangedKeys: Bool { record.map { !$0.changedKeys.isEmpty } ?? false }

    /// Problems found while setting values (unknown key, value of the wrong type); reported by
    /// the next save as validation errors, because Core Data's setters cannot throw.
    var pendingErrors: [String: CoreDataError] {
        get { record?.pendingErrors ?? [:] }
        set { update(\.pendingErrors, to: newValue, isEmpty: newValue.isEmpty) }
        _modify {
            if record == nil {
                var value: [String: CoreDataError] = [:]
                defer { if !value.isEmpty { uniqueRecord().pendingErrors = value } }
                yield &value
            } else {
                yield &uniqueRecord().pendingErrors
            }
        }
    }

    /// Whether any key was written since the last save or refresh: ``changedKeys(of:)`` not
    /// empty, asked without making a set.
    var hasChangedKeys: Bool { firstChangedProperty != 0 || hasRecordedChangedKeys }

    /// Whether a setter recorded a problem: ``pendingErrors`` not empty, asked without making an
    /// empty dictionary where there is no record (every value set asks).
    var hasPendingErrors: Bool { record.map { !$0.pendingErrors.isEmpty } ?? false }

    /// Makes `values` both the current and the committed values: what a state loaded from a row has.
    mutating func loadValues(_ values: PropertyValues) {
        currentValues = values
        hasNoCommittedValues = false
        if record?.storedValues != nil { uniqueRecord().storedValues = nil }
    }

    /// Keeps the committed values apart before the current ones change.
    private mutating func keepCommittedValues() {
        guard !hasNoCommittedValues, record?.storedValues == nil else { return }
        if currentValues.isEmptyWithoutLayout {
            hasNoCommittedValues = true
        } else {
            uniqueRecord().storedValues = currentValues
        }
    }

    /// Forgets the loaded to-many relationships and their stored members, the changed keys, the
    /// pending errors and the committed values kept apart (the current values become the committed
    /// ones): what a state loaded afresh from a row starts without.
    mutating func clearRelationshipsAndChanges() {
        record = nil
        hasNoCommittedValues = false
        firstChangedProperty = 0
    }

    /// Sets one field of the record; setting an empty value where there is no record yet makes none.
    private mutating func update<Value>(
        _ field: ReferenceWritableKeyPath<ChangeRecord, Value>, to value: Value, isEmpty: Bool
    ) {
        guard record != nil || !isEmpty else { return }
        uniqueRecord()[keyPath: field] = value
    }

    /// The record, made if there is none and copied if another state shares it, so this state may
    /// change it in place.
    private mutating func uniqueRecord() -> ChangeRecord {
        // Asked before binding the record: a bound copy would be a second reference.
        if isKnownUniquelyReferenced(&record), let record { return record }
        let fresh = record?.copy() ?? ChangeRecord()
        record = fresh
        return fresh
    }

    /// The parts of an object's state that an unchanged object without loaded to-many
    /// relationships does not have (see ``ObjectState``).
    final class ChangeRecord {
        /// See ``ObjectState/toManyValues``.
        @exclusivity(unchecked) var toManyValues = ToManyMap()
        /// See ``ObjectState/committedToMany``.
        @exclusivity(unchecked) var committedToMany = ToManyMap()
        /// See ``ObjectState/changedKeys``.
        @exclusivity(unchecked) var changedKeys = ChangedKeys()
        /// See ``ObjectState/pendingErrors``.
        @exclusivity(unchecked) var pendingErrors: [String: CoreDataError] = [:]
        /// The committed values once they differ from the current ones; nil while they are the
        /// current values. A fetched object, which has the same values in both until something
        /// changes one of them, holds them once (copying a value set costs a reference count
        /// update of each of its parts).
        @exclusivity(unchecked) var storedValues: PropertyValues?

        /// An empty record.
        init() {}

        /// A record with the same fields as this one (for a state about to change a shared record).
        func copy() -> ChangeRecord {
            let copy = ChangeRecord()
            copy.toManyValues = toManyValues
            copy.committedToMany = committedToMany
            copy.changedKeys = changedKeys
            copy.pendingErrors = pendingErrors
            copy.storedValues = storedValues
            return copy
        }
    }
}
