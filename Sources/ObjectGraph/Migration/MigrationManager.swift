import Foundation
import SQLite

/// Migrates a SQLite store from one model to another, in place, in one SQLite transaction, as
/// Core Data's SQLite store does for a lightweight migration. Core Data's `NSMigrationManager`.
///
/// ```swift
/// let manager = MigrationManager(sourceModel: version1, destinationModel: version2)
/// try manager.migrateStore(at: storeURL)                         // inferred mapping
/// try manager.migrateStore(from: storeURL, to: copyURL)          // the original is not touched
/// print(try manager.plan(forStoreAt: storeURL).lines.joined(separator: "\n"))   // a dry run
/// ```
///
/// A migration that fails (no mapping, a non-optional property left empty, an SQLite error, the
/// process killed) leaves the store exactly as it was, its write-ahead log included: nothing is
/// committed until the last statement ran, and the log is not checkpointed on the way out.
public final class MigrationManager: @unchecked Sendable {
    /// The model the store was made with.
    public let sourceModel: ManagedObjectModel
    /// The model the store is migrated to.
    public let destinationModel: ManagedObjectModel
    /// Where the migration's statements are traced.
    public var log: SQLDebugLog
    /// Seconds to wait for another connection's lock before failing.
    public var timeout: Double

    /// A manager for one source and destination model.
    public init(
        sourceModel: ManagedObjectModel, destinationModel: ManagedObjectModel, log: SQLDebugLog = .shared,
        timeout: Double = SQLiteStore.Options.defaultTimeout
    ) {
        self.sourceModel = sourceModel
        self.destinationModel = destinationModel
        self.log = log
        self.timeout = timeout
    }

    /// The plan of migrating the store at `url`, worked out without writing anything.
    ///
    /// - Throws: ``CoreDataError``: 134140 when no mapping is given and none can be inferred,
    ///   134130 when the store was not made with the source model, others when the store cannot
    ///   be read.
    public func plan(forStoreAt url: URL, mappingModel: MappingModel? = nil) throws(CoreDataError) -> MigrationPlan {
        let mapping = try mapping(mappingModel)
        let path = url.path
        let database = try MigrationRun.open(path: path, readOnly: true, timeout: timeout)
        defer { database.close() }
        let metadata = try MigrationRun.metadata(of: database, path: path, log: log)
        try MigrationRun.requireMatch(of: sourceModel, with: metadata, path: path)
        return try MigrationRun.plan(
            on: database, path: path,
            step: MigrationRun.Step(source: sourceModel, destination: destinationModel, mapping: mapping),
            metadata: metadata)
    }

    /// Migrates the store at `url` in place, with `mappingModel` or the inferred mapping.
    ///
    /// - Throws: ``CoreDataError``: 134140 (no mapping), 134130 (the store was not made with
    ///   the source model), 134110 (the migration failed, with the reason), 513 (a read-only
    ///   store), 134020 / 259 (not a Core Data store). The store is unchanged after any error.
    public func migrateStore(at url: URL, mappingModel: MappingModel? = nil) throws(CoreDataError) {
        let step = MigrationRun.Step(
            source: sourceModel, destination: destinationModel, mapping: try mapping(mappingModel))
        try MigrationRun(path: url.path, log: log, timeout: timeout).run([step])
    }

    /// Writes the migrated store to `destinationURL`, leaving the store at `sourceURL` untouched.
    ///
    /// - Throws: ``CoreDataError`` as ``migrateStore(at:mappingModel:)``, and 516 / 513 when
    ///   `destinationURL` exists or cannot be written; no file is left there after an error.
    public func migrateStore(from sourceURL: URL, to destinationURL: URL, mappingModel: MappingModel? = nil)
        throws(CoreDataError)
    {
        let step = MigrationRun.Step(
            source: sourceModel, destination: destinationModel, mapping: try mapping(mappingModel))
        try MigrationRun.copy(from: sourceURL.path, to: destinationURL.path, timeout: timeout)
        do {
            try MigrationRun(path: destinationURL.path, log: log, timeout: timeout).run([step])
        } catch {
            StoreFileCheck.removeStoreFiles(at: destinationURL.path, existingBefore: [])
            throw error
        }
    }

    /// Copies the store at `sourceURL` to the new file `destinationURL` (a backup before an in-place
    /// migration), reading the original only.
    ///
    /// - Throws: ``CoreDataError`` 516 when `destinationURL` exists, others when a file cannot be
    ///   read or written.
    public static func copyStore(from sourceURL: URL, to destinationURL: URL, timeout: Double = 5)
        throws(CoreDataError)
    {
        try MigrationRun.copy(from: sourceURL.path, to: destinationURL.path, timeout: timeout)
    }

    /// The given mapping, or the inferred one.
    private func mapping(_ given: MappingModel?) throws(CoreDataError) -> MappingModel {
        if let given { return given }
        return try MappingModel.inferredMappingModel(forSourceModel: sourceModel, destinationModel: destinationModel)
    }
}
