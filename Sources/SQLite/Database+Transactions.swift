extension Database {
    /// The three ways SQLite begins a transaction.
    public enum TransactionKind: String, Sendable {
        /// Take locks when first needed (`BEGIN DEFERRED`).
        case deferred = "DEFERRED"
        /// Take the write lock now (`BEGIN IMMEDIATE`).
        case immediate = "IMMEDIATE"
        /// Take the write lock now and, outside WAL mode, block readers (`BEGIN EXCLUSIVE`).
        case exclusive = "EXCLUSIVE"
    }

    /// Starts a transaction (`BEGIN <kind>`).
    public func begin(_ kind: TransactionKind = .deferred) throws {
        try execute("BEGIN \(kind.rawValue)")
    }

    /// Commits the open transaction.
    public func commit() throws {
        try execute("COMMIT")
    }

    /// Rolls back the open transaction; does nothing when none is open (SQLite may already
    /// have rolled back after an error such as `SQLITE_FULL`).
    public func rollback() throws {
        guard !isAutocommit else { return }
        try execute("ROLLBACK")
    }

    /// Runs `body` inside a transaction: commits when it returns, rolls back when it throws.
    ///
    /// ```swift
    /// try database.transaction(.exclusive) {
    ///     try database.execute("UPDATE t SET x = x + 1")
    /// }
    /// ```
    public func transaction<T>(_ kind: TransactionKind = .deferred, _ body: () throws -> T) throws -> T {
        try begin(kind)
        do {
            let result = try body()
            try commit()
            return result
        } catch {
            try? rollback()
            throw error
        }
    }
}
