import Foundation
import SQLite

/// A persistent store in Core Data's own SQLite layout: the file Apple's framework writes on an
/// iPhone, and a file Apple's framework can open again.
///
/// ```swift
/// let store = try SQLiteStore(url: URL(fileURLWithPath: "Theater.sqlite"), model: model)
/// store.identifier          // the store UUID, as in x-coredata://<UUID>/Movie/p1
/// ```
///
/// A new file gets the tables of ``SQLiteLayout`` (WAL journal, `auto_vacuum=2`, 4096-byte
/// pages), one `Z_PRIMARYKEY` row per entity and a `Z_METADATA` row. An existing file is read
/// the way Core Data reads it: `Z_METADATA` first, then the entity version hashes are compared
/// with the model's, entity by entity (134100 names the entities that changed). A file that is
/// not SQLite, or SQLite without Core Data's tables, is refused and never written to.
///
/// The coordinator drives the store through ``PersistentStore``; every statement it runs is
/// written to its ``SQLDebugLog`` in Apple's format.
///
/// Not thread-safe: the coordinator serialises access to its stores.
public final class SQLiteStore: PersistentStore {
    /// The store UUID (`Z_METADATA.Z_UUID`, `NSStoreUUID`).
    public let identifier: String
    /// Always ``PersistentStoreType/sqlite``.
    public let type: PersistentStoreType = .sqlite
    /// The store file.
    public let url: URL?
    /// The `Z_METADATA` property list, with `NSStoreUUID` filled in from `Z_UUID`.
    public private(set) var metadata: [String: Any]
    /// The model the store was opened with.
    public let model: ManagedObjectModel
    /// Where every entity lives in the file.
    public let layout: SQLiteLayout
    /// Whether the store refuses writes.
    public let isReadOnly: Bool

    /// The connection; the store's own and used by nothing else.
    let database: Database
    /// Where the SQL trace goes.
    let log: SQLDebugLog
    // Confined to the context's queue, the properties marked `@exclusivity(unchecked)` skip Swift's
    // run-time exclusivity check: they are read and written for every value of every object.
    /// Compiled statements by SQL text, reused across calls (inserts run once per object).
    @exclusivity(unchecked) var statementCache: [String: Statement] = [:]
    /// How to read each entity's rows, by entity name and whether sub-entities are included.
    @exclusivity(unchecked) var readPlans: [ReadPlan.Key: ReadPlan] = [:]
    /// How to write each entity's rows, by entity name.
    @exclusivity(unchecked) var writePlans: [String: WritePlan] = [:]
    /// Each entity's compiled `INSERT`, by entity name.
    @exclusivity(unchecked) var insertStatements: [String: Statement] = [:]
    /// What the previous insert used (see `insertTarget(for:layout:)`).
    @exclusivity(unchecked) var lastInsertTarget: InsertTarget?
    /// What the IDs of each entity's rows share (see `ManagedObjectID.Family`), by entity; the
    /// model, and so each entity, lives as long as the store.
    @exclusivity(unchecked) var idFamilies: [ObjectIdentifier: ManagedObjectID.Family] = [:]

