import Foundation
import SQLite
import Testing

@testable import ObjectGraph

@Suite struct SQLiteStoreCreationTests {
    @Test(arguments: ["theater", "every type"])
    func newStoreHasApplesSchemaByteForByte(modelName: String) throws {
        let directory = try StoreFixtures.scratch()
        defer { StoreFixtures.remove(directory) }
        let model = modelName == "theater" ? try StoreFixtures.theaterModel() : try StoreFixtures.everyTypeModel()
        let url = directory.appendingPathComponent("New.sqlite")
        let store = try SQLiteStore(url: url, model: model, options: .init(log: SQLDebugLog()))
        store.close()
        #expect(try ModelCorpus.sqlite3(url, ".schema") == SQLiteLayout(model: model).schema)
    }

    @Test func newStoreUsesWALAutoVacuumTwoAndFourKilobytePages() throws {
        let directory = try StoreFixtures.scratch()
        defer { StoreFixtures.remove(directory) }
        let url = directory.appendingPathComponent("Theater.sqlite")
        let store = try SQLiteStore(
            url: url, model: try StoreFixtures.theaterModel(), options: .init(log: SQLDebugLog()))
        defer { store.close() }
        let database = try Database(path: url.path, flags: .readOnly)
        #expect(try database.scalar("PRAGMA journal_mode") == .text("wal"))
        #expect(try database.scalar("PRAGMA auto_vacuum") == .integer(2))
        #expect(try database.scalar("PRAGMA page_size") == .integer(4096))
    }

