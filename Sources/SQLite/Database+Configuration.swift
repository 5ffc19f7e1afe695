import CSQLite

extension Database {
    /// A boolean connection option set with `sqlite3_db_config` (through the C shim, because
    /// Swift cannot call the variadic C function).
    public struct ConfigurationOption: RawRepresentable, Hashable, Sendable {
        /// The `SQLITE_DBCONFIG_*` code.
        public var rawValue: Int32

        /// Wraps an option code.
        public init(rawValue: Int32) {
            self.rawValue = rawValue
        }

        /// Defensive mode: no writes to the schema or pages that could corrupt the file.
        public static let defensive = ConfigurationOption(rawValue: SQLITE_DBCONFIG_DEFENSIVE)
        /// Whether functions and virtual tables in the schema are trusted (turn off for foreign files).
        public static let trustedSchema = ConfigurationOption(rawValue: SQLITE_DBCONFIG_TRUSTED_SCHEMA)
        /// Whether triggers run.
        public static let enableTriggers = ConfigurationOption(rawValue: SQLITE_DBCONFIG_ENABLE_TRIGGER)
        /// Whether views may be used.
        public static let enableViews = ConfigurationOption(rawValue: SQLITE_DBCONFIG_ENABLE_VIEW)
        /// Whether foreign keys are enforced.
        public static let enableForeignKeys = ConfigurationOption(rawValue: SQLITE_DBCONFIG_ENABLE_FKEY)
        /// Whether closing the last connection skips the checkpoint that moves the write-ahead log
        /// into the database file (on: the files stay exactly as they are, log included).
        public static let noCheckpointOnClose = ConfigurationOption(rawValue: SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE)
    }

    /// Turns a connection option on or off and returns its new state.
    @discardableResult
    public func configure(_ option: ConfigurationOption, enabled: Bool) throws -> Bool {
        var state: Int32 = 0
        try check(csqlite_db_config_int(try requireHandle(), option.rawValue, enabled ? 1 : 0, &state))
        return state != 0
    }

    /// Turns defensive mode on or off (`SQLITE_DBCONFIG_DEFENSIVE`), for opening foreign files.
    public func configure(defensive: Bool) throws {
        try configure(.defensive, enabled: defensive)
    }

    /// Sets a run-time limit and returns the previous value; negative `value` only reads it.
    @discardableResult
    public func setLimit(_ limit: Limit, to value: Int32) -> Int32 {
        guard let handle else { return -1 }
        return sqlite3_limit(handle, limit.rawValue, value)
    }

    /// The current value of a run-time limit.
    public func limit(_ limit: Limit) -> Int32 {
        setLimit(limit, to: -1)
    }
}
