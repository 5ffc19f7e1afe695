import Foundation
import ObjectGraph
import Testing

@Suite("Change tracking")
struct ChangeTrackingTests {
    @Test(arguments: StoreKind.allCases)
    func changedValuesListOnlyRealChanges(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let theater = try stack.theater("Odeon")
        theater["capacity"] = 100
        try stack.context.save()
        #expect(theater.changedValues().isEmpty)

        theater["name"] = "Rex"
        theater["capacity"] = 100
        let changes = theater.changedValues()
        #expect(Set(changes.keys) == ["name"])
        #expect(changes["name"] as? String == "Rex")
        #expect(theater.isUpdated)
        #expect(stack.context.updatedObjects == [theater])

        theater["name"] = "Odeon"
        #expect(theater.changedValues().isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func committedValuesAreTheStoredOnes(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let theater = try stack.theater("Odeon", movies: ["Up"])
        #expect(theater.committedValues(forKeys: nil).isEmpty)
        try stack.context.save()
        let movie = try #require((theater["movies"] as? Set<ManagedObject>)?.first)

        movie["name"] = "Down"
        movie["theater"] = nil
        let committed = movie.committedValues(forKeys: ["name", "theater"])
        #expect(committed["name"] as? String == "Up")
        #expect(committed["theater"] as? ManagedObject === theater)
        #expect(movie["name"] as? String == "Down")
        let all = theater.committedValues(forKeys: nil)
        #expect(all["name"] as? String == "Odeon")
        #expect((all["movies"] as? Set<ManagedObject>) == [movie])
    }

    @Test(arguments: StoreKind.allCases)
    func aValueWrittenBackLeavesTheObjectUpdatedWithoutPersistentChangedValues(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let theater = try stack.theater("Odeon")
        #expect(theater.hasPersistentChangedValues)
        try stack.context.save()
        #expect(!theater.hasPersistentChangedValues)

        theater["name"] = "Rex"
        #expect(theater.hasPersistentChangedValues)
        theater["name"] = "Odeon"
        #expect(!theater.hasPersistentChangedValues)
        #expect(theater.changedValues().isEmpty)
        #expect(theater.isUpdated)

        // A transient change updates the object, but is no persistent change.
        theater["note"] = "refurbished"
        #expect(!theater.hasPersistentChangedValues)
        #expect(theater.isUpdated)
        theater["capacity"] = 200
        #expect(theater.hasPersistentChangedValues)
    }

    @Test func relationshipChangesShowOnBothSides() throws {
        let stack = try CinemaStack()
        let theater = try stack.theater("Odeon")
        let movie = try stack.movie("Up")
        try stack.context.save()

        movie["theater"] = theater
        #expect(Set(movie.changedValues().keys) == ["theater"])
        #expect(Set(theater.changedValues().keys) == ["movies"])
        #expect(stack.context.updatedObjects == [theater, movie])
    }

    @Test func insertedObjectReportsEveryValueAsChanged() throws {
        let stack = try CinemaStack()
        let movie = try stack.movie("Up")
        let changes = movie.changedValues()
        #expect(changes["name"] as? String == "Up")
        #expect(changes["runtime"] as? Int == 90)
        #expect(changes["summary"] == nil)
    }

    @Test func hasChangesFollowsInsertsUpdatesAndDeletes() throws {
        let stack = try CinemaStack()
        #expect(!stack.context.hasChanges)
        let theater = try stack.theater("Odeon")
        #expect(stack.context.hasChanges)
        try stack.context.save()
        #expect(!stack.context.hasChanges)
        theater["capacity"] = 10
        #expect(stack.context.hasChanges)
        try stack.context.save()
        stack.context.delete(theater)
        #expect(stack.context.hasChanges)
        #expect(stack.context.deletedObjects == [theater])
        try stack.context.save()
        #expect(!stack.context.hasChanges)
        #expect(!theater.isDeleted)
        #expect(theater.managedObjectContext == nil)
    }
}
