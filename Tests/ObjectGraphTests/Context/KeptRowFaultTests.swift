import Foundation
import Testing

@testable import ObjectGraph

/// A fault a fetch makes keeps the row the fetch read, and fires from it only while the
/// coordinator's row cache still holds that row: whatever changed the cache since (another
/// context's save or delete, a row pushed out, a child context reading through its parent), the
/// fault reads what it read before it kept its row.
@Suite("Faults that keep their fetched row")
struct KeptRowFaultTests {
    /// Fetches the movie named `name` in a new background context on `stack`'s coordinator,
    /// lets `change` change or delete it there, and saves that context.
    private static func saveInAnotherContext(
        of stack: TracedCinemaStack, movieNamed name: String,
        _ change: (ManagedObject, ManagedObjectContext) -> Void
    ) throws {
        let other = stack.container.newBackgroundContext()
        try other.performAndWait {
            let request = ShowingsFixture.moviesByName()
            request.predicate = try ObjectPredicate(format: "name == %@", name)
            change(try #require(try other.fetch(request).first), other)
            try other.save()
        }
    }

    @Test func aFetchedFaultKeepsItsRowAndFiresFromItWithoutSQL() throws {
        let stack = try TracedCinemaStack.filled(by: ShowingsFixture.save(in:))
        let movies = try stack.context.fetch(ShowingsFixture.moviesByName())
        #expect(movies.allSatisfy { $0.isFault && $0.state.keepsFetchedRow })
        #expect(movies.map { $0["runtime"] as? Int } == [117, 93, 117, 155])
        #expect(movies.allSatisfy { !$0.isFault && !$0.state.keepsFetchedRow })
        #expect(stack.statements.count == 1)
        // The to-one destinations are looked up when each fault fires, not by the fetch.
        let theaters = movies.map { ($0["theater"] as? ManagedObject)?["name"] as? String }
        #expect(theaters == ["Rex", "Rex", "Odeon", nil])
    }

    @Test func aFaultFiredAfterAnotherContextSavedItsObjectReadsTheSavedRow() throws {
        let stack = try TracedCinemaStack.filled(by: ShowingsFixture.save(in:))
        let movies = try stack.context.fetch(ShowingsFixture.moviesByName())
        try Self.saveInAnotherContext(of: stack, movieNamed: "Alien") { alien, _ in alien["runtime"] = 120 }
        let alien = try #require(movies.first)
        #expect(alien.isFault)
        #expect(alien["runtime"] as? Int == 120)
        // The fault took the saved row's version too: its own save is no conflict.
        alien["runtime"] = 121
        try stack.context.save()
        let brave = try #require(movies.dropFirst().first)
        #expect(brave["runtime"] as? Int == 93)
    }

    @Test func aFaultFiredAfterAnotherContextDeletedItsObjectIsEmptyAsBefore() throws {
        let stack = try TracedCinemaStack.filled(by: ShowingsFixture.save(in:))
        let movies = try stack.context.fetch(ShowingsFixture.moviesByName())
        try Self.saveInAnotherContext(of: stack, movieNamed: "Brave") { brave, other in other.delete(brave) }
        let brave = try #require(movies.dropFirst().first)
        stack.clear()
        #expect(brave["name"] == nil && brave["runtime"] == nil)
        #expect(!brave.isFault)
        // Its row was gone from the cache: the fault looked for it in the store.
        #expect(stack.statements.count == 1)
    }

    @Test func aChildContextsFaultReadsItsParentsUnsavedValueNotTheRowItKept() throws {
        let (stack, child) = try FetchingContextKind.childOfSQLite.makeStack()
        let movies = try child.fetch(ShowingsFixture.moviesByName())
        let alien = try #require(movies.first)
        #expect(alien.isFault)
        let parentAlien = try stack.context.existingObject(with: alien.objectID)
        parentAlien["runtime"] = 99
        #expect(alien["runtime"] as? Int == 99)
    }

    @Test func aFaultTurnedBackIntoOneForgetsItsKeptRow() throws {
        let stack = try TracedCinemaStack.filled(by: ShowingsFixture.save(in:))
        let alien = try #require(try stack.context.fetch(ShowingsFixture.moviesByName()).first)
        #expect(alien["runtime"] as? Int == 117)
        stack.context.refresh(alien, mergeChanges: false)
        #expect(alien.isFault && !alien.state.keepsFetchedRow)
        #expect(alien["runtime"] as? Int == 117)
    }

    @Test func aFaultWhoseRowAnotherFetchReplacedFiresFromTheNewRowWithoutSQL() throws {
        let stack = try TracedCinemaStack.filled(by: ShowingsFixture.save(in:))
        let first = try stack.context.fetch(ShowingsFixture.moviesByName())
        let alien = try #require(first.first)
        #expect(alien["runtime"] as? Int == 117)
        let again = try stack.context.fetch(ShowingsFixture.moviesByName())
        #expect(zip(again, first).allSatisfy { $0 === $1 } && again.count == 4)
        #expect(!alien.isFault)
        // The second fetch's rows replaced the first's in the row cache: the faults no longer
        // fire from what they kept, but from the cache.
        let faults = Array(again.dropFirst())
        #expect(faults.allSatisfy { $0.isFault && $0.state.keepsFetchedRow })
        #expect(faults.allSatisfy { !$0.state.attributeValues.areHeldByRowCache })
        #expect(ShowingsFixture.names(faults) == ["Brave", "Cars", "Dune"])
        #expect(stack.statements.count == 2)
    }

    @Test(arguments: StoreKind.allCases)
    func faultsFiredWhileAnotherQueueSavesReadOnlySavedRows(_ kind: StoreKind) async throws {
        let stack = try CinemaStack(kind)
        let movieCount = 40
        let rounds = 15
        for number in 0..<movieCount {
            let movie = try stack.context.insertNewObject(forEntityName: "Movie")
            movie["name"] = "Movie \(number)"
            movie["runtime"] = 0
        }
        try stack.context.save()
        let writer = stack.otherContext()
        let reader = stack.otherContext()
        let request = FetchRequest(entityName: "Movie")
        let readRuntimes = try await withThrowingTaskGroup(of: [Int].self) { group in
            group.addTask {
                try await writer.perform {
                    for round in 1...rounds {
                        for movie in try writer.fetch(request) { movie["runtime"] = round }
                        try writer.save()
                    }
                }
                return []
            }
            group.addTask {
                try await reader.perform {
                    var runtimes: [Int] = []
                    for _ in 1...rounds {
                        reader.reset()
                        runtimes += try reader.fetch(request).map { $0["runtime"] as? Int ?? -1 }
                    }
                    return runtimes
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        // Every fault read a row some save wrote (never a torn or empty one)...
        #expect(readRuntimes.count == movieCount * rounds)
        #expect(readRuntimes.allSatisfy { (0...rounds).contains($0) })
        // ...and once the writer is done, a fault reads its last save.
        let finalRuntimes = try await reader.perform {
            reader.reset()
            return try reader.fetch(request).map { $0["runtime"] as? Int }
        }
        #expect(finalRuntimes == Array(repeating: rounds, count: movieCount))
    }
}
