import Foundation

/// The scratch pad of the object graph: objects are fetched into it, inserted, changed and
/// deleted in memory, and nothing reaches the store until ``save()``.
///
/// ```swift
/// let context = container.viewContext
/// let theater = try context.insertNewObject(forEntityName: "Theater")
/// theater["name"] = "My House"
/// try context.save()
/// ```
///
/// **Concurrency.** A context, and every object in it, belongs to one queue, as in Core Data: the
/// main queue (``ConcurrencyType/mainQueue``, the ``PersistentContainer/viewContext``) or a private
/// queue of its own (``ConcurrencyType/privateQueue``, from
/// ``PersistentContainer/newBackgroundContext()``). Use it only inside ``perform(_:)->()`` /
/// ``performAndWait(_:)``, or directly on the main thread for a main-queue context. That
/// confinement is what makes the `@unchecked Sendable` conformance sound: the context may be
/// passed to another queue, but only its queue may touch its state. Share objects between
/// contexts by ``ManagedObjectID``.
public final class ManagedObjectContext: @unchecked Sendable {
    /// Which queue a context belongs to.
    public enum ConcurrencyType: Sendable {
        /// The main queue: for the context the user interface reads.
        case mainQueue
        /// A private serial queue owned by the context: for background work.
        case privateQueue
    }

    /// The queue the context belongs to.
    public let concurrencyType: ConcurrencyType
    /// The coordinator the context reads from and saves to.
    public let persistentStoreCoordinator: PersistentStoreCoordinator
    /// How a save resolves rows that changed in the store since they were read; default ``MergePolicy/error``.
    public var mergePolicy: MergePolicy = .error
    /// A name for debugging output (Core Data's `name`).
    public var name: String?

    /// The private queue, or the main queue.
    let queue: DispatchQueue
    /// Marks the context's private queue so `performAndWait` can tell it is already on it.
    let queueKey = DispatchSpecificKey<ObjectIdentifier>()

    // Confined to the context's queue, the properties marked `@exclusivity(unchecked)` skip Swift's
    // run-time exclusivity check: they are read and written for every value of every object.
    /// The context's objects and their pending changes; the one owner of every object's
    /// lifecycle state (see ``ChangeTracker``).
    let tracker = ChangeTracker()
    /// Notifications, observers, undo manager and parent of the context (see `ContextAttachments`).
    let attachments = ContextAttachments()
    /// The class each entity's objects are made from, looked up once per entity.
    @exclusivity(unchecked) var objectClasses: [ObjectIdentifier: ManagedObject.Type] = [:]
    /// The entity last asked of `objectClasses` and its class: inserts and fetches come in runs
    /// of one entity, which then hash nothing.
    @exclusivity(unchecked) var lastObjectClass: (entity: ObjectIdentifier, type: ManagedObject.Type)?
    /// Whether an object of a ``ManagedObject`` subclass has ever joined the context. Only then
    /// do saves and deletes look for overridden life-cycle and validation methods (see
    /// Performance.md, "Skipping work nobody asked for").
    @exclusivity(unchecked) var mayHoldSubclassObjects = false
    /// Whether an object of the context has ever been observed (`observe(_:options:_:)`). Only
    /// while none has, and no subclass object joined, can no code of the app run in the middle of
    /// a cascade delete (see `applyDeleteRules`).
    @exclusivity(unchecked) var mayHoldObservedObjects = false
    /// True while a cascade detaches the members it is about to delete: their changes then join
    /// the change lists only if something could look before the members are deleted (see
    /// `applyDeleteRules`).
    @exclusivity(unchecked) var defersChangeLists = false
    /// What the context works out once per entity (see `ManagedObjectContext+EntityCaches.swift`).
    @exclusivity(unchecked) var entityCaches = EntityCaches()

    /// Makes a context on `coordinator` belonging to the queue `concurrencyType` names.
    public init(concurrencyType: ConcurrencyType, coordinator: PersistentStoreCoordinator) {
        self.concurrencyType = concurrencyType
        self.persistentStoreCoordinator = coordinator
        switch concurrencyType {
        case .mainQueue:
            queue = .main
        case .privateQueue:
            queue = DispatchQueue(label: "ObjectGraph.ManagedObjectContext")
        }
        queue.setSpecific(key: queueKey, value: ObjectIdentifier(self))
    }

    deinit {
        // Objects refer to each other through relationships; break the cycles so they can go.
        // Objects that outlive the context must not keep pointing at it (see `ManagedObject`).
        tracker.releaseAll()
    }

    /// The model of the context's coordinator.
    public var managedObjectModel: ManagedObjectModel { persistentStoreCoordinator.managedObjectModel }

    // MARK: - What changed

    /// Whether anything was inserted, changed or deleted since the last save.
    public var hasChanges: Bool {
        !tracker.inserted.isEmpty || !tracker.deleted.isEmpty
            || tracker.updated.contains { $0.state.hasChangedKeys || $0.state.hasPendingErrors }
    }

    /// Objects inserted since the last save.
    public var insertedObjects: Set<ManagedObject> { tracker.inserted.set }

    /// Stored objects changed since the last save (not deleted ones).
    public var updatedObjects: Set<ManagedObject> {
        Set(tracker.updated.filter { $0.isUpdated })
    }

    /// Stored objects deleted since the last save.
    public var deletedObjects: Set<ManagedObject> { tracker.deleted.set }

    /// Every object the context holds: its objects with pending changes and every other object
    /// of the context still in use. The context holds unchanged objects weakly, as Core Data
    /// does, so an object the app no longer references leaves this set.
    public var registeredObjects: Set<ManagedObject> { Set(allObjects) }

    /// Every object of the context (see `ChangeTracker.allObjects`).
    var allObjects: [ManagedObject] { tracker.allObjects }

    /// The context's object for `objectID`, or nil when the context holds none (or held an
    /// unchanged one that nothing references any more).
    public func registeredObject(for objectID: ManagedObjectID) -> ManagedObject? {
        tracker.registry[objectID]
    }

    // MARK: - Bookkeeping the objects call

    /// Records that `object` was written to.
    func objectDidChange(_ object: ManagedObject) {
        guard !defersChangeLists else { return }
        tracker.markUpdated(object)
        noteUpdate(of: object)
    }

    /// Forgets an object that is being deinitialized (called by its `deinit`).
    func forgetReleasedObject(at address: UnsafeMutableRawPointer, objectID: ManagedObjectID) {
        tracker.forgetReleasedObject(at: address, objectID: objectID)
    }

    /// Makes `object` one of the context's: registered under its ID when it has one (the tracker
    /// registers an inserted object without an ID yet when its temporary ID is made).
    func register(_ object: ManagedObject) {
        object.managedObjectContext = self
        if object.mayOverrideLifeCycle { mayHoldSubclassObjects = true }
        if object.observationInfo != nil { mayHoldObservedObjects = true }
        tracker.register(object)
    }

    /// Registers an inserted object under the temporary ID it was just given.
    func registerTemporaryID(_ objectID: ManagedObjectID, of object: ManagedObject) {
        tracker.register(object, for: objectID)
    }
}
