import CSQLite
import Foundation

/// One connection to an SQLite database file.
///
/// ```swift
/// let database = try Database(path: "/tmp/Theater.sqlite", flags: .readWriteCreate)
/// try database.execute("CREATE TABLE t (x INTEGER)")
/// let statement = try database.prepare("INSERT INTO t (x) VALUES (?)")
/// try statement.bind(Int64(42), at: 1)
/// try statement.run()
/// ```
///
/// Thread safety: the connection is opened in SQLite's serialized mode, so SQLite itself guards
/// every C call with the connection's mutex, and the Swift callbacks (trace, progress,
/// authorizer) are swapped while holding that same mutex. It is therefore safe to hand a
/// `Database` to another thread, and ``interrupt()`` may be called from any thread while a
/// statement runs. A ``Statement`` and the order of statements inside a transaction are not
/// thread-safe: use one connection from one thread (or one serial queue) at a time.
public final class Database: @unchecked Sendable {
    /// The path or URI the connection was opened with.
    public let path: String

    /// The C handle; nil once ``close()`` has run.
    private(set) var handle: OpaquePointer?

    /// Swift closures SQLite calls back into; retained here while SQLite holds their pointers.
    var callbacks = CallbackStorage()

    /// Orders ``interrupt()``, which may come from any thread, with ``close()``. The connection's
    /// own mutex cannot: a running statement holds it, and interrupting must not wait for the
    /// statement. Without it, `interrupt()` could read `handle` while `close()` cleared it and
    /// pass `sqlite3_interrupt` a connection `sqlite3_close_v2` had already freed.
    private let interruptLock = NSLock()

    /// Opens (or creates) a database.
    ///
    /// SQLite opens files lazily: a file that is not a database is only reported by the first
    /// statement that reads it (``ResultCode/notADatabase``). Extended result codes are enabled.
    ///
    /// - Parameters:
    ///   - path: a file path, `":memory:"`, or a `file:` URI when `flags` contains ``OpenFlags/uri``.
    ///   - flags: read-only, read-write, create, URI; serialized mode is always added.
    /// - Throws: ``SQLiteError`` naming the path, e.g. ``ResultCode/cannotOpen`` for a missing
    ///   directory.
    public init(path: String, flags: OpenFlags = .readWriteCreate) throws {
        self.path = path
        var connection: OpaquePointer?
        let code = sqlite3_open_v2(path, &connection, flags.union(.fullMutex).rawValue, nil)
        guard code == SQLITE_OK, let connection else {
            let error = SQLiteError(database: connection, code: code, path: path)
            sqlite3_close_v2(connection)
            throw error
        }
        sqlite3_extended_result_codes(connection, 1)
        handle = connection
    }

    /// Opens a private, temporary in-memory database.
    public static func inMemory() throws -> Database {
        try Database(path: ":memory:")
    }

    deinit {
        close()
    }

    /// Whether ``close()`` has run.
    public var isClosed: Bool { handle == nil }

    /// Closes the connection; later calls fail with `SQLITE_MISUSE`. Calling it twice is harmless.
    ///
    /// Statements still alive keep SQLite's connection object as a zombie until they are released
    /// (`sqlite3_close_v2`); they can no longer be run usefully.
    public func close() {
        guard let connection = handle else { return }
        withConnectionMutex {
            sqlite3_trace_v2(connection, 0, nil, nil)
            sqlite3_progress_handler(connection, 0, nil, nil)
            sqlite3_set_authorizer(connection, nil, nil)
            callbacks = CallbackStorage()
            interruptLock.withLock { handle = nil }
        }
        // An interrupt that saw the handle has returned by now; later ones see nil.
        sqlite3_close_v2(connection)
    }

    /// The handle for a call, or the misuse error a closed connection gives.
    func requireHandle(sql: String? = nil) throws -> OpaquePointer {
        guard let handle else {
            throw SQLiteError(code: .misuse, message: "the database connection is closed", sql: sql, path: path)
        }
        return handle
    }

    /// Turns a C result code into a thrown ``SQLiteError`` unless it is `SQLITE_OK`.
    func check(_ code: Int32, sql: String? = nil) throws {
        guard code != SQLITE_OK else { return }
        throw SQLiteError(database: handle, code: code, sql: sql, path: path)
    }

    /// Runs `body` holding the connection's own mutex, so no statement runs meanwhile.
    func withConnectionMutex<T>(_ body: () throws -> T) rethrows -> T {
        let mutex = handle.flatMap { sqlite3_db_mutex($0) }
        sqlite3_mutex_enter(mutex)
        defer { sqlite3_mutex_leave(mutex) }
        return try body()
    }

    // MARK: - State

    /// The rowid of the most recent successful `INSERT` on this connection.
    public var lastInsertRowID: Int64 {
        handle.map { sqlite3_last_insert_rowid($0) } ?? 0
    }

    /// Rows changed by the most recent `INSERT`, `UPDATE` or `DELETE`.
    public var changes: Int {
        handle.map { Int(sqlite3_changes($0)) } ?? 0
    }

    /// Rows changed since the connection opened.
    public var totalChanges: Int {
        handle.map { Int(sqlite3_total_changes($0)) } ?? 0
    }

    /// Whether no transaction is open (SQLite's autocommit mode).
    public var isAutocommit: Bool {
        handle.map { sqlite3_get_autocommit($0) != 0 } ?? true
    }

    /// Asks the running statement to stop as soon as possible; it fails with
    /// ``ResultCode/interrupt``. Safe to call from any thread.
    public func interrupt() {
        interruptLock.withLock {
            if let handle { sqlite3_interrupt(handle) }
        }
    }

    /// Waits up to `milliseconds` for another connection's lock before failing with
    /// ``ResultCode/busy``; zero turns waiting off.
    public func setBusyTimeout(milliseconds: Int32) throws {
        try check(sqlite3_busy_timeout(try requireHandle(), milliseconds))
    }

    /// The version of the SQLite library in use, for example `"3.40.1"`.
    public static var libraryVersion: String {
        String(cString: sqlite3_libversion())
    }
}
