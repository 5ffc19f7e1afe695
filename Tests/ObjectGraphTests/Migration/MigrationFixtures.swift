import Foundation
import SQLite
import TestSupport

@testable import ObjectGraph

/// Models of the corpus's migration chains, stores made with them, and what a migrated store is
/// compared with.
enum MigrationFixtures {
    /// Version `number` of the wibosco migration example's model (1–4).
    static func wibosco(_ number: Int) throws -> ManagedObjectModel {
        let suffix = number == 1 ? "" : "_\(number)"
        return try ManagedObjectModel(
            contentsOf: Fixtures.model(
                "wibosco__CoreDataMigration-Example__CoreDataMigration_Example\(suffix).contents"))
    }

    /// Version `number` of DuckDuckGo's Bookmarks model (1, 3, 4, 5, 6).
    static func bookmarks(_ number: Int) throws -> ManagedObjectModel {
        try ManagedObjectModel(
            contentsOf: Fixtures.model("duckduckgo__BrowserServicesKit__BookmarksModel_\(number).contents"))
    }

    /// Makes a store of `model` at `url`, fills it with `fill` and closes it.
    static func makeStore(
        at url: URL, model: ManagedObjectModel, fill: (ManagedObjectContext) throws -> Void
    ) throws {
        let container = PersistentContainer(name: "Fixture", managedObjectModel: model)
        try container.loadPersistentStore(at: url, options: [SQLiteStore.Options.debugLogKey: SQLDebugLog()])
        defer {
            for store in container.persistentStoreCoordinator.persistentStores { (store as? SQLiteStore)?.close() }
        }
        try fill(container.viewContext)
        try container.viewContext.save()
    }

    /// Inserts an object of `entity` with `values`.
    @discardableResult
    static func insert(_ entity: String, _ values: [String: Any?], into context: ManagedObjectContext) throws
        -> ManagedObject
    {
        let object = try context.insertNewObject(forEntityName: entity)
        for (key, value) in values { object.setValue(value, forKey: key) }
        return object
    }

    /// The columns of every table of the store but the system tables, by table.
    static func columns(ofStoreAt path: String) throws -> [String: Set<String>] {
        let database = try Database(path: path, flags: .readOnly)
        defer { database.close() }
        var result: [String: Set<String>] = [:]
        let tables = try database.rows(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
                + "AND name NOT IN ('Z_PRIMARYKEY', 'Z_METADATA', 'Z_MODELCACHE')")
        for row in tables {
            guard let table = row[0].stringValue else { continue }
            let columns = try database.rows("SELECT name FROM pragma_table_info(?)", [.text(table)])
            result[table] = Set(columns.compactMap { $0[0].stringValue })
        }
        return result
    }

    /// The `CREATE INDEX` statements of the store.
    static func indexes(ofStoreAt path: String) throws -> Set<String> {
        let database = try Database(path: path, flags: .readOnly)
        defer { database.close() }
        let rows = try database.rows("SELECT sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
        return Set(rows.compactMap { $0[0].stringValue })
    }

    /// Checks that the store at `path` has exactly the tables, columns and indexes of a fresh
    /// store of `model`, and its version hashes; returns the differences found, none when it has.
    static func differencesFromFreshStore(_ path: String, model: ManagedObjectModel, in folder: URL) throws -> [String]
    {
        let url = folder.appendingPathComponent("fresh-\(UUID().uuidString).sqlite")
        try makeStore(at: url, model: model) { _ in }
        var differences: [String] = []
        let (columns, freshColumns) = (try columns(ofStoreAt: path), try columns(ofStoreAt: url.path))
        if columns != freshColumns { differences.append("columns \(columns), fresh \(freshColumns)") }
        let (indexes, freshIndexes) = (try indexes(ofStoreAt: path), try indexes(ofStoreAt: url.path))
        if indexes != freshIndexes { differences.append("indexes \(indexes), fresh \(freshIndexes)") }
        if try versionHashes(ofStoreAt: path) != model.entityVersionHashesByName {
            differences.append("version hashes are not the model's")
        }
        return differences
    }

    /// Every row of `sql` on the store, each value as text (NULL as "nil").
    static func rows(_ sql: String, inStoreAt path: String) throws -> [[String]] {
        let database = try Database(path: path, flags: .readOnly)
        defer { database.close() }
        return try database.rows(sql).map { row in
            row.values.map { value in
                switch value {
                case .null: "nil"
                case .integer(let number): String(number)
                case .real(let number): String(number)
                case .text(let text): text
                case .blob(let data): data.base64EncodedString()
                }
            }
        }
    }

    /// The store's entity version hashes (`Z_METADATA`).
    static func versionHashes(ofStoreAt path: String) throws -> [String: Data] {
        let database = try Database(path: path, flags: .readOnly)
        defer { database.close() }
        let plist = try database.scalar("SELECT Z_PLIST FROM Z_METADATA")?.dataValue ?? Data()
        return try SQLiteStoreMetadata(propertyList: plist).versionHashes
    }

    /// The bytes of the store file and its write-ahead log (a missing log counts as an empty one:
    /// a reader of a store in WAL mode may leave an empty log behind, which holds no byte).
    static func bytes(ofStoreAt path: String) -> [Data?] {
        [FileManager.default.contents(atPath: path), FileManager.default.contents(atPath: path + "-wal") ?? Data()]
    }
}
