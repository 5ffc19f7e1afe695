import CSQLite

extension Database {
    /// How to open a database file (`SQLITE_OPEN_*`).
    ///
    /// Choose exactly one of ``readOnly`` or ``readWrite``; add ``create`` to make a missing file,
    /// and ``uri`` to interpret the path as a `file:` URI (`file:/tmp/x.sqlite?mode=ro&immutable=1`).
    public struct OpenFlags: OptionSet, Sendable {
        /// The `SQLITE_OPEN_*` bits.
        public var rawValue: Int32

        /// Wraps raw `SQLITE_OPEN_*` bits.
        public init(rawValue: Int32) {
            self.rawValue = rawValue
        }

        /// Open for reading only; writes fail with `SQLITE_READONLY`.
        public static let readOnly = OpenFlags(rawValue: SQLITE_OPEN_READONLY)
        /// Open for reading and writing (read-only if the file is write-protected).
        public static let readWrite = OpenFlags(rawValue: SQLITE_OPEN_READWRITE)
        /// Create the file when it does not exist (with ``readWrite`` only).
        public static let create = OpenFlags(rawValue: SQLITE_OPEN_CREATE)
        /// Interpret the path as a `file:` URI with query parameters.
        public static let uri = OpenFlags(rawValue: SQLITE_OPEN_URI)
        /// Refuse to follow a symbolic link as the database path (SQLite ≥ 3.31).
        public static let noFollow = OpenFlags(rawValue: 0x0100_0000)
        /// Serialized threading mode: SQLite guards the connection with its own mutex.
        public static let fullMutex = OpenFlags(rawValue: SQLITE_OPEN_FULLMUTEX)

        /// Read, write and create: what a new store needs.
        public static let readWriteCreate: OpenFlags = [.readWrite, .create]
    }
}
