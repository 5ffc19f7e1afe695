/// Everything one `save()` writes, handed to ``PersistentStore/save(_:)`` as a single unit.
///
/// The coordinator has already replaced temporary IDs by permanent ones (from
/// ``PersistentStore/newObjectIDs(for:count:)``), so every ID here is permanent. The store applies
/// the whole value in one transaction: all of it, or (when it throws) none of it.
public struct StoreChanges: @unchecked Sendable {
    /// New objects with all their stored attribute values and to-one destinations.
    /// Their `version` is the one the store should give the new row (1).
    public var insertedRows: [StoreRow]
    /// Changed objects: their full new state plus which keys changed and the version they were read at.
    public var updatedRows: [StoreUpdate]
    /// Deleted objects with the version they were read at.
    public var deletedObjects: [StoreDeletion]
    /// The final membership of every to-many relationship that changed, of inserted and updated
    /// objects alike; stores keep join tables (many-to-many), ordering keys (`Z_FOK_…`) and the
    /// hidden foreign key of a to-many without inverse from these.
    public var toManyChanges: [ToManyChange]

    /// Makes a change set; every part defaults to empty.
    public init(
        insertedRows: [StoreRow] = [], updatedRows: [StoreUpdate] = [], deletedObjects: [StoreDeletion] = [],
        toManyChanges: [ToManyChange] = []
    ) {
        self.insertedRows = insertedRows
        self.updatedRows = updatedRows
        self.deletedObjects = deletedObjects
        self.toManyChanges = toManyChanges
    }

    /// Whether there is nothing to write.
    public var isEmpty: Bool {
        insertedRows.isEmpty && updatedRows.isEmpty && deletedObjects.isEmpty && toManyChanges.isEmpty
    }
}

/// One updated object inside ``StoreChanges``.
///
/// The store must only write when the row is still at ``version`` (`… WHERE Z_PK = ? AND Z_OPT = ?`)
/// and then moves the row to `version + 1`; otherwise it reports a ``MergeConflict``. An update
/// whose ``changedKeys`` is empty still bumps the version: Core Data does so when only a to-many
/// relationship of the object changed.
public struct StoreUpdate: @unchecked Sendable {
    /// The object.
    public var objectID: ManagedObjectID
    /// The version (`Z_OPT`) the context read the row at.
    public var version: Int64
    /// The object's full new state: stored attributes and to-one destinations (absent = nil).
    public var values: PropertyValues
    /// The names of the stored attributes and to-one relationships that changed.
    public var changedKeys: Set<String>

    /// Makes an update entry.
    public init(objectID: ManagedObjectID, version: Int64, values: [String: Any], changedKeys: Set<String>) {
        self.init(
            objectID: objectID, version: version, propertyValues: PropertyValues(values), changedKeys: changedKeys)
    }

    /// Makes an update entry from values already laid out (what the context builds).
    public init(objectID: ManagedObjectID, version: Int64, propertyValues: PropertyValues, changedKeys: Set<String>) {
        self.objectID = objectID
        self.version = version
        self.values = propertyValues
        self.changedKeys = changedKeys
    }
}

/// One deleted object inside ``StoreChanges``: deleted only if the row is still at ``version``.
public struct StoreDeletion: Sendable {
    /// The object.
    public var objectID: ManagedObjectID {
        didSet {
            primaryKey = objectID.primaryKey
            entity = objectID.entity
        }
    }
    /// The version (`Z_OPT`) the context read the row at.
    public var version: Int64
    /// The object's primary key and entity, as its ID has them: kept in the entry so that a store
    /// deleting thousands of rows (a cascade) reads them from the list it walks, instead of
    /// making one more trip to memory per row to read them from each ID.
    private(set) var primaryKey: Int64?
    private(set) var entity: EntityDescription

    /// Makes a deletion entry.
    public init(objectID: ManagedObjectID, version: Int64) {
        self.objectID = objectID
        self.version = version
        primaryKey = objectID.primaryKey
        entity = objectID.entity
    }
}

/// The new membership of one to-many relationship of one object inside ``StoreChanges``.
///
/// A many-to-many change is reported from both sides (each side's relationship changed); a store
/// that keeps one join table per pair writes it once. For ordered relationships
/// ``destinations`` is in order.
public struct ToManyChange: @unchecked Sendable {
    /// The object that owns the relationship.
    public var objectID: ManagedObjectID
    /// The to-many relationship.
    public var relationship: RelationshipDescription
    /// Every destination after the save (in order for an ordered relationship).
    public var destinations: [ManagedObjectID]
    /// Destinations that were not there before.
    public var insertedDestinations: [ManagedObjectID]
    /// Destinations that are no longer there.
    public var removedDestinations: [ManagedObjectID]

    /// Makes a to-many change entry.
    public init(
        objectID: ManagedObjectID, relationship: RelationshipDescription, destinations: [ManagedObjectID],
        insertedDestinations: [ManagedObjectID], removedDestinations: [ManagedObjectID]
    ) {
        self.objectID = objectID
        self.relationship = relationship
        self.destinations = destinations
        self.insertedDestinations = insertedDestinations
        self.removedDestinations = removedDestinations
    }
}
