import Foundation
import ObjectGraph
import Testing

@Suite("Rollback, reset and refresh")
struct RollbackResetRefreshTests {
    @Test(arguments: StoreKind.allCases)
    func rollbackDiscardsInsertsUpdatesAndDeletes(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let theater = try stack.theater("Odeon", movies: ["Up"])
        try stack.context.save()
        let up = try #require((theater["movies"] as? Set<ManagedObject>)?.first)

        theater["name"] = "Rex"
        let alien = try stack.movie("Alien")
        alien["theater"] = theater
        stack.context.delete(up)
        #expect(theater.names("movies") == ["Alien"])

        stack.context.rollback()
        #expect(!stack.context.hasChanges)
        #expect(theater.nameValue == "Odeon")
        #expect(!up.isDeleted)
        #expect(theater.names("movies") == ["Up"])
        #expect(alien.managedObjectContext == nil)
        #expect(try stack.fetch("Movie").map(\.nameValue) == ["Up"])
    }

    @Test(arguments: StoreKind.allCases)
    func resetForgetsEveryObject(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let theater = try stack.theater("Odeon")
        try stack.context.save()
        let id = theater.objectID
        try stack.theater("Unsaved")

        stack.context.reset()
        #expect(stack.context.registeredObjects.isEmpty)
        #expect(!stack.context.hasChanges)
        #expect(theater.managedObjectContext == nil)
        let again = try stack.context.existingObject(with: id)
        #expect(again !== theater)
        #expect(again.nameValue == "Odeon")
        #expect(try stack.fetch("Theater").count == 1)
    }

    @Test(arguments: StoreKind.allCases)
    func refreshWithoutMergeTurnsObjectIntoFaultWithStoredValues(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let theater = try stack.theater("Odeon")
        try stack.context.save()
        theater["name"] = "Rex"

        stack.context.refresh(theater, mergeChanges: false)
        #expect(theater.isFault)
        #expect(!theater.hasChanges)
        #expect(theater.nameValue == "Odeon")
        #expect(!theater.isFault)
    }

    @Test(arguments: StoreKind.allCases)
    func refreshWithMergeKeepsLocalChangesOverNewerStoreValues(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let theater = try stack.theater("Odeon")
        try stack.context.save()

        let other = stack.otherContext()
        try other.performAndWait { () throws in
            let copy = try other.existingObject(with: theater.objectID)
            copy["capacity"] = 700
            copy["code"] = "ODN"
            try other.save()
        }

        theater["code"] = "REX"
        stack.context.refresh(theater, mergeChanges: true)
        #expect(theater["capacity"] as? Int == 700)
        #expect(theater["code"] as? String == "REX")
        #expect(theater.isUpdated)
        // The version moved with the refresh, so saving does not conflict.
        try stack.context.save()
        let final = try other.performAndWait { () throws in
            other.refresh(try other.existingObject(with: theater.objectID), mergeChanges: false)
            return try other.existingObject(with: theater.objectID)["code"] as? String
        }
        #expect(final == "REX")
    }

    @Test(arguments: StoreKind.allCases)
    func refreshAllObjectsKeepsUnsavedChangesOverWhatOthersSaved(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let odeon = try stack.theater("Odeon")
        let rex = try stack.theater("Rex")
        try stack.context.save()
        let fresh = try stack.theater("Unsaved")
        odeon["capacity"] = 300

        let other = stack.otherContext()
        try other.performAndWait { () throws in
            for theater in try stack.fetch("Theater", in: other) {
                theater["name"] = (theater.nameValue ?? "") + " 2"
            }
            try other.save()
        }

        stack.context.refreshAllObjects()
        #expect(odeon.nameValue == "Odeon 2")
        #expect(odeon["capacity"] as? Int == 300)
        #expect(odeon.isUpdated)
        #expect(rex.nameValue == "Rex 2")
        #expect(!rex.hasChanges)
        #expect(fresh.isInserted)
        #expect(fresh.nameValue == "Unsaved")
        try stack.context.save()
    }

    @Test func refreshingWithoutMergingReadsWhatAnotherCoordinatorSaved() throws {
        let stack = try CinemaStack(.sqlite)
        let theater = try stack.theater("Odeon")
        try stack.context.save()
        let url = try #require(stack.container.persistentStoreCoordinator.persistentStores.first?.url)

        // Another coordinator on the same file (another process, as far as we can tell) saves.
        let other = PersistentContainer(name: "Other", managedObjectModel: stack.model)
        try other.loadPersistentStore(at: url)
        let theirs = try #require(try other.viewContext.fetch(FetchRequest(entityName: "Theater")).first)
        theirs["name"] = "Rex"
        try other.viewContext.save()

        stack.context.refresh(theater, mergeChanges: false)
        #expect(theater.nameValue == "Rex")
        // The refreshed object is at the stored version: saving it again is no conflict.
        theater["name"] = "Roxy"
        try stack.context.save()
    }
}
