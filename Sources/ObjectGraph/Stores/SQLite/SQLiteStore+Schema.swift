import Foundation
import SQLite

extension SQLiteStore {
    /// Creates a new store's tables and system rows, as Core Data does for a new file.
    ///
    /// `auto_vacuum` must be set before the first table exists and `page_size` before the first
    /// page is written, so both pragmas come first; WAL is switched on before the tables too.
    static func createSchema(
        in database: Database, layout: SQLiteLayout, metadata: SQLiteStoreMetadata, log: SQLDebugLog
    ) throws {
        for pragma in [
            "pragma page_size=4096", "pragma auto_vacuum=2", "pragma journal_mode=wal",
            "pragma recursive_triggers=1",
        ] {
            log.statement(pragma)
            try database.execute(pragma)
        }
        log.statement("BEGIN EXCLUSIVE")
        try database.begin(.exclusive)
        do {
            for statement in layout.createStatements {
                log.statement(statement)
                try database.execute(statement)
            }
            let insertKey = "INSERT INTO Z_PRIMARYKEY(Z_ENT, Z_NAME, Z_SUPER, Z_MAX) VALUES(?, ?, ?, ?)"
            let primaryKeys = try database.prepare(insertKey)
            for entity in layout.entities {
                let bindings: [SQLiteValue] = [
                    .integer(Int64(entity.entityNumber)), .text(entity.entityName),
                    .integer(Int64(entity.superentityNumber)), .integer(0),
                ]
                log.statement(insertKey, bindings: bindings)
                try primaryKeys.bind(bindings)
                try primaryKeys.run()
                primaryKeys.reset()
            }
            let insertMetadata = "INSERT INTO Z_METADATA(Z_VERSION, Z_UUID, Z_PLIST) VALUES(?, ?, ?)"
            let bindings: [SQLiteValue] = [
                .integer(1), .text(metadata.storeUUID ?? ""), .blob(try metadata.propertyListData()),
            ]
            log.statement(insertMetadata, bindings: bindings)
            try database.execute(insertMetadata, bindings)
            log.statement("COMMIT")
            try database.commit()
        } catch {
            try? database.rollback()
            throw error
        }
    }

    /// What opening an existing store reads first.
    struct OpenedMetadata {
        var uuid: String
        var metadata: SQLiteStoreMetadata
        /// The store's `Z_PRIMARYKEY` rows: entity number by the name the store keeps.
        var entityNumbers: [String: Int]
    }

    /// Reads `Z_METADATA` as Core Data does on open, refusing SQLite files that are not stores.
    static func readMetadata(of database: Database, path: String, log: SQLDebugLog) throws -> OpenedMetadata {
        do {
            let probe = "SELECT TBL_NAME FROM SQLITE_MASTER WHERE TBL_NAME = 'Z_METADATA'"
            log.statement(probe)
            guard try database.scalar(probe) != nil else {
                throw CoreDataError(
                    code: .persistentStoreIncompatibleSchema,
                    message: "The file \"\(path)\" is an SQLite database but not a Core Data store "
                        + "(it has no Z_METADATA table); it was left untouched.")
            }
            let select = "SELECT Z_VERSION, Z_UUID, Z_PLIST FROM Z_METADATA"
            log.statement(select)
            guard let row = try database.rows(select).first else {
                throw CoreDataError(
                    code: .persistentStoreIncompatibleSchema,
                    message: "The store \"\(path)\" has an empty Z_METADATA table, so its model is unknown.")
            }
            guard let plist = row[2].dataValue else {
                throw CoreDataError(
                    code: .persistentStoreIncompatibleSchema,
                    message: "The store \"\(path)\" has no metadata (Z_METADATA.Z_PLIST is NULL), "
                        + "so its model is unknown.")
            }
            var metadata = try SQLiteStoreMetadata(propertyList: plist)
            guard let uuid = row[1].stringValue ?? metadata.storeUUID else {
                throw CoreDataError(
                    code: .persistentStoreIncompatibleSchema, message: "The store \"\(path)\" has no store UUID.")
            }
            metadata.dictionary["NSStoreUUID"] = uuid
            return OpenedMetadata(uuid: uuid, metadata: metadata, entityNumbers: storedEntityNumbers(of: database))
        } catch let error as CoreDataError {
            throw error
        } catch let error as SQLiteError {
            throw storeError(error, path: path, doing: "open")
        } catch {
            // The parser's own error is kept as the underlying error; its text (an NSError dump
            // on Linux) is no sentence for a student.
            throw CoreDataError(
                code: .persistentStoreIncompatibleSchema,
                message: "The store \"\(path)\" has unreadable metadata: Z_METADATA.Z_PLIST is not a property list.",
                underlyingError: error)
        }
    }

    /// Compares the model's entity version hashes with the store's, entity by entity.
    static func checkCompatibility(of model: ManagedObjectModel, with metadata: SQLiteStoreMetadata, path: String)
        throws
    {
        let changed = model.entitiesDiffering(fromVersionHashes: metadata.versionHashes)
        guard !changed.isEmpty else { return }
        let storeNames = Set(metadata.versionHashes.keys)
        let modelNames = Set(model.entityVersionHashesByName.keys)
        let described = changed.map { name -> String in
            if !storeNames.contains(name) { return "\(name) (not in the store)" }
            if !modelNames.contains(name) { return "\(name) (not in the model)" }
            return name
        }
        throw CoreDataError(
            code: .persistentStoreIncompatibleVersionHash,
            message: "The model used to open the store \"\(path)\" is incompatible with the one used to create it; "
                + "entities that changed: \(described.joined(separator: ", ")).")
    }

    /// Collations for sorting with the non-literal comparisons of ``ObjectSortDescriptor``, so
    /// SQLite orders rows exactly as the in-memory sort does.
    static func registerCollations(on database: Database) throws {
        for comparison in ObjectSortDescriptor.Comparison.allCases where comparison != .compare {
            let descriptor = ObjectSortDescriptor(key: "", comparison: comparison)
            try database.createCollation(collationName(for: comparison)) { descriptor.compare($0, $1) }
        }
    }

    /// `NSCollate` + the comparison's name: `NSCollateCaseInsensitiveCompare`.
    static func collationName(for comparison: ObjectSortDescriptor.Comparison) -> String {
        let name = comparison.rawValue
        return "NSCollate" + name.prefix(1).uppercased() + name.dropFirst()
    }
}
