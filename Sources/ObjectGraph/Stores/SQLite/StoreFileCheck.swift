import Foundation

/// What a path holds before SQLite is allowed near it, so a foreign file is never written to.
enum StoreFileCheck {
    /// The two cases the store handles.
    enum State: Equatable {
        /// No file, or an empty one: a new store is created.
        case new
        /// An SQLite file (whose Core Data tables are checked next).
        case existing
    }

    /// The first 16 bytes of every SQLite 3 database file.
    static let sqliteHeader = Data("SQLite format 3\u{0}".utf8)

    /// Checks the directory, the file type, the header and the permissions.
    static func examine(path: String, readOnly: Bool) throws -> State {
        let manager = FileManager.default
        let directory = (path as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: directory.isEmpty ? "." : directory, isDirectory: &isDirectory),
            isDirectory.boolValue
        else {
            throw CoreDataError(
                code: .fileReadNoSuchFile,
                message: "Cannot open the store \"\(path)\": the directory \"\(directory)\" does not exist.")
        }
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
            if readOnly {
                throw CoreDataError(
                    code: .fileReadNoSuchFile,
                    message: "Cannot open the store \"\(path)\" read-only: the file does not exist.")
            }
            try requireWritable(directory: directory, path: path)
            return .new
        }
        if isDirectory.boolValue {
            throw CoreDataError(
                code: .fileReadCorruptFile,
                message: "Cannot open the store \"\(path)\": it is a directory, not an SQLite file.")
        }
        // A device or a pipe is never a store, and a failed creation must not remove it.
        guard FileType.isRegular(atPath: path) else {
            throw CoreDataError(
                code: .fileReadCorruptFile,
                message: "Cannot open the store \"\(path)\": it is not a regular file "
                    + "(a device, a pipe or a socket).")
        }
        let content = content(ofFileAt: path)
        switch content {
        case .unreadable:
            throw CoreDataError(
                code: .fileReadNoPermission, message: "Cannot open the store \"\(path)\": you may not read the file.")
        case .other:
            throw CoreDataError(
                code: .fileReadCorruptFile,
                message: "Cannot open the store \"\(path)\": not an SQLite file (encrypted?).")
        case .empty, .sqlite:
            break
        }
        if !readOnly {
            // A file without any write permission bit counts as read-only even for root, who
            // could write it anyway: the owner marked it so on purpose.
            let permissions = (try? manager.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue
            let marked = permissions.map { $0 & 0o222 == 0 } ?? false
            guard manager.isWritableFile(atPath: path), !marked else {
                throw CoreDataError(
                    code: .fileWriteNoPermission,
                    message: "Cannot open the store \"\(path)\" for writing: the file is read-only "
                        + "(open it with SQLiteStore.Options(isReadOnly: true) to read it).")
            }
            // WAL mode keeps -wal and -shm files beside the store.
            try requireWritable(directory: directory, path: path)
        }
        return content == .sqlite ? .existing : .new
    }

    /// What a file holds, judged by its size and its first 16 bytes.
    enum Content: Equatable {
        /// Nothing: what an interrupted creation leaves, or a file made to be a new store.
        case empty
        /// An SQLite 3 database (whose tables are another matter).
        case sqlite
        /// Something else.
        case other
        /// It may not be read.
        case unreadable
    }

    /// What the regular file at `path` holds.
    static func content(ofFileAt path: String) -> Content {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        guard size > 0 else { return .empty }
        guard let handle = FileHandle(forReadingAtPath: path) else { return .unreadable }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: sqliteHeader.count)) == sqliteHeader ? .sqlite : .other
    }

    private static func requireWritable(directory: String, path: String) throws {
        guard FileManager.default.isWritableFile(atPath: directory.isEmpty ? "." : directory) else {
            throw CoreDataError(
                code: .fileWriteNoPermission,
                message: "Cannot write the store \"\(path)\": the directory \"\(directory)\" is read-only.")
        }
    }

    /// An exclusive `flock` on the folder of a store being opened for writing, held until the store's
    /// schema is written (or its files removed again), so no other process creates or checks the
    /// same store meanwhile.
    ///
    /// The folder is locked rather than the store file because closing any descriptor of the store
    /// file would drop the POSIX locks SQLite holds on it. A folder that cannot be opened is not
    /// locked: SQLite's open then reports the problem as before.
    struct CreationLock {
        private let descriptor: Int32

        /// Waits for the lock on the folder holding `storePath`; nil when the folder cannot be opened.
        init?(storePath: String) {
            let folder = (storePath as NSString).deletingLastPathComponent
            let descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    close(descriptor)
                    return nil
                }
            }
            self.descriptor = descriptor
        }

        /// Lets the next process create or open the store.
        func release() {
            flock(descriptor, LOCK_UN)
            close(descriptor)
        }
    }

    /// The store file and the files SQLite keeps beside it.
    static let suffixes = ["", "-wal", "-shm", "-journal"]

    /// Which of the store's files exist at `path` now, as suffixes (see ``suffixes``).
    static func existingFiles(at path: String) -> Set<String> {
        Set(suffixes.filter { FileManager.default.fileExists(atPath: path + $0) })
    }

    /// Undoes a store this process began to create and could not finish: the files it made are
    /// removed, and a store file that was there already (empty) is emptied again, never removed.
    static func removeStoreFiles(at path: String, existingBefore: Set<String>) {
        for suffix in suffixes where !existingBefore.contains(suffix) {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
        if existingBefore.contains(""), let handle = FileHandle(forWritingAtPath: path) {
            try? handle.truncate(atOffset: 0)
            try? handle.close()
        }
    }
}
