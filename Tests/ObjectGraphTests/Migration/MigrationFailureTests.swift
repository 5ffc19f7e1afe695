import Foundation
import SQLite
import TestSupport
import Testing

@testable import ObjectGraph

/// Migrations that must not happen, and what they leave: one error with Apple's code and the
/// store's files exactly as they were, write-ahead log included.
@Suite struct MigrationFailureTests {
    private static let walStore = "wibosco__CoreDataMigration-Example__CoreDataMigration_Example_WAL.sqlite"

    /// Version 4 of the wibosco model with an attribute `title` added to Post.
    private func version4WithTitle() throws -> ManagedObjectModel {
        let xml = try String(
            contentsOf: Fixtures.model("wibosco__CoreDataMigration-Example__CoreDataMigration_Example_4.contents"),
            encoding: .utf8)
        let changed = xml.replacingOccurrences(
            of: "<attribute name=\"postID\"",
            with: "<attribute name=\"title\" optional=\"YES\" attributeType=\"String\"/><attribute name=\"postID\"")
        return try ManagedObjectModel(xcodeModelContents: Data(changed.utf8))
    }

    /// The mapping from version 4 that computes `title` with `transform`.
    private func mapping(
        to target: ManagedObjectModel, _ transform: @escaping @Sendable ([String: Any]) throws -> Any?
    ) throws -> MappingModel {
        var mapping = try MappingModel.inferredMappingModel(
            forSourceModel: try MigrationFixtures.wibosco(4), destinationModel: target)
        mapping.replaceAttributeMapping(PropertyMapping(name: "title", value: .transform(transform)), ofEntity: "Post")
        return mapping
    }

    @Test func transformClosureComputesEachObjectsValue() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.copyCorpusStore(Self.walStore)
        let target = try version4WithTitle()
        let before = try MigrationFixtures.rows("SELECT ZPOSTID FROM ZPOST ORDER BY Z_PK", inStoreAt: path)
        try #require(!before.isEmpty)
        let mapping = try mapping(to: target) { source in "Post " + (source["postID"] as? String ?? "?") }
        try MigrationManager(
            sourceModel: try MigrationFixtures.wibosco(4), destinationModel: target, log: SQLDebugLog()
        )
        .migrateStore(at: URL(fileURLWithPath: path), mappingModel: mapping)
        let after = try MigrationFixtures.rows("SELECT ZPOSTID, ZTITLE FROM ZPOST ORDER BY Z_PK", inStoreAt: path)
        #expect(after == before.map { [$0[0], "Post " + $0[0]] })
    }

    @Test func failingTransformLeavesTheStoreAndItsLogByteForByte() throws {
        struct Refused: Error {}
        let scratch = try ScratchDirectory()
        let path = try scratch.copyCorpusStore(Self.walStore)
        let target = try version4WithTitle()
        let before = try scratch.snapshot()
        let mapping = try mapping(to: target) { _ in throw Refused() }
        #expect {
            try MigrationManager(
                sourceModel: try MigrationFixtures.wibosco(4), destinationModel: target, log: SQLDebugLog()
            )
            .migrateStore(at: URL(fileURLWithPath: path), mappingModel: mapping)
        } throws: { ($0 as? CoreDataError)?.code == .migration }
        #expect(try scratch.snapshot() == before)
    }

    @Test func storeThatIsNotCoreDatasIsRefusedUntouched() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.path("plain.sqlite")
        let database = try Database(path: path)
        try database.execute("CREATE TABLE notes (body TEXT)")
        database.close()
        let before = try scratch.snapshot()
        #expect {
            try MigrationManager(
                sourceModel: try MigrationFixtures.wibosco(1), destinationModel: try MigrationFixtures.wibosco(2),
                log: SQLDebugLog()
            ).migrateStore(at: URL(fileURLWithPath: path))
        } throws: { ($0 as? CoreDataError)?.code == .persistentStoreIncompatibleSchema }
        #expect(try scratch.snapshot() == before)
    }

    @Test func readOnlyStoreIsRefusedWith513Untouched() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.copyCorpusStore(Self.walStore)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        let before = try scratch.snapshot()
        #expect {
            try MigrationManager(
                sourceModel: try MigrationFixtures.wibosco(4), destinationModel: try version4WithTitle(),
                log: SQLDebugLog()
            ).migrateStore(at: URL(fileURLWithPath: path))
        } throws: { ($0 as? CoreDataError)?.code == .fileWriteNoPermission }
        #expect(try scratch.snapshot() == before)
    }

    @Test func storeLockedByAnotherConnectionFailsWith134110Untouched() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.copyCorpusStore(Self.walStore)
        let other = try Database(path: path, flags: .readWrite)
        defer { other.close() }
        try other.begin(.immediate)
        defer { try? other.rollback() }
        let before = MigrationFixtures.bytes(ofStoreAt: path)
        let manager = MigrationManager(
            sourceModel: try MigrationFixtures.wibosco(4), destinationModel: try version4WithTitle(),
            log: SQLDebugLog(),
            timeout: 0.05)
        #expect {
            try manager.migrateStore(at: URL(fileURLWithPath: path))
        } throws: { error in
            guard let error = error as? CoreDataError else { return false }
            return error.code == .migration && error.message.contains("another connection holds the store's lock")
        }
        #expect(MigrationFixtures.bytes(ofStoreAt: path) == before)
    }

    @Test func migratingToAnotherFileLeavesTheOriginalAndRefusesAnExistingTarget() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.copyCorpusStore(Self.walStore)
        let output = scratch.url.appendingPathComponent("migrated.sqlite")
        let before = MigrationFixtures.bytes(ofStoreAt: path)
        let target = try version4WithTitle()
        let manager = MigrationManager(
            sourceModel: try MigrationFixtures.wibosco(4), destinationModel: target, log: SQLDebugLog())
        try manager.migrateStore(from: URL(fileURLWithPath: path), to: output)
        #expect(MigrationFixtures.bytes(ofStoreAt: path) == before)
        #expect(try MigrationFixtures.versionHashes(ofStoreAt: output.path) == target.entityVersionHashesByName)
        let count = "SELECT COUNT(*) FROM ZPOST"
        #expect(
            try MigrationFixtures.rows(count, inStoreAt: output.path) == MigrationFixtures.rows(count, inStoreAt: path))
        #expect {
            try manager.migrateStore(from: URL(fileURLWithPath: path), to: output)
        } throws: { ($0 as? CoreDataError)?.code == .fileWriteFileExists }
    }
}
