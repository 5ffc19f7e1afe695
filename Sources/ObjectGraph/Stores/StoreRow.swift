/// One object's stored state, as a store hands it to the coordinator: its ID, its version and the
/// values of its stored attributes and to-one relationships.
///
/// Values are keyed by property name and use the canonical Swift types (Integer 16/32/64 → `Int`,
/// Boolean → `Bool`, Date → `Date`, Binary → `Data`, UUID → `UUID`, URI → `URL`, …); a to-one
/// relationship is the destination's ``ManagedObjectID``. A key that is absent means nil. To-many
/// relationships are not in the row: the coordinator asks
/// ``PersistentStore/relatedObjectIDs(of:for:)`` when a to-many fault fires.
public struct StoreRow: @unchecked Sendable {
    /// The object the row belongs to.
    public var objectID: ManagedObjectID
    /// The row's optimistic-locking version (`Z_OPT`): 1 after the insert, one more per update.
    public var version: Int64
    /// Attribute values and to-one destinations, read and written by property name; absent means nil.
    public var values: PropertyValues

    /// Makes a row; `values` must hold canonical Swift types (see the type's discussion).
    public init(objectID: ManagedObjectID, version: Int64, values: [String: Any]) {
        self.init(objectID: objectID, version: version, propertyValues: PropertyValues(values))
    }

    /// Makes a row from values already laid out (what stores and the context build).
    public init(objectID: ManagedObjectID, version: Int64, propertyValues: PropertyValues) {
        self.objectID = objectID
        self.version = version
        self.values = propertyValues
    }
}
