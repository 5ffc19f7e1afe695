import CSQLite

/// A compiled SQL statement (`sqlite3_stmt`), bound, stepped and reset as often as needed.
///
/// ```swift
/// let statement = try database.prepare("SELECT Z_PK, ZNAME FROM ZMOVIE WHERE ZTHEATER = ?")
/// try statement.bind(Int64(1), at: 1)
/// while try statement.step() {
///     print(statement.int64(at: 0), statement.string(at: 1) ?? "nil")
/// }
/// ```
///
/// Parameter indexes are 1-based (SQLite's convention); column indexes are 0-based. A statement
/// keeps its ``Database`` alive and is finalized when released. Not thread-safe.
public final class Statement {
    /// The connection the statement belongs to.
    public let database: Database
    /// The SQL text it was compiled from.
    public let sql: String
    /// The C handle (usable from the inlinable column readers, so that reading a column in
    /// another module is one C call, not a call into this module first).
    @usableFromInline let pointer: OpaquePointer

    init(database: Database, pointer: OpaquePointer, sql: String) {
        self.database = database
        self.pointer = pointer
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(pointer)
    }

    /// Runs the statement one step: true when a row is available, false when it finished.
    ///
    /// - Throws: ``SQLiteError`` carrying the SQL; the statement must then be ``reset()``.
    @discardableResult
    public func step() throws -> Bool {
        let code = sqlite3_step(pointer)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SQLiteError(database: sqlite3_db_handle(pointer), code: code, sql: sql, path: database.path)
        }
    }

    /// Steps until the statement finishes, ignoring rows (for `INSERT`, `UPDATE`, `DELETE`).
    public func run() throws {
        while try step() {}
    }

    /// Rewinds the statement so it can run again; the bindings are kept.
    public func reset() {
        sqlite3_reset(pointer)
    }

    /// Sets every parameter back to NULL.
    public func clearBindings() {
        sqlite3_clear_bindings(pointer)
    }

    /// The number of `?` parameters.
    public var parameterCount: Int {
        Int(sqlite3_bind_parameter_count(pointer))
    }

    /// Whether the statement only reads (`sqlite3_stmt_readonly`).
    public var isReadOnly: Bool {
        sqlite3_stmt_readonly(pointer) != 0
    }

    /// The SQL with the current bindings substituted as literals (`sqlite3_expanded_sql`).
    public var expandedSQL: String {
        guard let expanded = sqlite3_expanded_sql(pointer) else { return sql }
        defer { sqlite3_free(expanded) }
        return String(cString: expanded)
    }
}
