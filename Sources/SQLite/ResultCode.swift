import CSQLite

/// An SQLite result code, primary (`SQLITE_FULL`) or extended (`SQLITE_READONLY_DBMOVED`).
///
/// The named constants are the codes a program reacts to; any other code is still representable.
public struct ResultCode: RawRepresentable, Hashable, Sendable {
    /// The numeric code as SQLite returns it.
    public var rawValue: Int32

    /// Wraps a numeric code.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The primary code: the low byte of an extended code.
    public var primary: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

    /// `SQLITE_OK`.
    public static let ok = ResultCode(rawValue: SQLITE_OK)
    /// `SQLITE_ERROR`: a generic error, typically bad SQL.
    public static let error = ResultCode(rawValue: SQLITE_ERROR)
    /// `SQLITE_INTERNAL`.
    public static let internalError = ResultCode(rawValue: SQLITE_INTERNAL)
    /// `SQLITE_PERM`.
    public static let permission = ResultCode(rawValue: SQLITE_PERM)
    /// `SQLITE_ABORT`: an operation was aborted (for example by a callback).
    public static let abort = ResultCode(rawValue: SQLITE_ABORT)
    /// `SQLITE_BUSY`: another connection holds a lock.
    public static let busy = ResultCode(rawValue: SQLITE_BUSY)
    /// `SQLITE_LOCKED`.
    public static let locked = ResultCode(rawValue: SQLITE_LOCKED)
    /// `SQLITE_NOMEM`.
    public static let noMemory = ResultCode(rawValue: SQLITE_NOMEM)
    /// `SQLITE_READONLY`: a write to a read-only database.
    public static let readOnly = ResultCode(rawValue: SQLITE_READONLY)
    /// `SQLITE_INTERRUPT`: ``Database/interrupt()`` or a progress handler stopped the statement.
    public static let interrupt = ResultCode(rawValue: SQLITE_INTERRUPT)
    /// `SQLITE_IOERR`.
    public static let ioError = ResultCode(rawValue: SQLITE_IOERR)
    /// `SQLITE_CORRUPT`: the database disk image is malformed.
    public static let corrupt = ResultCode(rawValue: SQLITE_CORRUPT)
    /// `SQLITE_FULL`: the disk (or the page limit) is full.
    public static let full = ResultCode(rawValue: SQLITE_FULL)
    /// `SQLITE_CANTOPEN`: the file cannot be opened.
    public static let cannotOpen = ResultCode(rawValue: SQLITE_CANTOPEN)
    /// `SQLITE_PROTOCOL`.
    public static let lockProtocol = ResultCode(rawValue: SQLITE_PROTOCOL)
    /// `SQLITE_SCHEMA`.
    public static let schemaChanged = ResultCode(rawValue: SQLITE_SCHEMA)
    /// `SQLITE_TOOBIG`: a string or blob exceeds the length limit.
    public static let tooBig = ResultCode(rawValue: SQLITE_TOOBIG)
    /// `SQLITE_CONSTRAINT`.
    public static let constraint = ResultCode(rawValue: SQLITE_CONSTRAINT)
    /// `SQLITE_MISMATCH`.
    public static let mismatch = ResultCode(rawValue: SQLITE_MISMATCH)
    /// `SQLITE_MISUSE`.
    public static let misuse = ResultCode(rawValue: SQLITE_MISUSE)
    /// `SQLITE_AUTH`: the authorizer denied the statement.
    public static let authorization = ResultCode(rawValue: SQLITE_AUTH)
    /// `SQLITE_RANGE`: a bind index out of range.
    public static let range = ResultCode(rawValue: SQLITE_RANGE)
    /// `SQLITE_NOTADB`: the file is not an SQLite database.
    public static let notADatabase = ResultCode(rawValue: SQLITE_NOTADB)
    /// `SQLITE_ROW`: `sqlite3_step` produced a row.
    public static let row = ResultCode(rawValue: SQLITE_ROW)
    /// `SQLITE_DONE`: `sqlite3_step` finished.
    public static let done = ResultCode(rawValue: SQLITE_DONE)
}

extension ResultCode: CustomStringConvertible {
    /// SQLite's own short English text for the code (`sqlite3_errstr`).
    public var description: String {
        String(cString: sqlite3_errstr(rawValue))
    }
}
