import Foundation

extension SQLiteStore {
    /// The metadata of the existing store at `path`, checked against `model`; a store made with
    /// an earlier model is first migrated when the options ask for it.
    static func checkedOrMigratedMetadata(ofStoreAt path: String, model: ManagedObjectModel, options: Options)
        throws -> OpenedMetadata
    {
        do {
            return try checkedMetadata(ofStoreAt: path, model: model, options: options)
        } catch let error as CoreDataError
            where error.code == .persistentStoreIncompatibleVersionHash && options.migratesAutomatically
        {
            try migrateAutomatically(storeAt: path, to: model, options: options, incompatibility: error)
            return try checkedMetadata(ofStoreAt: path, model: model, options: options)
        }
    }

    /// Lightweight migration on open: finds the store's model among the source models and
    /// migrates with inferred mappings, directly or version by version, in one transaction.
    private static func migrateAutomatically(
        storeAt path: String, to model: ManagedObjectModel, options: Options, incompatibility: CoreDataError
    ) throws(CoreDataError) {
        let database = try MigrationRun.open(path: path, readOnly: true, timeout: options.timeout)
        let hashes: [String: Data]
        do {
            defer { database.close() }
            hashes = try MigrationRun.metadata(of: database, path: path, log: options.log).versionHashes
        }
        guard
            let index = options.sourceModels.firstIndex(where: {
                $0.entitiesDiffering(fromVersionHashes: hashes).isEmpty
            })
        else {
            // 134130, as Core Data says when no model in the bundles made the store; the message
            // keeps what changed, and says where the earlier versions go.
            throw CoreDataError(
                code: .migrationMissingSourceModel,
                message: incompatibility.message + " It cannot be migrated: none of the "
                    + "\(options.sourceModels.count) earlier model versions given (PersistentContainer.modelVersions) "
                    + "is the model it was made with.")
        }
        guard options.infersMappingModel else {
            throw CoreDataError(
                code: .migrationMissingMappingModel,
                message: "The store \"\(path)\" cannot be migrated: no mapping model was given and inferring "
                    + "one is off (NSInferMappingModelAutomaticallyOption).")
        }
        let steps = try MigrationRun.inferredSteps(from: index, of: options.sourceModels, to: model)
        try MigrationRun(path: path, log: options.log, timeout: options.timeout).run(steps)
    }
}
