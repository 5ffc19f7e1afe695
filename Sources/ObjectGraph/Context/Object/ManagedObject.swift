import Foundation

/// One object of the graph: a theater, a movie. Its values are read and written by key
/// (``value(forKey:)``, ``setValue(_:forKey:)``, subscripts) or through typed properties of a
/// registered subclass.
///
/// Objects belong to one ``ManagedObjectContext`` and, like the context, may only be used on the
/// context's queue (Core Data's confinement rule). That rule, not locking, is what makes the
/// `@unchecked Sendable` conformance sound: an object may be handed to the context's
/// `perform` block, but must not be touched from two queues at once. Pass ``objectID`` between
/// contexts instead.
///
/// Subclasses (typed objects, see ``ManagedObjectClassRegistry``) restate the conformance:
/// `final class Movie: ManagedObject, @unchecked Sendable { … }`.
///
/// Objects compare by identity: a context holds one object per ID, so two references to the
/// same row in one context are the same instance.
///
/// ```swift
/// let movie = try context.insertNewObject(forEntityName: "Movie")
/// movie["name"] = "Up"
/// movie.setValue(theater, forKey: "theater")     // theater.movies now contains movie
/// ```
open class ManagedObject: Hashable, CustomStringConvertible, @unchecked Sendable {
    /// The entity the object is an instance of.
    public let entity: EntityDescription
    /// The object's identity; temporary until the object is first saved.
    ///
    /// A temporary ID is made on first use (and the object registered under it then), so
    /// objects made for stored rows, which get their row's ID at once, and inserted objects
    /// saved before anyone asks for their ID never make one.
    public internal(set) var objectID: ManagedObjectID {
        get {
            if let assignedObjectID { return assignedObjectID }
            let temporary = ManagedObjectID(temporaryIDFor: entity)
            assignedObjectID = temporary
            managedObjectContext?.registerTemporaryID(temporary, of: self)
            return temporary
        }
        set { assignedObjectID = newValue }
    }

    // Confined to the context's queue, the properties marked `@exclusivity(unchecked)` skip Swift's
    // run-time exclusivity check: they are read and written for every value of every object.
    /// The ID given so far, if any: the storage behind ``objectID``, which makes a temporary ID
    /// on first use. Not a second identity: it is nil only while an inserted object has never
    /// been asked for its ID.
    @exclusivity(unchecked) final private(set) var assignedObjectID: ManagedObjectID?
    /// The places, marks, planned ID and observations of an object that takes part in a change, a
    /// save or an observation; nil until one of them is first set (see ``ObjectBookkeeping``).
    @exclusivity(unchecked) final var bookkeeping: ObjectBookkeeping?
    /// The context the object belongs to; nil once the object was deleted and saved, or its
    /// context was reset or released.
    public internal(set) var managedObjectContext: ManagedObjectContext? {
        get { contextReference }
        set { contextReference = newValue }
    }

    /// The context, unretained. A `weak` reference would do, but every read of it costs atomic
    /// work on a side table, and objects read their context on every change. It cannot dangle:
    /// an object has a context only while the context holds it (registered, or inserted and not
    /// yet given an ID), and the context clears the reference whenever it lets an object go,
    /// including in its own `deinit`.
    final private unowned(unsafe) var contextReference: ManagedObjectContext?

    /// Everything the object knows about its values and changes (see ``ObjectState``).
    @exclusivity(unchecked) final var state = ObjectState()

    /// Makes an object of `entity`, inserted into `context` when one is given.
    ///
    /// This is the initializer the context calls for every object it creates, so a registered
    /// subclass must keep it (subclasses that declare no initializer inherit it). Prefer
    /// ``ManagedObjectContext/insertNewObject(forEntityName:)`` or
    /// ``ManagedObjectContext/insertNewObject(of:)`` in app code.
    public required init(entity: EntityDescription, insertInto context: ManagedObjectContext?) {
        self.entity = entity
        if let context {
            context.insert(self)
        }
    }

    deinit {
        // The context holds its objects without retaining them (see `ObjectRegistry`): leave it.
        guard let assignedObjectID else { return }
        let address = Unmanaged.passUnretained(self).toOpaque()
        managedObjectContext?.forgetReleasedObject(at: address, objectID: assignedObjectID)
    }

    /// Whether the object was inserted since the last save.
    public var isInserted: Bool { state.lifecycle == .inserted }

    /// Whether the object has unsaved changes to persistent or transient properties.
    public var isUpdated: Bool { state.lifecycle == .persisted && state.hasChangedKeys }

    /// Whether the object was deleted since the last save.
    public var isDeleted: Bool { state.lifecycle == .deleted || state.isDeletedWhileInserted }

    /// Whether the object's values are not loaded yet; reading any value loads them ("fires the fault").
    public var isFault: Bool { state.isFault }

    /// Whether the object has unsaved changes, was inserted or deleted.
    public var hasChanges: Bool { isInserted || isDeleted || isUpdated }

    // MARK: - Life cycle and validation (override in subclasses)

