import Foundation
import ObjectGraph

/// The `summary` subcommand's facts about one store.
public struct StoreSummary: Sendable {
    /// One entity line: number, name, parent, table and how many rows are exactly this entity.
    public struct EntityLine: Equatable, Sendable {
        /// `Z_ENT`.
        public var number: Int64
        /// The entity name.
        public var name: String
        /// The parent entity's name, if any.
        public var parent: String?
        /// The table holding its rows.
        public var table: String?
        /// Rows whose `Z_ENT` is this entity's number (nil when the table is missing).
        public var rows: Int64?
    }

    /// The path the user gave.
    public var path: String
    /// The main file's size in bytes.
    public var fileSize: Int64
    /// `wal` or `delete` (rollback journal), from the header.
    public var journalMode: String
    /// Size of the `-wal` beside the store, when there is one.
    public var walSize: Int64?
    /// The SQLite version that last wrote the file.
    public var sqliteVersion: String
    /// `NSPersistenceFrameworkVersion`.
    public var frameworkVersion: Int64?
    /// The store UUID.
    public var storeUUID: String?
    /// `NSStoreModelVersionIdentifiers`.
    public var versionIdentifiers: [String]
    /// Where the model came from, as a label.
    public var modelSource: String?
    /// A short digest of the store's version hashes, equal for stores written with the same model.
    public var modelDigest: String?
    /// The entities, by number.
    public var entities: [EntityLine]
    /// Whether the file is a Core Data store.
    public var isCoreDataStore: Bool
    /// Problems found while opening.
    public var problems: [String]
    /// Facts that are not problems.
    public var notes: [String]

    /// Gathers the summary, counting rows per entity with one query per table.
    public init(_ inspection: StoreInspection) throws(InspectorError) {
        let store = inspection.store
        path = store.path
        fileSize = store.fileSize
        journalMode = store.header.isWAL ? "wal" : "delete (rollback journal)"
        walSize = store.siblings.walSize
        sqliteVersion = store.header.sqliteVersion
        frameworkVersion = inspection.metadata?.frameworkVersion
        storeUUID = inspection.metadata?.storeUUID
        versionIdentifiers = inspection.metadata?.versionIdentifiers ?? []
        modelSource = inspection.storeModel?.source.label
        modelDigest = inspection.metadata.flatMap(Self.digest)
        isCoreDataStore = inspection.isCoreDataStore
        problems = inspection.problems
        notes = inspection.notes
        entities = try Self.entityLines(inspection)
    }

    /// The first 12 hex digits of SHA-256 over the sorted (entity name, version hash) pairs.
    static func digest(_ metadata: StoreMetadata) -> String? {
        let hashes = metadata.versionHashes
        guard !hashes.isEmpty else { return nil }
        var hasher = SHA256()
        for (entity, hash) in hashes.sorted(by: { $0.entity < $1.entity }) {
            hasher.update(Data(entity.utf8))
            hasher.update(hash)
        }
        return hasher.finalize().prefix(6).map { String(format: "%02x", $0) }.joined()
    }

    private static func entityLines(_ inspection: StoreInspection) throws(InspectorError) -> [EntityLine] {
        let entries = inspection.primaryKeys.filter { $0.entityNumber < 16000 }
        guard !entries.isEmpty else { return [] }
        let byNumber = Dictionary(entries.map { ($0.entityNumber, $0) }, uniquingKeysWith: { a, _ in a })
        func rootName(_ entry: PrimaryKeyEntry) -> String {
            var current = entry
            var steps = 0
            while current.superNumber != 0, let parent = byNumber[current.superNumber], steps < 64 {
                current = parent
                steps += 1
            }
            return current.name
        }
        var tableOf: [Int64: String] = [:]
        var members: [String: [Int64]] = [:]
        for entry in entries {
            let table: String?
            if let model = inspection.storeModel?.model, let entity = model.entitiesByName[entry.name] {
                table = inspection.table(of: entity)
            } else {
                table = inspection.tableName("Z" + rootName(entry).uppercased())
            }
            if let table {
                tableOf[entry.entityNumber] = table
                members[table, default: []].append(entry.entityNumber)
            }
        }
        var counts: [Int64: Int64] = [:]
        for (table, numbers) in members.sorted(by: { $0.key < $1.key }) {
            let quoted = SQLIdentifier.quoted(table)
            if numbers.count == 1, let only = numbers.first {
                // One entity per table: count(*) is what `sqlite3` would run, and just as fast.
                counts[only] = try inspection.store.countRows(ofTable: quoted)
            } else {
                for row in try inspection.store.rows("SELECT Z_ENT, count(*) FROM \(quoted) GROUP BY Z_ENT") {
                    if let number = row[0].int64Value { counts[number] = row[1].int64Value ?? 0 }
                }
                for number in numbers where counts[number] == nil { counts[number] = 0 }
            }
        }
        return entries.map { entry in
            EntityLine(
                number: entry.entityNumber, name: entry.name,
                parent: entry.superNumber == 0 ? nil : byNumber[entry.superNumber]?.name,
                table: tableOf[entry.entityNumber], rows: counts[entry.entityNumber])
        }
    }
}
