import CSQLite

/// An error reported by SQLite, with the statement that caused it and an explanation for people.
///
/// ```swift
/// do { try database.execute("SELECT * FROM sqlite_master") }
/// catch let error as SQLiteError where error.code == .notADatabase {
///     print(error.explanation)   // "not an SQLite file (encrypted?)"
/// }
/// ```
public struct SQLiteError: Error, Sendable, Equatable {
    /// The extended result code (for example `SQLITE_READONLY_DBMOVED`); equal to ``code`` when
    /// SQLite gave no extended detail.
    public var extendedCode: ResultCode
    /// SQLite's own message (`sqlite3_errmsg`), for example "file is not a database".
    public var message: String
    /// The SQL being prepared or run, when there was one.
    public var sql: String?
    /// The file involved, when the error came from opening a database.
    public var path: String?

    /// The primary result code (`SQLITE_FULL`, `SQLITE_NOTADB`, …).
    public var code: ResultCode { extendedCode.primary }

    /// Creates an error; most code receives these from the wrapper rather than making them.
    public init(code: ResultCode, message: String? = nil, sql: String? = nil, path: String? = nil) {
        self.extendedCode = code
        self.message = message ?? code.description
        self.sql = sql
        self.path = path
    }

    /// Reads the error state of a connection after a failed call.
    init(database handle: OpaquePointer?, code fallback: Int32, sql: String? = nil, path: String? = nil) {
        if let handle {
            let extended = sqlite3_extended_errcode(handle)
            // The connection's error state can be stale when the failing call did not set it.
            let code = (extended & 0xFF) == (fallback & 0xFF) ? extended : fallback
            self.init(
                code: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(handle)),
                sql: sql, path: path)
        } else {
            self.init(code: ResultCode(rawValue: fallback), sql: sql, path: path)
        }
    }
}