    /// Called once, when the object is first inserted into a context: Core Data's `awakeFromInsert()`.
    ///
    /// Override it to give a new object values the model's defaults cannot, such as a creation
    /// date or a fresh UUID; they are part of the insert, as if set right after it. It is not
    /// called again when an undo brings the object back, nor for objects read from a store.
    ///
    /// ```swift
    /// override func awakeFromInsert() {
    ///     super.awakeFromInsert()
    ///     setValue(Date(), forKey: "created")
    /// }
    /// ```
    open func awakeFromInsert() {}

    /// Called when the object is about to be deleted, before its delete rules apply: Core Data's
    /// `prepareForDeletion()`.
    ///
    /// The object still holds its relationships here, so override it to do what the delete rules
    /// cannot (update a total kept on a destination, say). A cascade calls it on every object it
    /// reaches.
    open func prepareForDeletion() {}

    /// Called by ``ManagedObjectContext/save()`` for each inserted, changed and deleted object
    /// before anything is validated or written: Core Data's `willSave()`.
    ///
    /// Changes made here are saved with the rest, so it is the place to compute a stored value
    /// from others, such as a last-modified date. Core Data calls it again when it made a change;
    /// here it is called once per save, so a value set here is set once.
    open func willSave() {}

    /// Called after ``ManagedObjectContext/save()`` wrote the object (inserted, changed or
    /// deleted): Core Data's `didSave()`. Changes made here are unsaved changes for the next save.
    open func didSave() {}

    /// Checks the object against its model before its first save: Core Data's `validateForInsert()`.
    ///
    /// ``ManagedObjectContext/save()`` calls it for each inserted object of a subclass; the
    /// default checks every rule of the model (required values, bounds, patterns, relationship
    /// counts). Override it to add rules that span several properties, calling `super` first to
    /// keep the model's; throw a ``CoreDataError`` (several go in 1560's
    /// ``CoreDataError/underlyingErrors``, which the save lists one by one). Any other error is
    /// reported as 1550 carrying it. It can also be called at any time, to check an object
    /// before saving.
    ///
    /// ```swift
    /// override func validateForInsert() throws {
    ///     try super.validateForInsert()
    ///     try validateDates()      // your own rule: the end must not come before the start
    /// }
    /// ```
    open func validateForInsert() throws {
        try throwModelValidationErrors()
    }

    /// Checks a changed object against its model before a save: Core Data's `validateForUpdate()`.
    ///
    /// Called by ``ManagedObjectContext/save()`` for each changed object of a subclass; the
    /// default checks the model's rules, as ``validateForInsert()`` does. Override it the same way.
    open func validateForUpdate() throws {
        try throwModelValidationErrors()
    }

    /// Checks that a deleted object may be deleted: Core Data's `validateForDelete()`.
    ///
    /// Called by ``ManagedObjectContext/save()`` for each deleted object of a subclass; the
    /// default fails with 1600 while a relationship with the deny rule still holds objects that are
    /// not deleted themselves. Override it to refuse other deletions, calling `super` first.
    open func validateForDelete() throws {
        try throwDeletionValidationErrors()
    }

    /// Objects are equal only to themselves: a context keeps one object per ID.
    public static func == (lhs: ManagedObject, rhs: ManagedObject) -> Bool { lhs === rhs }

    /// Hashes the object's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// The hash `Set` and `Dictionary` use: the object's address mixed with the table's seed.
    ///
    /// An address needs no SipHash (nobody chooses addresses to collide): a multiply-xorshift
    /// mix spreads the aligned address over every bit.
    public func _rawHashValue(seed: Int) -> Int {
        let address = UInt64(UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque()))
        var bits = address ^ UInt64(UInt(bitPattern: seed))
        bits = (bits ^ (bits >> 31)) &* 0x7FB5_D329_728E_A185
        bits = (bits ^ (bits >> 27)) &* 0x81DA_DEF4_BC2D_D44D
        return Int(truncatingIfNeeded: bits ^ (bits >> 33))
    }

    /// `<Movie: x-coredata://…/Movie/p1> { name = "Up"; theater = <x-coredata://…/Theater/p1> }`,
    /// or `… data: <fault>` while a fault (printing does not fire it).
    public var description: String {
        let head = "<\(entity.name): \(objectID.uriRepresentation().absoluteString)>"
        if state.isFault { return head + " data: <fault>" }
        let fields = entity.allProperties.compactMap { property -> String? in
            if let attribute = property as? AttributeDescription {
                let value = state.attributeValues[attribute.name]
                return "\(attribute.name) = \(value.map(Self.describe) ?? "nil")"
            }
            guard let relationship = property as? RelationshipDescription else { return nil }
            if relationship.isToMany {
                guard let members = state.toManyValues[relationship.name] else {
                    return "\(relationship.name) = <relationship fault>"
                }
                return "\(relationship.name) = (\(members.count) objects)"
            }
            let destination = state.toOneValues[relationship.name]
            return "\(relationship.name) = \(destination.map { $0.objectID.description } ?? "nil")"
        }
        return head + " { " + fields.joined(separator: "; ") + " }"
    }

    private static func describe(_ value: Any) -> String {
        if let text = value as? String { return "\"\(text)\"" }
        return String(describing: value)
    }
}
