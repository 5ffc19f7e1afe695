import Foundation
import Testing

@testable import ObjectGraph

/// The members a cascade deletes are first detached from the deleted object, each recording the
/// change as any change is recorded.
@Suite("Cascade detaching")
struct CascadeDetachTests {
    /// A saved theater with `count` movies, fetched afresh (its members not loaded yet).
    private static func savedTheater(_ kind: StoreKind, movies count: Int) throws -> (CinemaStack, ManagedObject) {
        let stack = try CinemaStack(kind)
        try stack.theater("Rex", movies: (0..<count).map { "Movie \($0)" })
        try stack.context.save()
        stack.context.reset()
        return (stack, try #require(try stack.fetch("Theater").first))
    }

    @Test(arguments: StoreKind.allCases)
    func eachMemberRecordsItsInverseAsChangedAndKeepsItsOwnChanges(_ kind: StoreKind) throws {
        let (stack, theater) = try Self.savedTheater(kind, movies: 3)
        stack.context.delete(theater)
        let movies = stack.context.deletedObjects.filter { $0.entity.name == "Movie" }.sorted {
            ($0.nameValue ?? "") < ($1.nameValue ?? "")
        }
        try #require(movies.count == 3)
        for movie in movies {
            #expect(Array(movie.changedValues().keys) == ["theater"])
            #expect(movie.committedValues(forKeys: ["theater"])["theater"] as? ManagedObject === theater)
        }
        // A later change of one member is that member's alone.
        movies[0]["summary"] = "Rewritten"
        #expect(Set(movies[0].changedValues().keys) == ["summary", "theater"])
        #expect(Array(movies[1].changedValues().keys) == ["theater"])
        #expect(movies[1].changedKeys == ["theater"])
    }

    @Test(arguments: StoreKind.allCases)
    func rollingBackACascadeLeavesEveryMemberUnchanged(_ kind: StoreKind) throws {
        let (stack, theater) = try Self.savedTheater(kind, movies: 40)
        stack.context.delete(theater)
        stack.context.rollback()
        #expect(!stack.context.hasChanges)
        let movies = try #require(theater.value(forKey: "movies") as? Set<ManagedObject>)
        #expect(movies.count == 40)
        #expect(movies.allSatisfy { !$0.isDeleted && !$0.isUpdated })
        #expect(movies.allSatisfy { $0.value(forKey: "theater") as? ManagedObject === theater })
    }

    @Test func anObservedMemberSeesItsInverseChangeOnce() throws {
        let (stack, theater) = try Self.savedTheater(.sqlite, movies: 2)
        let movies = try #require(theater.value(forKey: "movies") as? Set<ManagedObject>).sorted {
            ($0.nameValue ?? "") < ($1.nameValue ?? "")
        }
        try #require(movies.count == 2)
        var seen: [Bool] = []
        let token = movies[0].observe("theater", options: [.prior, .new]) { movie, _ in
            // Before the change the member is not updated yet; after it, it is.
            seen.append(movie.isUpdated)
        }
        stack.context.delete(theater)
        withExtendedLifetime(token) {}
        #expect(seen == [false, true])
        #expect(movies.allSatisfy { $0.isDeleted })
    }

    @Test func savingNewObjectsReplacesAFaultRegisteredUnderOneOfTheirNewIDs() throws {
        let stack = try CinemaStack(.sqlite)
        let store = try #require(stack.container.persistentStoreCoordinator.persistentStores.first)
        let movieEntity = try #require(stack.model.entitiesByName["Movie"])
        // A fault for a row that does not exist yet, under the first key new movies will get.
        let firstID = ManagedObjectID(entity: movieEntity, primaryKey: 1, persistentStoreIdentifier: store.identifier)
        let fault = stack.context.object(with: firstID)
        #expect(stack.context.registeredObject(for: firstID) === fault)
        let movies = try (0..<40).map { try stack.movie("Movie \($0)") }
        try stack.context.save()
        let saved = try #require(movies.first { $0.objectID == firstID })
        #expect(stack.context.registeredObject(for: firstID) === saved)
        #expect(stack.context.object(with: firstID) === saved)
        for movie in movies { #expect(stack.context.registeredObject(for: movie.objectID) === movie) }
        withExtendedLifetime(fault) {}
    }
}
