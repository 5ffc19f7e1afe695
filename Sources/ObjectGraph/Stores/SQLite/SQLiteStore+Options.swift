extension SQLiteStore {
    /// How to open a store.
    public struct Options: @unchecked Sendable {
        /// Open without writing anything; saving fails with 513.
        public var isReadOnly: Bool
        /// Keys added to a new store's metadata (ignored for an existing store).
        public var metadata: [String: Any]
        /// Where the SQL trace goes (`SQLDebugLog.shared` follows `-com.apple.CoreData.SQLDebug`).
        public var log: SQLDebugLog
        /// Caps the file at this many pages (`PRAGMA max_page_count`), so a "disk full" can be
        /// produced on purpose (in a test, or to bound a store's size); nil for no cap.
        public var maximumPageCount: Int?
        /// Open the store even when the model's entity version hashes differ from the store's
        /// (Core Data's `NSIgnorePersistentStoreVersioningOption`): the caller vouches that the
        /// model describes the tables, as the inspector does for a model it inferred from them.
        public var ignoresVersionHashes: Bool
        /// How long, in seconds, a save or key allocation waits for another connection's lock (another
        /// process saving, or `BEGIN IMMEDIATE` in the `sqlite3` shell) before failing with 134090
        /// (Core Data's `NSPersistentStoreTimeoutOption`, whose documentation names no default).
        public var timeout: Double
        /// Migrate a store made with another model to the store's model when it is opened (Core
        /// Data's `NSMigratePersistentStoresAutomaticallyOption`; off unless asked for, as with a
        /// coordinator, and on in ``PersistentContainer``).
        public var migratesAutomatically: Bool
        /// Infer the mapping of an automatic migration (`NSInferMappingModelAutomaticallyOption`):
        /// without it there is no mapping to migrate with, and opening fails with 134140.
        public var infersMappingModel: Bool
        /// The models a store may have been made with, oldest first: the other versions of the
        /// `.xcdatamodeld` (``ManagedObjectModel/versions(ofModelAt:)``). Migration starts from the
        /// one whose version hashes are the store's, and goes step by step along the list when no
        /// mapping from it to the store's model can be inferred directly.
        public var sourceModels: [ManagedObjectModel]

        /// The wait for a lock unless told otherwise: long enough that a second terminal in a lecture
        /// demo simply waits for the first one's save, short enough that a stuck lock is reported.
        public static let defaultTimeout: Double = 30

        /// Options for a read-write store with the shared log.
        public init(
            isReadOnly: Bool = false, metadata: [String: Any] = [:], log: SQLDebugLog = .shared,
            maximumPageCount: Int? = nil, ignoresVersionHashes: Bool = false, timeout: Double = defaultTimeout,
            migratesAutomatically: Bool = false, infersMappingModel: Bool = false,
            sourceModels: [ManagedObjectModel] = []
        ) {
            self.migratesAutomatically = migratesAutomatically
            self.infersMappingModel = infersMappingModel
            self.sourceModels = sourceModels
            self.timeout = timeout
            self.isReadOnly = isReadOnly
            self.metadata = metadata
            self.log = log
            self.maximumPageCount = maximumPageCount
            self.ignoresVersionHashes = ignoresVersionHashes
        }
    }
}

extension SQLiteStore.Options {
    /// `true` opens the store read-only (Core Data's `NSReadOnlyPersistentStoreOption`).
    public static let readOnlyKey = "NSReadOnlyPersistentStoreOption"
    /// A `[String: Any]` of keys for a new store's metadata.
    public static let metadataKey = "SQLiteStoreMetadata"
    /// An ``SQLDebugLog`` to trace to instead of `SQLDebugLog.shared`.
    public static let debugLogKey = "SQLDebugLog"
    /// An `Int` page cap (`PRAGMA max_page_count`).
    public static let maximumPageCountKey = "SQLiteMaximumPageCount"
    /// `true` skips the comparison of entity version hashes (Core Data's key of the same name).
    public static let ignoreVersioningKey = "NSIgnorePersistentStoreVersioningOption"
    /// Seconds to wait for another connection's lock, a number (Core Data's key of the same name).
    public static let timeoutKey = "NSPersistentStoreTimeoutOption"
    /// `true` migrates a store made with an earlier model when it is opened (Core Data's key).
    public static let migrateAutomaticallyKey = "NSMigratePersistentStoresAutomaticallyOption"
    /// `true` infers the mapping model of that migration (Core Data's key).
    public static let inferMappingModelKey = "NSInferMappingModelAutomaticallyOption"
    /// A `[ManagedObjectModel]`: the models a store may have been made with, oldest first (Core Data
    /// finds them in the app's bundles).
    public static let sourceModelsKey = "ObjectGraphSourceModels"

    /// Reads the options dictionary a coordinator is given (`addPersistentStore(…options:)`);
    /// unknown keys are ignored, as Core Data ignores them.
    public init(_ dictionary: [String: Any]) {
        self.init(
            isReadOnly: (dictionary[Self.readOnlyKey] as? Bool) ?? false,
            metadata: (dictionary[Self.metadataKey] as? [String: Any]) ?? [:],
            log: (dictionary[Self.debugLogKey] as? SQLDebugLog) ?? .shared,
            maximumPageCount: dictionary[Self.maximumPageCountKey] as? Int,
            ignoresVersionHashes: (dictionary[Self.ignoreVersioningKey] as? Bool) ?? false,
            timeout: Self.seconds(dictionary[Self.timeoutKey]) ?? SQLiteStore.Options.defaultTimeout,
            migratesAutomatically: (dictionary[Self.migrateAutomaticallyKey] as? Bool) ?? false,
            infersMappingModel: (dictionary[Self.inferMappingModelKey] as? Bool) ?? false,
            sourceModels: (dictionary[Self.sourceModelsKey] as? [ManagedObjectModel]) ?? [])
    }

    /// A timeout given as any number type (Core Data takes an `NSNumber`); nil for anything else.
    private static func seconds(_ value: Any?) -> Double? {
        switch value {
        case let seconds as Double: seconds
        case let seconds as Int: Double(seconds)
        case let seconds as Float: Double(seconds)
        default: nil
        }
    }

    /// The timeout as SQLite's busy timeout, in milliseconds (a negative one is no wait).
    var busyTimeoutMilliseconds: Int32 {
        guard timeout.isFinite else { return timeout > 0 ? Int32.max : 0 }
        return Int32(clamping: Int64(max(0, min(timeout, 1e9)) * 1000))
    }
}
