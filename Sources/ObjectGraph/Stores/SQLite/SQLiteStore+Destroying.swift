import Foundation
import SQLite

extension SQLiteStore {
    /// Deletes the Core Data store at `url` with its `-wal`, `-shm` and `-journal` files, after
    /// making sure it is one: what ``PersistentStoreCoordinator/destroyPersistentStore(at:)`` does
    /// for an SQLite store. Nothing at `url` is not an error (there is nothing to destroy).
    ///
    /// - Throws: ``CoreDataError`` and leaves every file in place: 259 for a directory or a file
    ///   that is not SQLite, 134020 for an SQLite file without Core Data's `Z_METADATA` table,
    ///   513 when the files may not be removed.
    static func destroyStore(at url: URL) throws {
        let path = url.path
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { return }
        guard !isDirectory.boolValue else {
            throw CoreDataError(
                code: .fileReadCorruptFile,
                message: "Will not delete \"\(path)\": it is a directory, not a Core Data store.")
        }
        let type = (try? manager.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
        guard type != .typeSymbolicLink else {
            // Reading the target would leave SQLite's files beside it; deleting the link would
            // leave the store itself. Either way not what "delete this store" means.
            throw CoreDataError(
                code: .fileReadCorruptFile,
                message: "Will not delete \"\(path)\": it is a symbolic link; give the store's own path.")
        }
        guard FileType.isRegular(atPath: path) else {
            throw CoreDataError(
                code: .fileReadCorruptFile,
                message: "Will not delete \"\(path)\": it is not a regular file (a device, a pipe or a socket).")
        }
        switch StoreFileCheck.content(ofFileAt: path) {
        case .empty:
            break  // What an interrupted creation leaves: nothing to check.
        case .unreadable:
            throw CoreDataError(
                code: .fileReadNoPermission, message: "Will not delete \"\(path)\": you may not read it.")
        case .other:
            throw CoreDataError(
                code: .fileReadCorruptFile,
                message: "Will not delete \"\(path)\": it is not an SQLite file, so not a Core Data store.")
        case .sqlite:
            try requireCoreDataTables(in: path)
        }
        let directory = (path as NSString).deletingLastPathComponent
        guard manager.isWritableFile(atPath: directory.isEmpty ? "." : directory) else {
            throw CoreDataError(
                code: .fileWriteNoPermission,
                message: "Cannot delete the store \"\(path)\": the directory \"\(directory)\" is read-only.")
        }
        for suffix in ["", "-wal", "-shm", "-journal"] where manager.fileExists(atPath: path + suffix) {
            do {
                try manager.removeItem(atPath: path + suffix)
            } catch {
                throw CoreDataError(
                    code: .fileWriteNoPermission,
                    message: "Cannot delete \"\(path + suffix)\": \(error.localizedDescription)",
                    underlyingError: error)
            }
        }
    }

    /// Opens the SQLite file at `path` read-only and makes sure it has Core Data's `Z_METADATA`
    /// table, so a database of another program is never deleted as if it were a store.
    private static func requireCoreDataTables(in path: String) throws {
        let hasMetadata: Bool
        do {
            let database = try Database(path: path, flags: .readOnly)
            defer { database.close() }
            hasMetadata =
                try database.scalar(
                    "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'Z_METADATA'") != nil
        } catch {
            throw storeError(error, path: path, doing: "read")
        }
        guard hasMetadata else {
            throw CoreDataError(
                code: .persistentStoreIncompatibleSchema,
                message: "Will not delete \"\(path)\": it is an SQLite database but not a Core Data store "
                    + "(it has no Z_METADATA table).")
        }
    }
}
