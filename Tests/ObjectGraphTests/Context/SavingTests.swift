import Foundation
import ObjectGraph
import Testing

@Suite("Saving")
struct SavingTests {
    @Test(arguments: StoreKind.allCases)
    func saveTurnsTemporaryIDsIntoPermanentOnes(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let theater = try stack.theater("Odeon", movies: ["Up", "Alien"])
        let temporary = theater.objectID
        try stack.context.save()

        #expect(!theater.objectID.isTemporaryID)
        #expect(theater.objectID != temporary)
        let store = try #require(stack.container.persistentStoreCoordinator.persistentStores.first)
        #expect(theater.objectID.uriRepresentation().absoluteString == "x-coredata://\(store.identifier)/Theater/p1")
        #expect(stack.context.registeredObject(for: theater.objectID) === theater)
        #expect(stack.context.registeredObject(for: temporary) == nil)
        #expect(!stack.context.hasChanges)
        #expect(!theater.isInserted)
        #expect(stack.context.insertedObjects.isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func savedObjectsComeBackInAnotherContext(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let movie = try stack.movie("Up")
        movie["rating"] = 8.3
        movie["budget"] = Decimal(string: "175000000.50")
        movie["poster"] = Data([0, 1, 2, 255])
        let identifier = UUID()
        movie["identifier"] = identifier
        movie["website"] = URL(string: "https://example.com/up")
        movie["theater"] = try stack.theater("Odeon")
        try stack.context.save()

        let other = stack.otherContext()
        try other.performAndWait { () throws in
            let fetched = try #require(try stack.fetch("Movie", in: other).first)
            #expect(fetched !== movie)
            #expect(fetched.objectID == movie.objectID)
            #expect(fetched["rating"] as? Double == 8.3)
            #expect(fetched["budget"] as? Decimal == Decimal(string: "175000000.50"))
            #expect(fetched["poster"] as? Data == Data([0, 1, 2, 255]))
            #expect(fetched["identifier"] as? UUID == identifier)
            #expect(fetched["website"] as? URL == URL(string: "https://example.com/up"))
            #expect(fetched.value(forKeyPath: "theater.name") as? String == "Odeon")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func failedSaveLeavesContextAndStoreAsTheyWereAndRetrySucceeds(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        try stack.theater("Odeon", movies: ["Up"])
        try stack.context.save()

        let theater = try #require(try stack.fetch("Theater").first)
        theater["name"] = "Rex"
        let broken = try stack.movie("placeholder")
        broken["name"] = nil
        broken["theater"] = theater
        let temporary = broken.objectID

        #expect(throws: CoreDataError.self) { try stack.context.save() }

        // The context still holds every change, exactly as before the call.
        #expect(stack.context.hasChanges)
        #expect(broken.isInserted && broken.objectID == temporary)
        #expect(theater.isUpdated)
        #expect(theater.names("movies") == ["Up"])
        #expect(theater.changedValues()["name"] as? String == "Rex")
        // The store holds nothing of it.
        let other = stack.otherContext()
        try other.performAndWait { () throws in
            #expect(try stack.fetch("Theater", in: other).map(\.nameValue) == ["Odeon"])
            #expect(try other.count(for: FetchRequest(entityName: "Movie")) == 1)
        }

        broken["name"] = "Brave"
        try stack.context.save()
        #expect(!broken.objectID.isTemporaryID)
        // A fresh context: the first one keeps the objects it already holds, as Core Data does.
        let third = stack.otherContext()
        try third.performAndWait { () throws in
            #expect(try stack.fetch("Movie", sortedBy: "name", in: third).map(\.nameValue) == ["Brave", "Up"])
            #expect(try stack.fetch("Theater", in: third).map(\.nameValue) == ["Rex"])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func savingWithoutChangesDoesNothing(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        try stack.context.save()
        #expect(!stack.context.hasChanges)
        #expect(try stack.fetch("Theater").isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func insertedThenDeletedObjectNeverReachesTheStore(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let movie = try stack.movie("Ghost")
        stack.context.delete(movie)
        #expect(movie.isDeleted)
        #expect(!movie.isInserted)
        #expect(stack.context.insertedObjects.isEmpty)
        #expect(stack.context.deletedObjects.isEmpty)
        try stack.context.save()
        #expect(try stack.fetch("Movie").isEmpty)
        #expect(movie.managedObjectContext == nil)
    }

    @Test(arguments: StoreKind.allCases)
    func updatesAreWrittenAndVersionsMoveOn(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let theater = try stack.theater("Odeon")
        try stack.context.save()
        theater["name"] = "Rex"
        try stack.context.save()
        theater["capacity"] = 300
        try stack.context.save()

        let coordinator = stack.container.persistentStoreCoordinator
        let store = try #require(coordinator.persistentStores.first)
        let row = try #require(try store.row(for: theater.objectID))
        #expect(row.version == 3)
        #expect(row.values["name"] as? String == "Rex")
        #expect(row.values["capacity"] as? Int == 300)
    }

    @Test(arguments: StoreKind.allCases)
    func transientAttributesAreNotSaved(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let theater = try stack.theater("Odeon")
        theater["note"] = "remember to check the projector"
        try stack.context.save()
        #expect(theater["note"] as? String == "remember to check the projector")

        let store = try #require(stack.container.persistentStoreCoordinator.persistentStores.first)
        let row = try #require(try store.row(for: theater.objectID))
        #expect(row.values["note"] == nil)
    }

    @Test func aRowBreakingAUniquenessConstraintFailsTheSaveWith133021() throws {
        let tag = EntityDescription(
            name: "Tag", properties: [AttributeDescription(name: "name", type: .string)],
            uniquenessConstraints: [["name"]])
        let stack = try CinemaStack(.sqlite, model: try ManagedObjectModel(entities: [tag]))
        let first = try stack.context.insertNewObject(forEntityName: "Tag")
        first["name"] = "drama"
        try stack.context.save()
        let second = try stack.context.insertNewObject(forEntityName: "Tag")
        second["name"] = "drama"

        // NSManagedObjectConstraintMergeError, as Core Data reports it under the default merge policy.
        let error = try #require(throws: CoreDataError.self) { try stack.context.save() }
        #expect(error.code == .managedObjectConstraintMerge)
        #expect(error.code.rawValue == 133021)
        #expect(second.isInserted)
        second["name"] = "comedy"
        try stack.context.save()
        #expect(try stack.fetch("Tag").count == 2)
    }
}
