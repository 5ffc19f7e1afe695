/// One change reported to an observation of a managed object.
///
/// For a to-many relationship, an addition is an ``Kind-swift.enum/insertion`` whose
/// ``insertedObjects`` are the objects added, a removal a ``Kind-swift.enum/removal`` with the
/// ``removedObjects``; when both happened at once it is a ``Kind-swift.enum/replacement``.
public struct ObservedChange: @unchecked Sendable {
    /// How the value changed.
    public enum Kind: Sendable {
        /// The value was set (attributes, to-one relationships, dependent keys).
        case setting
        /// Objects were added to a to-many relationship.
        case insertion
        /// Objects were removed from a to-many relationship.
        case removal
        /// Objects were added to and removed from a to-many relationship at once.
        case replacement
    }

    /// How the value changed.
    public let kind: Kind
    /// The value before the change, when ``ObservationOptions/old`` was asked for (nil value or
    /// not asked: nil). A to-many value is a `Set<ManagedObject>` (or an ``OrderedSet`` when ordered).
    public let oldValue: Any?
    /// The value after the change, when ``ObservationOptions/new`` was asked for.
    public let newValue: Any?
    /// The objects a to-many change added (empty otherwise).
    public let insertedObjects: Set<ManagedObject>
    /// The objects a to-many change removed (empty otherwise).
    public let removedObjects: Set<ManagedObject>
    /// Whether this is the report sent before the change (``ObservationOptions/prior``).
    public let isPrior: Bool
}
