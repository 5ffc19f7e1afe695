import Foundation
import ObjectGraph
import Testing

@Suite("Delete rules")
struct DeleteRuleTests {
    @Test(arguments: StoreKind.allCases)
    func deletingTheaterCascadesToMoviesAtOnce(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let theater = try stack.theater("Odeon", movies: ["Up", "Alien"])
        try stack.context.save()
        let movies = try #require(theater["movies"] as? Set<ManagedObject>)

        stack.context.delete(theater)
        let allDeleted = movies.allSatisfy { $0.isDeleted }
        #expect(allDeleted)
        #expect(stack.context.deletedObjects.count == 3)
        #expect(try stack.fetch("Movie").isEmpty)

        try stack.context.save()
        #expect(try stack.fetch("Movie").isEmpty)
        #expect(try stack.fetch("Theater").isEmpty)
        let other = stack.otherContext()
        #expect(try other.performAndWait { try other.count(for: FetchRequest(entityName: "Movie")) } == 0)
    }

    @Test(arguments: StoreKind.allCases)
    func deletingMovieNullifiesAndLeavesTheSetImmediately(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let theater = try stack.theater("Odeon", movies: ["Up", "Alien"])
        try stack.context.save()
        let up = try #require((theater["movies"] as? Set<ManagedObject>)?.first { $0.nameValue == "Up" })

        stack.context.delete(up)
        // The 2009 bug: the deleted object must not linger in the set until save.
        #expect(theater.names("movies") == ["Alien"])
        #expect(theater.value(forKeyPath: "movies.@count") as? Int == 1)
        #expect(!theater.isDeleted)

        try stack.context.save()
        let other = stack.otherContext()
        let names = try other.performAndWait { () throws in
            try #require(try stack.fetch("Theater", in: other).first).names("movies")
        }
        #expect(names == ["Alien"])
    }

    @Test(arguments: StoreKind.allCases)
    func denyFailsAtSaveNamingObjectAndRelationship(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let theater = try stack.theater("Odeon")
        let employee = try stack.context.insertNewObject(forEntityName: "Employee")
        employee["name"] = "Ann"
        employee["theater"] = theater
        try stack.context.save()

        stack.context.delete(theater)
        #expect(theater.isDeleted)
        #expect(employee["theater"] as? ManagedObject === theater)
        let error = try #require(throws: CoreDataError.self) { try stack.context.save() }
        #expect(error.code == .validationRelationshipDeniedDelete)
        #expect(error.objectID == theater.objectID)
        #expect(error.key == "staff")
        #expect(error.message.contains("Theater"))
        #expect(error.message.contains("\"staff\""))

        // Fix it: the employee leaves first; the save then succeeds.
        employee["theater"] = nil
        try stack.context.save()
        #expect(try stack.fetch("Theater").isEmpty)
        #expect(try stack.fetch("Employee").map(\.nameValue) == ["Ann"])
    }

    @Test func denyAllowsDeleteWhenTheRelationshipIsEmpty() throws {
        let stack = try CinemaStack()
        let theater = try stack.theater("Odeon")
        try stack.context.save()
        stack.context.delete(theater)
        try stack.context.save()
        #expect(try stack.fetch("Theater").isEmpty)
    }

    @Test func noActionLeavesTheToOneInversePointingAtTheDeletedObject() throws {
        let stack = try CinemaStack()
        let employee = try stack.context.insertNewObject(forEntityName: "Employee")
        employee["name"] = "Ann"
        let badge = try stack.context.insertNewObject(forEntityName: "Badge")
        employee["badge"] = badge

        stack.context.delete(employee)
        #expect(employee["badge"] == nil)
        #expect(badge["holder"] as? ManagedObject === employee)
        #expect(!badge.isDeleted)
    }

    @Test func cascadeFollowsChainsAndStopsAtCycles() throws {
        let stack = try CinemaStack()
        let theater = try stack.theater("Odeon", movies: ["Up"])
        let movie = try #require((theater["movies"] as? Set<ManagedObject>)?.first)
        let playlist = try stack.context.insertNewObject(forEntityName: "Playlist")
        playlist["title"] = "Weekend"
        playlist.mutableOrderedSetValue(forKey: "movies").append(movie)

        stack.context.delete(theater)
        #expect(movie.isDeleted)
        #expect(!playlist.isDeleted)
        #expect((playlist["movies"] as? OrderedSet<ManagedObject>)?.isEmpty == true)
    }

    @Test(arguments: StoreKind.allCases)
    func cascadeOverThousandsOfMoviesRemovesEveryRow(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let theater = try stack.theater("Multiplex")
        let movies = theater.mutableSetValue(forKey: "movies")
        for number in 0..<3_000 { movies.insert(try stack.movie("Movie \(number)")) }
        try stack.theater("Other", movies: ["Kept"])
        try stack.context.save()
        stack.context.reset()

        let fetched = try #require(try stack.fetch("Theater", sortedBy: "name").first)
        #expect(fetched.value(forKeyPath: "movies.@count") as? Int == 3_000)
        stack.context.delete(fetched)
        #expect(stack.context.deletedObjects.count == 3_001)
        try stack.context.save()
        #expect(try stack.fetch("Movie").map(\.nameValue) == ["Kept"])
    }
}