    /// Opens the store at `url`, creating it when the file does not exist (or is empty).
    ///
    /// - Throws: ``CoreDataError``: 260 for a path in a missing directory, 259 for a file that
    ///   is not SQLite, 134020 for SQLite without Core Data's tables, 513 for a read-only file
    ///   opened for writing, 134100 when the model's entity hashes differ from the store's (unless
    ///   ``Options/ignoresVersionHashes``, or ``Options/migratesAutomatically`` and the migration
    ///   succeeds; a failed one throws 134130, 134140 or 134110), 640
    ///   when the disk is full, 134180 for other SQLite failures.
    public init(url: URL, model: ManagedObjectModel, options: Options = Options()) throws {
        let path = url.path
        self.url = url
        self.model = model
        self.isReadOnly = options.isReadOnly
        self.log = options.log

        // Two processes creating the same store once both saw "new", and the one that lost the race
        // for SQLite's write lock removed the files it took for its own: the winner's store (two
        // `theater --store S` at once often left no S at all); one that came a moment later found a
        // half-made store, refused it and removed the write-ahead index the other was using.
        // Opening for writing is serialised per folder, so whoever comes second finds the store
        // made and opens it.
        let creation = options.isReadOnly ? nil : StoreFileCheck.CreationLock(storePath: path)
        defer { creation?.release() }
        let state = try StoreFileCheck.examine(path: path, readOnly: options.isReadOnly)
        let existingBefore = StoreFileCheck.existingFiles(at: path)
        // An existing store is read and checked on a read-only connection first: a store that is
        // refused (not Core Data's, another model's) is left exactly as it was, which a read-write
        // connection would not do (closing, it moves the write-ahead log into the file).
        let checked =
            state == .existing && !options.isReadOnly
            ? try Self.checkedOrMigratedMetadata(ofStoreAt: path, model: model, options: options) : nil
        let database: Database
        do {
            let flags: Database.OpenFlags =
                options.isReadOnly ? .readOnly : (state == .new ? .readWriteCreate : .readWrite)
            database = try Database(path: path, flags: flags)
            // Without a busy timeout a writer meeting another's lock fails at once; Core Data waits.
            try database.setBusyTimeout(milliseconds: options.busyTimeoutMilliseconds)
            try registerPredicateFunctions(on: database)
            try Self.registerCollations(on: database)
            if let pages = options.maximumPageCount {
                try database.execute("PRAGMA max_page_count = \(pages)")
            }
        } catch let error as SQLiteError {
            throw Self.storeError(error, path: path, doing: "open")
        }
        self.database = database
        if checked == nil { log.annotation("Connecting to sqlite database file at \"\(path)\"") }

        switch state {
        case .new:
            layout = SQLiteLayout(model: model)
            let uuid = UUID().uuidString
            var newMetadata = SQLiteStoreMetadata(newStoreFor: model, uuid: uuid, userMetadata: options.metadata)
            do {
                try Self.createSchema(in: database, layout: layout, metadata: newMetadata, log: log)
                try Self.insertModelCache(for: model, into: database)
            } catch {
                database.close()
                StoreFileCheck.removeStoreFiles(at: path, existingBefore: existingBefore)
                throw Self.storeError(error, path: path, doing: "create")
            }
            newMetadata.dictionary["NSStoreUUID"] = uuid
            identifier = uuid
            metadata = newMetadata.dictionary
        case .existing:
            let opened = try checked ?? Self.checkedMetadata(of: database, path: path, model: model, options: options)
            // The store's own entity numbers: a migration that renamed an entity keeps its number.
            layout = SQLiteLayout(model: model, storedEntityNumbers: opened.entityNumbers)
            if !options.isReadOnly {
                do {
                    for pragma in ["pragma recursive_triggers=1", "pragma journal_mode=wal"] {
                        log.statement(pragma)
                        try database.execute(pragma)
                    }
                } catch {
                    throw Self.storeError(error, path: path, doing: "open")
                }
            }
            identifier = opened.uuid
            metadata = opened.metadata.dictionary
        }
    }

    deinit {
        statementCache.removeAll()
        insertStatements.removeAll()
        database.close()
    }

    /// Closes the connection; the store cannot be used afterwards.
    public func close() {
        statementCache.removeAll()
        insertStatements.removeAll()
        database.close()
    }
}

extension SQLiteStore {
    /// Reads the metadata of the existing store at `path` on a read-only connection of its own
    /// and checks it against `model`, as opening does. A refused store keeps its file and its
    /// write-ahead log as they were (only SQLite's shared-memory index, a cache, may be rebuilt).
    ///
    /// - Throws: ``CoreDataError`` when the file cannot be read, is not a Core Data store, or was
    ///   made with another model (134100).
    static func checkedMetadata(ofStoreAt path: String, model: ManagedObjectModel, options: Options) throws
        -> OpenedMetadata
    {
        let shmExisted = FileManager.default.fileExists(atPath: path + "-shm")
        let reader: Database
        do {
            reader = try Database(path: path, flags: .readOnly)
            try reader.setBusyTimeout(milliseconds: options.busyTimeoutMilliseconds)
        } catch {
            throw storeError(error, path: path, doing: "open")
        }
        options.log.annotation("Connecting to sqlite database file at \"\(path)\"")
        do {
            defer { reader.close() }
            return try checkedMetadata(of: reader, path: path, model: model, options: options)
        } catch {
            // A reader of a store in WAL mode makes the log's shared-memory index if it is
            // missing; a refused store does not keep one it did not have.
            if !shmExisted { try? FileManager.default.removeItem(atPath: path + "-shm") }
            throw error
        }
    }

    /// Reads the metadata on `database` and checks it against `model` (unless the options say
    /// to ignore version hashes).
    private static func checkedMetadata(
        of database: Database, path: String, model: ManagedObjectModel, options: Options
    ) throws -> OpenedMetadata {
        let opened = try readMetadata(of: database, path: path, log: options.log)
        if !options.ignoresVersionHashes { try checkCompatibility(of: model, with: opened.metadata, path: path) }
        return opened
    }
}