    @Test func newStoreHasPrimaryKeyRowsAndMetadata() throws {
        let directory = try StoreFixtures.scratch()
        defer { StoreFixtures.remove(directory) }
        let url = directory.appendingPathComponent("Every.sqlite")
        let model = try StoreFixtures.everyTypeModel()
        let store = try SQLiteStore(
            url: url, model: model, options: .init(metadata: ["Course": "iOS 101"], log: SQLDebugLog()))
        store.close()
        #expect(
            try StoreFixtures.shell(url, "SELECT * FROM Z_PRIMARYKEY")
                == "1|Sample|0|0\n2|SpecialSample|1|0\n3|Tag|0|0")
        #expect(try StoreFixtures.shell(url, "SELECT Z_VERSION, Z_UUID FROM Z_METADATA") == "1|\(store.identifier)")
        let plist = try ModelCorpus.metadata(of: url)
        #expect(plist["NSStoreType"] as? String == "SQLite")
        #expect(plist["NSStoreUUID"] as? String == store.identifier)
        #expect(plist["NSStoreModelVersionHashesVersion"] as? Int == 3)
        #expect(plist["_NSAutoVacuumLevel"] as? String == "2")
        #expect(plist["NSStoreModelVersionHashesDigest"] as? String == model.versionHashesDigest)
        #expect(plist["NSStoreModelVersionIdentifiers"] as? [String] == [""])
        #expect(plist["NSPersistenceFrameworkVersion"] as? Int != nil)
        #expect(plist["Course"] as? String == "iOS 101")
        let hashes = plist["NSStoreModelVersionHashes"] as? [String: Data]
        #expect(hashes == model.entityVersionHashesByName)
        #expect(hashes?["Sample"]?.count == 32)
    }

    @Test func reopeningKeepsTheStoreUUID() throws {
        let directory = try StoreFixtures.scratch()
        defer { StoreFixtures.remove(directory) }
        let url = directory.appendingPathComponent("Theater.sqlite")
        let model = try StoreFixtures.theaterModel()
        let first = try SQLiteStore(url: url, model: model, options: .init(log: SQLDebugLog()))
        let identifier = first.identifier
        first.close()
        let second = try SQLiteStore(url: url, model: model, options: .init(log: SQLDebugLog()))
        defer { second.close() }
        #expect(second.identifier == identifier)
    }

    @Test func openingWithAChangedModelNamesTheChangedEntities() throws {
        let directory = try StoreFixtures.scratch()
        defer { StoreFixtures.remove(directory) }
        let url = directory.appendingPathComponent("Theater.sqlite")
        try SQLiteStore(url: url, model: try StoreFixtures.theaterModel(), options: .init(log: SQLDebugLog())).close()
        let changed = try Self.theaterModel(movieAttributes: [
            AttributeDescription(name: "name", type: .string, isOptional: false),
            AttributeDescription(name: "movieDescription", type: .string),
            AttributeDescription(name: "rating", type: .integer16),
        ])
        let error = #expect(throws: CoreDataError.self) {
            try SQLiteStore(url: url, model: changed, options: .init(log: SQLDebugLog()))
        }
        #expect(error?.code == .persistentStoreIncompatibleVersionHash)
        #expect(error?.message.contains("entities that changed: Movie.") == true)
    }

    @Test func ignoringVersioningOpensAStoreWhoseHashesDiffer() throws {
        let directory = try StoreFixtures.scratch()
        defer { StoreFixtures.remove(directory) }
        let url = directory.appendingPathComponent("Theater.sqlite")
        let original = try SQLiteStore(
            url: url, model: try StoreFixtures.theaterModel(), options: .init(log: SQLDebugLog()))
        let storedHashes = original.metadata["NSStoreModelVersionHashes"] as? [String: Data]
        original.close()
        // The same tables, one attribute's type told differently: the hashes differ, the columns do not.
        let retyped = try Self.theaterModel(movieAttributes: [
            AttributeDescription(name: "name", type: .string, isOptional: false),
            AttributeDescription(name: "movieDescription", type: .binaryData),
        ])
        #expect(throws: CoreDataError.self) {
            try SQLiteStore(
                url: url, model: retyped, options: SQLiteStore.Options([SQLiteStore.Options.readOnlyKey: true]))
        }
        let options = SQLiteStore.Options([
            SQLiteStore.Options.readOnlyKey: true, SQLiteStore.Options.ignoreVersioningKey: true,
            SQLiteStore.Options.debugLogKey: SQLDebugLog(),
        ])
        #expect(options.ignoresVersionHashes)
        let reopened = try SQLiteStore(url: url, model: retyped, options: options)
        defer { reopened.close() }
        // Nothing was rewritten: the store keeps the hashes it was made with.
        #expect(reopened.metadata["NSStoreModelVersionHashes"] as? [String: Data] == storedHashes)
    }

    /// The lecture's Theater ⟷ Movie model with `movieAttributes` as the movie's attributes.
    private static func theaterModel(movieAttributes: [AttributeDescription]) throws -> ManagedObjectModel {
        try ManagedObjectModel(entities: [
            EntityDescription(
                name: "Movie",
                properties: movieAttributes + [
                    RelationshipDescription(name: "theater", destinationEntityName: "Theater", inverseName: "movies")
                ]),
            EntityDescription(
                name: "Theater",
                properties: [
                    AttributeDescription(name: "name", type: .string, isOptional: false),
                    AttributeDescription(name: "openingDate", type: .string),
                    RelationshipDescription(
                        name: "movies", destinationEntityName: "Movie", inverseName: "theater", isToMany: true,
                        deleteRule: .cascade),
                ]),
        ])
    }

    @Test func openingReadsZMetadataFirstAsCoreDataDoes() throws {
        let directory = try StoreFixtures.scratch()
        defer { StoreFixtures.remove(directory) }
        let url = directory.appendingPathComponent("Theater.sqlite")
        let model = try StoreFixtures.theaterModel()
        try SQLiteStore(url: url, model: model, options: .init(log: SQLDebugLog())).close()
        let lines = SQLDebugLog.Lines()
        let store = try SQLiteStore(
            url: url, model: model, options: .init(log: SQLDebugLog(level: 1, sink: lines.append)))
        store.close()
        #expect(
            lines.all == [
                "CoreData: annotation: Connecting to sqlite database file at \"\(url.path)\"",
                "CoreData: sql: SELECT TBL_NAME FROM SQLITE_MASTER WHERE TBL_NAME = 'Z_METADATA'",
                "CoreData: sql: SELECT Z_VERSION, Z_UUID, Z_PLIST FROM Z_METADATA",
                "CoreData: sql: pragma recursive_triggers=1",
                "CoreData: sql: pragma journal_mode=wal",
            ])
    }
}
