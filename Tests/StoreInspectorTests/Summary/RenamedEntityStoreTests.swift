import Foundation
import ObjectGraph
import SQLite
import TestSupport
import Testing

@testable import StoreInspector

/// A store after a lightweight migration renamed an entity: `Z_PRIMARYKEY.Z_NAME` keeps the old
/// name, the model cache names the entity by its new one with the old as renaming identifier
/// (DESIGN.md §3.3.1). That is a note, not a problem, and the store's objects can be fetched.
@Suite struct RenamedEntityStoreTests {
    /// SampleModel version 1 with ExpensiveSportCar renamed LuxuryCar, as SampleModel2 renames it.
    static func renamedModel() throws -> ManagedObjectModel {
        let original = try String(
            contentsOf: Fixtures.model("alemar11__CoreDataPlus__SampleModel.contents"), encoding: .utf8)
        let renamed = original.replacingOccurrences(
            of: #"<entity name="ExpensiveSportCar" representedClassName="ExpensiveSportCar""#,
            with: #"<entity name="LuxuryCar" representedClassName="LuxuryCar" elementID="ExpensiveSportCar""#)
        #expect(renamed != original)
        return try ManagedObjectModel(xcodeModelContents: Data(renamed.utf8))
    }

    /// A copy of the SampleModel_V1 store as the migration leaves it: the new model in
    /// `Z_MODELCACHE` and its version hashes in `Z_METADATA`, `Z_PRIMARYKEY` untouched.
    static func migratedStore(_ scratch: ScratchDirectory) throws -> String {
        let path = try scratch.copyCorpusStore(Corpus.sampleModel)
        let model = try renamedModel()
        let database = try Database(path: path)
        defer { database.close() }
        try database.execute(
            "UPDATE Z_MODELCACHE SET Z_CONTENT = ?", [.blob(try ModelCacheEncoder.compressedArchive(of: model))])
        let stored = try #require(try database.scalar("SELECT Z_PLIST FROM Z_METADATA")?.dataValue)
        var plist = try #require(
            try PropertyListSerialization.propertyList(from: stored, format: nil) as? [String: Any])
        plist["NSStoreModelVersionHashes"] = model.entityVersionHashesByName
        let written = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        try database.execute("UPDATE Z_METADATA SET Z_PLIST = ?", [.blob(written)])
        return path
    }

    @Test func theOldNameInZPrimaryKeyIsANoteNotAProblem() throws {
        let scratch = try ScratchDirectory()
        let inspection = try StoreInspection(path: try Self.migratedStore(scratch))
        defer { inspection.close() }
        #expect(inspection.storeModel?.source == .modelCache)
        #expect(inspection.problems == [])
        #expect(inspection.renamedEntities.map(\.entity) == ["LuxuryCar"])
        #expect(inspection.renamedEntities.map(\.oldName) == ["ExpensiveSportCar"])
        #expect(inspection.notes.contains { $0.hasPrefix("entity LuxuryCar is ExpensiveSportCar in Z_PRIMARYKEY") })
        #expect(inspection.entityNumber(of: "LuxuryCar") == inspection.entityNumber(of: "SportCar").map { $0 + 1 })
        let number = try #require(inspection.entityNumber(of: "LuxuryCar"))
        #expect(inspection.entityName(number: number) == "LuxuryCar")
    }

    @Test func theRenamedEntitysObjectsCanBeFetched() throws {
        let scratch = try ScratchDirectory()
        let inspection = try StoreInspection(path: try Self.migratedStore(scratch))
        defer { inspection.close() }
        let outcome = try ObjectFetch(entityName: "LuxuryCar").run(on: inspection)
        #expect(outcome.rows.count == 5)
        let cars = try ObjectFetch(entityName: "Car").run(on: inspection)
        #expect(cars.rows.count == 125)
    }

    @Test func checkFindsNothingInTheRenamedStore() throws {
        let scratch = try ScratchDirectory()
        let inspection = try StoreInspection(path: try Self.migratedStore(scratch))
        defer { inspection.close() }
        #expect(try ConsistencyChecker.check(inspection).isEmpty)
    }
}
