import Foundation
import SQLite

/// Runs migration steps on a store file in place: one connection, one `BEGIN IMMEDIATE … COMMIT`
/// for every step of a version chain, each step planned on the schema the previous one left.
/// Until `COMMIT` nothing reaches the file or its write-ahead log as committed, and the log is not
/// checkpointed when a failed run closes the connection: a failure or a kill leaves the files as
/// they were.
struct MigrationRun {
    /// One step: a source model, a destination model and the mapping between them.
    struct Step {
        let source: ManagedObjectModel
        let destination: ManagedObjectModel
        let mapping: MappingModel
    }

    let path: String
    let log: SQLDebugLog
    let timeout: Double

    /// Runs `steps` on the store, which must have been made with the first step's source model.
    func run(_ steps: [Step]) throws(CoreDataError) {
        guard let first = steps.first else { return }
        let sharedMemoryExisted = FileManager.default.fileExists(atPath: path + "-shm")
        do {
            _ = try StoreFileCheck.examine(path: path, readOnly: false)
        } catch {
            throw SQLiteStore.storeError(error, path: path, doing: "migrate")
        }
        let database = try Self.open(path: path, readOnly: false, timeout: timeout)
        var committed = false
        defer {
            if !committed { _ = try? database.configure(.noCheckpointOnClose, enabled: true) }
            database.close()
            if !committed && !sharedMemoryExisted { try? FileManager.default.removeItem(atPath: path + "-shm") }
        }
        _ = try? database.configure(.noCheckpointOnClose, enabled: true)
        log.annotation("Migrating the store \"\(path)\" in \(steps.count) step(s)")
        var metadata = try Self.metadata(of: database, path: path, log: log)
        try Self.requireMatch(of: first.source, with: metadata, path: path)
        do {
            // Changed pages stay in memory until COMMIT: none reaches the write-ahead log before it.
            try database.execute("PRAGMA cache_spill = false")
            log.statement("BEGIN IMMEDIATE")
            try database.begin(.immediate)
        } catch {
            throw Self.failure(error, path: path)
        }
        do {
            for step in steps {
                let plan = try Self.plan(on: database, path: path, step: step, metadata: metadata)
                try register(plan.functions, on: database)
                for statement in plan.statements {
                    log.statement(statement.sql, bindings: statement.bindings)
                    try database.execute(statement.sql, statement.bindings)
                }
                try check(plan.checks, on: database)
                metadata = metadata.migrated(to: step.destination)
            }
            log.statement("COMMIT")
            try database.commit()
            committed = true
        } catch {
            try? database.rollback()
            throw Self.failure(error, path: path)
        }
        _ = try? database.configure(.noCheckpointOnClose, enabled: false)
    }

    /// Counts the objects each check finds without a value; any at all fails the migration.
    private func check(_ checks: [MigrationCheck], on database: Database) throws {
        var missing: [String] = []
        for check in checks {
            log.statement(check.sql)
            let count = try database.scalar(check.sql)?.int64Value ?? 0
            if count > 0 { missing.append("\(check.property) (\(count) object\(count == 1 ? "" : "s"))") }
        }
        guard missing.isEmpty else {
            throw MigrationPlanner.failure(
                "non-optional properties would be left without a value: " + missing.joined(separator: ", "))
        }
    }

    /// Registers the SQL functions of transform closures.
    private func register(_ functions: [MigrationFunction], on database: Database) throws {
        for function in functions {
            try database.createFunction(
                function.name, argumentCount: Int32(function.arguments.count), deterministic: false
            ) { values in
                var sourceValues: [String: Any] = [:]
                for (attribute, value) in zip(function.arguments, values) {
                    sourceValues[attribute.name] = MigrationValues.swiftValue(value, of: attribute.attributeType)
                }
                return try SQLiteValueConversion.sqliteValue(
                    try function.transform(sourceValues), for: function.attribute)
            }
        }
    }

    /// Plans one step on the schema the store has now.
    static func plan(on database: Database, path: String, step: Step, metadata: SQLiteStoreMetadata)
        throws(CoreDataError) -> MigrationPlan
    {
        let schema: SchemaSnapshot
        do {
            schema = try SchemaSnapshot(database: database)
        } catch {
            throw SQLiteStore.storeError(error, path: path, doing: "read the schema of")
        }
        var planner = MigrationPlanner(
            source: step.source, destination: step.destination, mapping: step.mapping, schema: schema,
            metadata: metadata)
        return try planner.makePlan()
    }

    /// A connection to the store, read-only or read-write (never creating a file).
    static func open(path: String, readOnly: Bool, timeout: Double) throws(CoreDataError) -> Database {
        do {
            let database = try Database(path: path, flags: readOnly ? .readOnly : .readWrite)
            try database.setBusyTimeout(milliseconds: SQLiteStore.Options(timeout: timeout).busyTimeoutMilliseconds)
            return database
        } catch {
            throw SQLiteStore.storeError(error, path: path, doing: "open")
        }
    }

    /// The store's metadata; the store must be a Core Data store.
    static func metadata(of database: Database, path: String, log: SQLDebugLog) throws(CoreDataError)
        -> SQLiteStoreMetadata
    {
        do {
            return try SQLiteStore.readMetadata(of: database, path: path, log: log).metadata
        } catch {
            throw SQLiteStore.storeError(error, path: path, doing: "read")
        }
    }

    /// Fails with 134130 unless the store was made with `model`.
    static func requireMatch(of model: ManagedObjectModel, with metadata: SQLiteStoreMetadata, path: String)
        throws(CoreDataError)
    {
        let differing = model.entitiesDiffering(fromVersionHashes: metadata.versionHashes)
        guard !differing.isEmpty else { return }
        throw CoreDataError(
            code: .migrationMissingSourceModel,
            message: "The store \"\(path)\" was not made with the migration's source model "
                + "(entities that differ: \(differing.joined(separator: ", "))).")
    }

    /// Copies the store at `source` to the new file `destination` (`VACUUM INTO`), reading it only.
    static func copy(from source: String, to destination: String, timeout: Double) throws(CoreDataError) {
        guard !FileManager.default.fileExists(atPath: destination) else {
            throw CoreDataError(
                code: .fileWriteFileExists, message: "Will not write \"\(destination)\": the file exists.")
        }
        let sharedMemoryExisted = FileManager.default.fileExists(atPath: source + "-shm")
        defer {
            if !sharedMemoryExisted { try? FileManager.default.removeItem(atPath: source + "-shm") }
        }
        let database = try open(path: source, readOnly: true, timeout: timeout)
        defer { database.close() }
        do {
            try database.execute("VACUUM INTO ?", [.text(destination)])
        } catch {
            StoreFileCheck.removeStoreFiles(at: destination, existingBefore: [])
            throw SQLiteStore.storeError(error, path: destination, doing: "write a copy of \"\(source)\" to")
        }
    }

    /// A failure during the transaction as 134110 (a ``CoreDataError`` keeps its code).
    static func failure(_ error: any Error, path: String) -> CoreDataError {
        if let error = error as? CoreDataError { return error }
        if let error = error as? SQLiteError, error.code == .busy || error.code == .locked {
            return CoreDataError(
                code: .migration,
                message: "The migration of \"\(path)\" failed: another connection holds the store's lock.",
                underlyingError: error)
        }
        return CoreDataError(
            code: .migration, message: "The migration of \"\(path)\" failed: \(error)", underlyingError: error)
    }
}
