import CSQLite

extension Database {
    /// Runs one or more SQL statements separated by semicolons, ignoring any rows.
    ///
    /// Use ``prepare(_:)`` for statements with parameters; this one is for DDL and pragmas.
    public func execute(_ sql: String) throws {
        let handle = try requireHandle(sql: sql)
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard code == SQLITE_OK else {
            var error = SQLiteError(database: handle, code: code, sql: sql, path: path)
            if let message { error.message = String(cString: message) }
            throw error
        }
    }

    /// Runs one statement with `bindings` (1-based, in order), ignoring any rows.
    public func execute(_ sql: String, _ bindings: [SQLiteValue]) throws {
        let statement = try prepare(sql)
        try statement.bind(bindings)
        try statement.run()
    }

    /// Compiles one SQL statement. Only the first statement of `sql` is compiled.
    ///
    /// - Throws: ``SQLiteError`` carrying `sql`, for a syntax error or an unknown table.
    public func prepare(_ sql: String) throws -> Statement {
        let handle = try requireHandle(sql: sql)
        var pointer: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &pointer, nil)
        guard code == SQLITE_OK, let pointer else {
            sqlite3_finalize(pointer)
            if code == SQLITE_OK {
                throw SQLiteError(code: .misuse, message: "the SQL text holds no statement", sql: sql, path: path)
            }
            throw SQLiteError(database: handle, code: code, sql: sql, path: path)
        }
        return Statement(database: self, pointer: pointer, sql: sql)
    }

    /// Runs a query and returns every row as a ``Row``.
    public func rows(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> [Row] {
        let statement = try prepare(sql)
        try statement.bind(bindings)
        var rows: [Row] = []
        while try statement.step() {
            rows.append(statement.row)
        }
        return rows
    }

    /// Runs a query and returns the first column of the first row, or nil when there is no row.
    public func scalar(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> SQLiteValue? {
        let statement = try prepare(sql)
        try statement.bind(bindings)
        return try statement.step() ? statement.value(at: 0) : nil
    }
}
