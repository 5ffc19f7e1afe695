import Foundation
import ObjectGraph
import Testing

/// What a save hands to its store: the seam every store (SQLite, in-memory) implements.
@Suite("Change sets handed to the store")
struct StoreChangesTests {
    private let model: ManagedObjectModel
    private let store: CountingStore
    private let context: ManagedObjectContext

    init() throws {
        model = try CinemaModel.make()
        let coordinator = PersistentStoreCoordinator(managedObjectModel: model)
        store = CountingStore(model: model)
        try coordinator.addPersistentStore(store)
        context = ManagedObjectContext(concurrencyType: .privateQueue, coordinator: coordinator)
    }

    @Test func insertsCarryPermanentIDsValuesAndToManyMembers() throws {
        try context.performAndWait { () throws in
            let theater = try context.insertNewObject(forEntityName: "Theater")
            theater["name"] = "Odeon"
            let movie = try context.insertNewObject(forEntityName: "Movie")
            movie["name"] = "Up"
            movie["theater"] = theater
            try context.save()

            let changes = try #require(store.savedChanges.last)
            #expect(changes.insertedRows.count == 2)
            #expect(changes.insertedRows.allSatisfy { !$0.objectID.isTemporaryID && $0.version == 1 })
            let movieRow = try #require(changes.insertedRows.first { $0.objectID.entity.name == "Movie" })
            #expect(movieRow.values["name"] as? String == "Up")
            #expect(movieRow.values["runtime"] as? Int == 90)
            #expect(movieRow.values["theater"] as? ManagedObjectID == theater.objectID)
            #expect(movieRow.values["summary"] == nil)
            let toMany = try #require(changes.toManyChanges.first)
            #expect(changes.toManyChanges.count == 1)
            #expect(toMany.relationship.name == "movies")
            #expect(toMany.objectID == theater.objectID)
            #expect(toMany.destinations == [movie.objectID])
            #expect(toMany.insertedDestinations == [movie.objectID])
        }
    }

    @Test func updatesCarryTheReadVersionAndOnlyChangedKeys() throws {
        try context.performAndWait { () throws in
            let odeon = try context.insertNewObject(forEntityName: "Theater")
            odeon["name"] = "Odeon"
            let rex = try context.insertNewObject(forEntityName: "Theater")
            rex["name"] = "Rex"
            let movie = try context.insertNewObject(forEntityName: "Movie")
            movie["name"] = "Up"
            movie["theater"] = odeon
            try context.save()

            movie["theater"] = rex
            movie["summary"] = "A house flies"
            movie["name"] = "Up"
            try context.save()

            let changes = try #require(store.savedChanges.last)
            #expect(changes.insertedRows.isEmpty)
            let movieUpdate = try #require(changes.updatedRows.first { $0.objectID == movie.objectID })
            #expect(movieUpdate.version == 1)
            #expect(movieUpdate.changedKeys == ["theater", "summary"])
            #expect(movieUpdate.values["name"] as? String == "Up")
            // Both theaters' movie sets changed: their rows are updated (version bump) with no
            // changed columns, and each to-many change is reported.
            let theaterUpdates = changes.updatedRows.filter { $0.objectID.entity.name == "Theater" }
            #expect(Set(theaterUpdates.map(\.objectID)) == [odeon.objectID, rex.objectID])
            #expect(theaterUpdates.allSatisfy { $0.changedKeys.isEmpty })
            let removed = try #require(changes.toManyChanges.first { $0.objectID == odeon.objectID })
            #expect(removed.destinations.isEmpty)
            #expect(removed.removedDestinations == [movie.objectID])
            let added = try #require(changes.toManyChanges.first { $0.objectID == rex.objectID })
            #expect(added.insertedDestinations == [movie.objectID])
        }
    }

    @Test func deletesCarryTheReadVersion() throws {
        try context.performAndWait { () throws in
            let theater = try context.insertNewObject(forEntityName: "Theater")
            theater["name"] = "Odeon"
            try context.save()
            theater["name"] = "Rex"
            try context.save()

            context.delete(theater)
            try context.save()
            let changes = try #require(store.savedChanges.last)
            #expect(changes.deletedObjects.map(\.objectID) == [theater.objectID])
            #expect(changes.deletedObjects.first?.version == 2)
        }
    }

    @Test func writingAValueBackToItsStoredValueWritesNothing() throws {
        try context.performAndWait { () throws in
            let theater = try context.insertNewObject(forEntityName: "Theater")
            theater["name"] = "Odeon"
            try context.save()
            let saves = store.savedChanges.count

            theater["name"] = "Rex"
            theater["name"] = "Odeon"
            #expect(theater.isUpdated)
            try context.save()
            #expect(store.savedChanges.count == saves)
            #expect(!context.hasChanges)
        }
    }
}
