import Foundation
import ObjectGraph
import SQLite
import StoreInspector

/// `companion model migrate`: lightweight migration of a store to another model.
extension ModelCommand {
    static func migrate(storeAt store: String, _ request: MigrationRequest) throws(CommandLineError) -> ExitStatus {
        guard !store.isEmpty else { throw .usage("the store path is empty", subject: "model migrate") }
        guard let targetPath = request.target else {
            throw .usage("name the model to migrate to: --to MODEL", subject: "model migrate")
        }
        let destinations = [request.output != nil, request.inPlace, request.dryRun].filter { $0 }.count
        guard destinations == 1 else {
            throw .usage(
                destinations == 0
                    ? "say where the migrated store goes: -o OUT, --in-place or --dry-run"
                    : "give only one of -o OUT, --in-place and --dry-run", subject: "model migrate")
        }
        let log = try sqlDebugLog()
        let target = try loadModel(at: targetPath)
        let source: ManagedObjectModel
        if let path = request.source {
            source = try loadModel(at: path)
        } else {
            source = try cachedModel(ofStoreAt: store)
        }
        let kept = Set(target.entities.flatMap { [$0.name, $0.renamingIdentifier].compactMap { $0 } })
        guard request.allowsDataLoss || source.entities.contains(where: { kept.contains($0.name) }) else {
            throw .failure(
                "the model \(targetPath) shares no entity with the store's model, so every object would be lost "
                    + "(a wrong model?); --allow-data-loss migrates anyway", subject: store)
        }
        let problems = MappingModel.inferenceProblems(forSourceModel: source, destinationModel: target)
        guard problems.isEmpty else {
            throw .failure("lightweight migration is not possible: " + problems.joined(separator: "; "), subject: store)
        }
        let manager = MigrationManager(sourceModel: source, destinationModel: target, log: log)
        let storeURL = URL(fileURLWithPath: store)
        do {
            if request.dryRun {
                print(try manager.plan(forStoreAt: storeURL).lines.joined(separator: "\n"))
            } else if let output = request.output {
                try manager.migrateStore(from: storeURL, to: URL(fileURLWithPath: output))
                print("migrated \(store) to \(targetPath), written to \(output)")
            } else {
                let backup = URL(fileURLWithPath: store + ".backup")
                try MigrationManager.copyStore(from: storeURL, to: backup)
                try manager.migrateStore(at: storeURL)
                print("migrated \(store) to \(targetPath) in place; the store as it was is in \(backup.path)")
            }
        } catch {
            throw .failure(error.description, subject: store)
        }
        return .success
    }

    /// The model kept in the store's `Z_MODELCACHE`, read without changing the store's files.
    private static func cachedModel(ofStoreAt path: String) throws(CommandLineError) -> ManagedObjectModel {
        guard FileManager.default.fileExists(atPath: path) else {
            throw .failure("no such file", subject: path)
        }
        let sharedMemoryExisted = FileManager.default.fileExists(atPath: path + "-shm")
        defer { if !sharedMemoryExisted { try? FileManager.default.removeItem(atPath: path + "-shm") } }
        let blob: Data?
        do {
            let database = try Database(path: path, flags: .readOnly)
            defer { database.close() }
            blob = try database.scalar("SELECT Z_CONTENT FROM Z_MODELCACHE LIMIT 1")?.dataValue
        } catch {
            blob = nil
        }
        guard let blob, let model = try? ModelCacheDecoder.decode(compressed: blob) else {
            throw .failure(
                "the store keeps no readable model (Z_MODELCACHE); name the model it was made with: --from MODEL",
                subject: path)
        }
        return model
    }

    /// The SQL trace the migration writes to standard error, at the level `SQLDEBUG` asks for
    /// (Core Data's `-com.apple.CoreData.SQLDebug`); off when it is unset, a usage error when it
    /// is not a level.
    private static func sqlDebugLog() throws(CommandLineError) -> SQLDebugLog {
        let environment = ProcessInfo.processInfo.environment
        do {
            try SQLDebugLog.validateRequest(arguments: [], environment: environment)
        } catch {
            throw .usage("\(error)", subject: "model migrate")
        }
        return SQLDebugLog(level: SQLDebugLog.level(arguments: [], environment: environment))
    }
}
