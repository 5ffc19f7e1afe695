import Foundation
import ObjectGraph
import Testing

/// A store that counts the calls the coordinator makes and records what it saves, delegating to
/// an in-memory store.
final class CountingStore: PersistentStore, @unchecked Sendable {
    let inner: InMemoryStore
    var rowLookups = 0
    var fetches = 0
    /// Every change set the coordinator handed over, in order.
    var savedChanges: [StoreChanges] = []

    init(model: ManagedObjectModel) { inner = InMemoryStore(model: model) }

    var identifier: String { inner.identifier }
    var type: PersistentStoreType { inner.type }
    var url: URL? { inner.url }
    var metadata: [String: Any] { inner.metadata }
    var model: ManagedObjectModel { inner.model }

    func fetchRows(_ request: StoreFetchRequest) throws -> [StoreRow] {
        fetches += 1
        return try inner.fetchRows(request)
    }

    func countRows(_ request: StoreFetchRequest) throws -> Int { try inner.countRows(request) }

    func row(for objectID: ManagedObjectID) throws -> StoreRow? {
        rowLookups += 1
        return try inner.row(for: objectID)
    }

    func relatedObjectIDs(of relationship: RelationshipDescription, for objectID: ManagedObjectID) throws
        -> [ManagedObjectID]
    {
        try inner.relatedObjectIDs(of: relationship, for: objectID)
    }

    func newObjectIDs(for entity: EntityDescription, count: Int) throws -> [ManagedObjectID] {
        try inner.newObjectIDs(for: entity, count: count)
    }

    func save(_ changes: StoreChanges) throws {
        try inner.save(changes)
        savedChanges.append(changes)
    }
}

@Suite("Persistent store coordinator")
struct PersistentStoreCoordinatorTests {
    /// A coordinator of the cinema's entities (without properties) in two configurations, each in
    /// its own in-memory store: films and theaters in one, employees and badges in the other.
    private static func filmsAndPeopleStores() throws -> (PersistentStoreCoordinator, PersistentStore, PersistentStore)
    {
        let model = try CinemaModel.make()
        let configured = try ManagedObjectModel(
            entities: model.entities.map {
                EntityDescription(
                    name: $0.name, managedObjectClassName: nil, isAbstract: $0.isAbstract,
                    superentityName: $0.superentityName, properties: [])
            },
            configurations: [
                "People": ["Employee", "Badge"], "Films": ["Movie", "Documentary", "Theater", "Playlist"],
            ])
        let coordinator = PersistentStoreCoordinator(managedObjectModel: configured)
        let films = try coordinator.addPersistentStore(type: .inMemory, configuration: "Films", at: nil)
        let people = try coordinator.addPersistentStore(type: .inMemory, configuration: "People", at: nil)
        return (coordinator, films, people)
    }

    @Test func faultsForRecentlyFetchedRowsComeFromTheRowCache() throws {
        let model = try CinemaModel.make()
        let coordinator = PersistentStoreCoordinator(managedObjectModel: model)
        let store = CountingStore(model: model)
        try coordinator.addPersistentStore(store)
        let writer = ManagedObjectContext(concurrencyType: .privateQueue, coordinator: coordinator)
        let id = try writer.performAndWait { () throws in
            let theater = try writer.insertNewObject(forEntityName: "Theater")
            theater["name"] = "Odeon"
            try writer.save()
            return theater.objectID
        }

        let reader = ManagedObjectContext(concurrencyType: .privateQueue, coordinator: coordinator)
        // Held here: the context holds unchanged objects weakly.
        let theater = reader.performAndWait { reader.object(with: id) }
        let name = reader.performAndWait { theater["name"] as? String }
        #expect(name == "Odeon")
        #expect(store.rowLookups == 0)

        // A refresh asks the store itself.
        reader.performAndWait { reader.refresh(theater, mergeChanges: true) }
        #expect(store.rowLookups == 1)
    }

