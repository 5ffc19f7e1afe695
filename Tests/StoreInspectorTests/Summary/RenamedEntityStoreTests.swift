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
        try migrate(path, to: try renamedModel())
        return path
    }

    /// Rewrites the store at `path` as a migration to `model` leaves it (see ``migratedStore(_:)``).
    static func migrate(_ path: String, to model: ManagedObjectModel) throws {
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
    }

    /// Vehicle with the sub-entities Bike (renamed Scooter by `renamed`) and Car.
    static func vehicleModel(renamed: Bool) throws -> ManagedObjectModel {
        try ManagedObjectModel(entities: [
            EntityDescription(name: "Vehicle", properties: [AttributeDescription(name: "name", type: .string)]),
            EntityDescription(
                name: renamed ? "Scooter" : "Bike", superentityName: "Vehicle",
                properties: [AttributeDescription(name: "gears", type: .integer16)],
                renamingIdentifier: renamed ? "Bike" : nil),
            EntityDescription(
                name: "Car", superentityName: "Vehicle",
                properties: [AttributeDescription(name: "seats", type: .integer16)]),
        ])
    }

    /// Two bikes and a car, then Bike renamed Scooter: Scooter keeps Bike's `Z_ENT` 2 in the store,
    /// where a new store of the renamed model would number it 3, after Car.
    static func reorderingStore(_ scratch: ScratchDirectory) throws -> String {
        let path = scratch.path("Vehicles.sqlite")
        try SQLiteStore(url: URL(fileURLWithPath: path), model: try vehicleModel(renamed: false)).close()
        let database = try Database(path: path)
        defer { database.close() }
        for (entity, name, gears, seats) in [(2, "Brompton", 6, 0), (2, "Moulton", 8, 0), (3, "Mini", 0, 4)] {
            try database.execute(
                "INSERT INTO ZVEHICLE (Z_ENT, Z_OPT, ZNAME, ZGEARS, ZSEATS) VALUES (?, 1, ?, ?, ?)",
                [.integer(Int64(entity)), .text(name), .integer(Int64(gears)), .integer(Int64(seats))])
        }
        try database.execute("UPDATE Z_PRIMARYKEY SET Z_MAX = 3 WHERE Z_ENT = 1")
        try migrate(path, to: try vehicleModel(renamed: true))
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

    @Test func aRenameThatReordersSiblingsKeepsTheStoresEntityNumbers() throws {
        let scratch = try ScratchDirectory()
        let inspection = try StoreInspection(path: try Self.reorderingStore(scratch))
        defer { inspection.close() }
        #expect(inspection.problems == [])
        #expect(inspection.renamedEntities.map(\.entity) == ["Scooter"])
        #expect(inspection.entityNumber(of: "Scooter") == 2)
        #expect(inspection.storeModel?.layout.entity(named: "Scooter")?.entityNumber == 2)
        let scooters = try ObjectFetch(entityName: "Scooter").run(on: inspection)
        #expect(scooters.rows.count == 2)
        #expect(try ObjectFetch(entityName: "Car").run(on: inspection).rows.count == 1)
        #expect(try ConsistencyChecker.check(inspection).isEmpty)
    }
}
