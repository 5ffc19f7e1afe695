import Foundation

extension PersistentStoreCoordinator {
    /// Deletes the SQLite store at `url` and its `-wal`, `-shm` and `-journal` files, as Core
    /// Data's `destroyPersistentStore(at:type:options:)` does; a store of this coordinator at
    /// `url` is removed from it first. Nothing at `url` is not an error.
    ///
    /// Only a Core Data store is deleted: a directory, a file that is not SQLite, or another
    /// program's SQLite database is refused and left as it is, so a mistyped `--store .` cannot
    /// take a folder with it.
    ///
    /// ```swift
    /// try coordinator.destroyPersistentStore(at: URL(fileURLWithPath: "Theater.sqlite"))
    /// ```
    ///
    /// - Throws: ``CoreDataError`` 259 (a directory or not SQLite), 134020 (SQLite but not a
    ///   Core Data store), 513 (the files may not be removed).
    public func destroyPersistentStore(at url: URL) throws {
        if let attached = persistentStore(for: url) {
            remove(attached)
            (attached as? SQLiteStore)?.close()
        }
        try SQLiteStore.destroyStore(at: url.standardizedFileURL)
    }
}
