import Foundation

/// Opens a store of a given ``PersistentStoreType``: the registry behind
/// ``PersistentStoreCoordinator/addPersistentStore(type:configuration:at:options:)``.
enum PersistentStoreFactory {
    /// Opens (or creates) the store of `type` at `url` with `model`.
    static func makeStore(
        type: PersistentStoreType, url: URL?, model: ManagedObjectModel, options: [String: Any]
    ) throws -> PersistentStore {
        switch type {
        case .inMemory:
            return InMemoryStore(model: model)
        case .sqlite:
            guard let url else {
                throw CoreDataError(
                    code: .persistentStoreOpen, message: "An SQLite store needs a file URL; none was given")
            }
            return try SQLiteStore(url: url, model: model, options: SQLiteStore.Options(options))
        }
    }
}