    @Test func configurationsRouteEntitiesToTheirStores() throws {
        let (coordinator, films, people) = try Self.filmsAndPeopleStores()
        let context = ManagedObjectContext(concurrencyType: .privateQueue, coordinator: coordinator)

        let (movieID, employeeID) = try context.performAndWait { () throws in
            let movie = try context.insertNewObject(forEntityName: "Movie")
            let employee = try context.insertNewObject(forEntityName: "Employee")
            try context.save()
            return (movie.objectID, employee.objectID)
        }
        #expect(movieID.persistentStoreIdentifier == films.identifier)
        #expect(employeeID.persistentStoreIdentifier == people.identifier)
        #expect(try films.row(for: movieID) != nil)
        #expect(try people.row(for: movieID) == nil)
        #expect(try people.row(for: employeeID) != nil)
    }

    @Test func deletionsFromTwoStoresTakingTurnsRemoveEveryRowFromItsOwnStore() throws {
        let (coordinator, films, people) = try Self.filmsAndPeopleStores()
        let context = ManagedObjectContext(concurrencyType: .privateQueue, coordinator: coordinator)

        let ids = try context.performAndWait { () throws in
            // A movie, an employee, a movie…: each deletion starts a run of the other store.
            var objects: [ManagedObject] = []
            for _ in 0..<3 {
                objects.append(try context.insertNewObject(forEntityName: "Movie"))
                objects.append(try context.insertNewObject(forEntityName: "Employee"))
            }
            try context.save()
            let ids = objects.map(\.objectID)
            for id in ids { #expect(try films.row(for: id) != nil || people.row(for: id) != nil) }
            for object in objects { context.delete(object) }
            try context.save()
            #expect(context.registeredObjects.isEmpty && !context.hasChanges)
            return ids
        }
        #expect(Set(ids).count == 6)
        for id in ids {
            #expect(try films.row(for: id) == nil)
            #expect(try people.row(for: id) == nil)
        }
        #expect(Set(ids.map(\.persistentStoreIdentifier)) == [films.identifier, people.identifier])
    }

    @Test func storeOfAnotherModelIsRefused() throws {
        let coordinator = PersistentStoreCoordinator(managedObjectModel: try CinemaModel.make())
        let foreign = InMemoryStore(model: try CinemaModel.make())
        let error = try #require(throws: CoreDataError.self) { try coordinator.addPersistentStore(foreign) }
        #expect(error.code == .persistentStoreTypeMismatch)
    }

    @Test func addingTheSameStoreTwiceIsRefused() throws {
        let model = try CinemaModel.make()
        let coordinator = PersistentStoreCoordinator(managedObjectModel: model)
        let store = InMemoryStore(model: model)
        try coordinator.addPersistentStore(store)
        #expect(throws: CoreDataError.self) { try coordinator.addPersistentStore(store) }
        #expect(coordinator.persistentStores.count == 1)
        #expect(coordinator.persistentStore(withIdentifier: store.identifier) === store)
        coordinator.remove(store)
        #expect(coordinator.persistentStores.isEmpty)
    }

    @Test func savingWithoutAStoreExplainsWhatIsMissing() throws {
        let coordinator = PersistentStoreCoordinator(managedObjectModel: try CinemaModel.make())
        let context = ManagedObjectContext(concurrencyType: .privateQueue, coordinator: coordinator)
        let error = try context.performAndWait { () throws -> CoreDataError? in
            try context.insertNewObject(forEntityName: "Movie")["name"] = "Up"
            do {
                try context.save()
                return nil
            } catch let error as CoreDataError {
                return error
            }
        }
        #expect(error?.message.contains("No persistent store holds Movie objects") == true)
    }

    @Test func sqliteStoreNeedsAURL() throws {
        let coordinator = PersistentStoreCoordinator(managedObjectModel: try CinemaModel.make())
        #expect(throws: CoreDataError.self) { try coordinator.addPersistentStore(type: .sqlite, at: nil) }
    }
}
