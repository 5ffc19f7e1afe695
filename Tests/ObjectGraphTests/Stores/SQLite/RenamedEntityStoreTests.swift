import Foundation
import SQLite
import Testing

@testable import ObjectGraph

/// A store after a lightweight migration renamed a sub-entity so that its new name sorts after
/// its sibling's: `Z_PRIMARYKEY` keeps the old name and number (DESIGN.md §3.3.1), so the entity
/// numbers (`Z_ENT`) follow the store, not the name order of the new model.
@Suite struct RenamedEntityStoreTests {
    /// Vehicle with sub-entities Bike (or Bike renamed `name`) and Car: Bike sorts before Car,
    /// Scooter after it.
    static func model(renamingBikeTo name: String? = nil) throws -> ManagedObjectModel {
        let vehicle = EntityDescription(
            name: "Vehicle", properties: [AttributeDescription(name: "name", type: .string)])
        let bike = EntityDescription(
            name: name ?? "Bike", superentityName: "Vehicle",
            properties: [AttributeDescription(name: "gears", type: .integer16)],
            renamingIdentifier: name == nil ? nil : "Bike")
        let car = EntityDescription(
            name: "Car", superentityName: "Vehicle", properties: [AttributeDescription(name: "seats", type: .integer16)]
        )
        return try ManagedObjectModel(entities: [vehicle, bike, car])
    }

    /// Two bikes and a car saved with the first model, then the store as Apple's migration to
    /// the renamed model leaves it: new hashes and model cache, `Z_PRIMARYKEY` untouched.
    static func migratedStore(in directory: URL) throws -> URL {
        let url = directory.appendingPathComponent("Vehicles.sqlite")
        let container = PersistentContainer(name: "Vehicles", managedObjectModel: try model())
        try container.loadPersistentStore(at: url)
        let context = container.viewContext
        for (name, gears) in [("Brompton", 6), ("Moulton", 8)] {
            let bike = try context.insertNewObject(forEntityName: "Bike")
            bike["name"] = name
            bike["gears"] = gears
        }
        let car = try context.insertNewObject(forEntityName: "Car")
        car["name"] = "Mini"
        car["seats"] = 4
        try context.save()
        for store in container.persistentStoreCoordinator.persistentStores {
            (store as? SQLiteStore)?.close()
        }

        let renamed = try model(renamingBikeTo: "Scooter")
        let database = try Database(path: url.path)
        defer { database.close() }
        let uuid = try #require(try database.scalar("SELECT Z_UUID FROM Z_METADATA")?.stringValue)
        let metadata = SQLiteStoreMetadata(newStoreFor: renamed, uuid: uuid, userMetadata: [:])
        try database.execute("UPDATE Z_METADATA SET Z_PLIST = ?", [.blob(try metadata.propertyListData())])
        try database.execute(
            "UPDATE Z_MODELCACHE SET Z_CONTENT = ?", [.blob(try ModelCacheEncoder.compressedArchive(of: renamed))])
        return url
    }

    @Test func theRenamedEntityKeepsTheNumberTheStoreGaveIt() throws {
        let directory = try StoreFixtures.scratch()
        defer { StoreFixtures.remove(directory) }
        let url = try Self.migratedStore(in: directory)
        #expect(try StoreFixtures.shell(url, "SELECT Z_ENT, Z_NAME FROM Z_PRIMARYKEY") == "1|Vehicle\n2|Bike\n3|Car")
        let store = try SQLiteStore(url: url, model: try Self.model(renamingBikeTo: "Scooter"))
        defer { store.close() }
        #expect(store.layout.entity(named: "Scooter")?.entityNumber == 2)
        #expect(store.layout.entity(named: "Car")?.entityNumber == 3)
        #expect(store.layout.entity(number: 2)?.entityName == "Scooter")
        // A new store of the renamed model numbers by name: Car 2, Scooter 3.
        #expect(SQLiteLayout(model: try Self.model(renamingBikeTo: "Scooter")).entity(named: "Car")?.entityNumber == 2)
    }

    @Test func fetchingAndSavingTheRenamedEntityUseTheStoresNumbers() throws {
        let directory = try StoreFixtures.scratch()
        defer { StoreFixtures.remove(directory) }
        let url = try Self.migratedStore(in: directory)
        let container = PersistentContainer(
            name: "Vehicles", managedObjectModel: try Self.model(renamingBikeTo: "Scooter"))
        try container.loadPersistentStore(at: url)
        let context = container.viewContext
        let scooters = try context.fetch(FetchRequest(entityName: "Scooter"))
        #expect(Set(scooters.compactMap { $0["name"] as? String }) == ["Brompton", "Moulton"])
        #expect(Set(scooters.compactMap { $0["gears"] as? Int }) == [6, 8])
        let cars = try context.fetch(FetchRequest(entityName: "Car"))
        #expect(cars.compactMap { $0["seats"] as? Int } == [4])
        #expect(try context.fetch(FetchRequest(entityName: "Vehicle")).count == 3)

        let scooter = try context.insertNewObject(forEntityName: "Scooter")
        scooter["name"] = "Vespa"
        try context.save()
        #expect(try StoreFixtures.shell(url, "SELECT Z_ENT FROM ZVEHICLE WHERE ZNAME = 'Vespa'") == "2")
    }

    @Test func storedNumbersThatAreNotAPreOrderAreIgnored() throws {
        let model = try Self.model()
        // A gap, a sub-entity before its parent, an entity without a number: not Core Data's numbering.
        for numbers in [["Vehicle": 1, "Bike": 2, "Car": 4], ["Vehicle": 2, "Bike": 1, "Car": 3], ["Vehicle": 1]] {
            let layout = SQLiteLayout(model: model, storedEntityNumbers: numbers)
            #expect(layout.entities.map(\.entityName) == ["Vehicle", "Bike", "Car"], "\(numbers)")
        }
        let swapped = SQLiteLayout(model: model, storedEntityNumbers: ["Vehicle": 1, "Car": 2, "Bike": 3])
        #expect(swapped.entities.map(\.entityName) == ["Vehicle", "Car", "Bike"])
    }
}
