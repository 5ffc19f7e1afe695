import Foundation

/// The whole stack in one object: a model, a coordinator, its store, and a main-queue context.
/// Core Data's `NSPersistentContainer`.
///
/// ```swift
/// let container = PersistentContainer(name: "Theater", managedObjectModel: model)
/// try container.loadPersistentStore(at: URL(fileURLWithPath: "Theater.sqlite"))
/// let context = container.viewContext
/// ```
///
/// The container itself holds no mutable state of its own after the store is loaded; the
/// coordinator and each context guard theirs (hence `@unchecked Sendable`).
public final class PersistentContainer: @unchecked Sendable {
    /// The container's name (used for the default store file name, `<name>.sqlite`).
    public let name: String
    /// The model of every object in the container.
    public let managedObjectModel: ManagedObjectModel
    /// The coordinator joining the model to the store.
    public let persistentStoreCoordinator: PersistentStoreCoordinator
    /// The main-queue context, for reading objects on the main thread (user interface, samples).
    public let viewContext: ManagedObjectContext
    /// Migrate a store made with an earlier model when it is loaded (`NSPersistentStoreDescription`'s
    /// property of the same name; true by default, as there).
    public var shouldMigrateStoreAutomatically = true
    /// Infer the mapping of that migration (true by default, as in `NSPersistentStoreDescription`).
    public var shouldInferMappingModelAutomatically = true
    /// The earlier versions of the model, oldest first, that a store may have been made with
    /// (``ManagedObjectModel/versions(ofModelAt:)``); Core Data finds them in the app's bundles.
    public var modelVersions: [ManagedObjectModel] = []

    /// Makes a container; load a store with ``loadPersistentStore(at:options:)`` or ``loadInMemoryStore()``
    /// before fetching or saving.
    public init(name: String, managedObjectModel: ManagedObjectModel) {
        self.name = name
        self.managedObjectModel = managedObjectModel
        self.persistentStoreCoordinator = PersistentStoreCoordinator(managedObjectModel: managedObjectModel)
        self.viewContext = ManagedObjectContext(concurrencyType: .mainQueue, coordinator: persistentStoreCoordinator)
        viewContext.name = "viewContext"
    }

    /// Opens (or creates) the SQLite store at `url`.
    ///
    /// A store made with one of ``modelVersions`` is migrated first (lightweight migration), unless
    /// ``shouldMigrateStoreAutomatically`` is off or the options say otherwise.
    ///
    /// - Throws: ``CoreDataError`` when the file cannot be opened, was written with another model
    ///   that is not migrated (134100, naming the entities that changed), or its migration fails
    ///   (134130 no source model, 134140 no mapping, 134110).
    @discardableResult
    public func loadPersistentStore(at url: URL, options: [String: Any] = [:]) throws -> PersistentStore {
        var options = options
        typealias Keys = SQLiteStore.Options
        options[Keys.migrateAutomaticallyKey] = options[Keys.migrateAutomaticallyKey] ?? shouldMigrateStoreAutomatically
        options[Keys.inferMappingModelKey] = options[Keys.inferMappingModelKey] ?? shouldInferMappingModelAutomatically
        options[Keys.sourceModelsKey] = options[Keys.sourceModelsKey] ?? modelVersions
        return try persistentStoreCoordinator.addPersistentStore(type: .sqlite, at: url, options: options)
    }

    /// Adds an empty in-memory store (for tests and previews).
    @discardableResult
    public func loadInMemoryStore() throws -> PersistentStore {
        try persistentStoreCoordinator.addPersistentStore(type: .inMemory, at: nil)
    }

    /// A new private-queue context on the container's coordinator, for background work.
    public func newBackgroundContext() -> ManagedObjectContext {
        ManagedObjectContext(concurrencyType: .privateQueue, coordinator: persistentStoreCoordinator)
    }

    /// Runs `block` on a new background context's queue and returns at once.
    public func performBackgroundTask(_ block: @escaping @Sendable (ManagedObjectContext) -> Void) {
        let context = newBackgroundContext()
        context.perform { block(context) }
    }
}
