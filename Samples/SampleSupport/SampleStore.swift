import Foundation
import ObjectGraph

/// Opening the store a lecture sample narrates: fresh (seeded by the sample), or refused when an
/// earlier run already changed it, since the story's steps start from the seed.
public enum SampleStore {
    /// An earlier run's store, which the sample's steps cannot start from.
    public struct AlreadyUsed: Error, CustomStringConvertible {
        /// The store file.
        public let path: String
        /// What the sample seeds, for the message ("books", "heroes").
        public let contents: String

        /// The one-line explanation, with the way out.
        public var description: String {
            "\(path) already holds the \(contents) of an earlier run; add --reset to start again from the seed"
        }
    }

    /// Adds the store at `url` to `container`, deleting it first when `reset` (see
    /// ``PersistentStoreCoordinator/destroyPersistentStore(at:)``), and makes sure it holds no
    /// object of `entityName` yet, so the sample can seed it.
    ///
    /// - Throws: ``AlreadyUsed`` when it holds some, or the ``CoreDataError`` of deleting or
    ///   opening it.
    public static func open(
        _ url: URL, in container: PersistentContainer, reset: Bool, seededEntity entityName: String,
        contents: String
    ) throws {
        if reset { try container.persistentStoreCoordinator.destroyPersistentStore(at: url) }
        try container.loadPersistentStore(at: url)
        guard try container.viewContext.count(for: FetchRequest(entityName: entityName)) == 0 else {
            throw AlreadyUsed(path: url.path, contents: contents)
        }
    }
}
