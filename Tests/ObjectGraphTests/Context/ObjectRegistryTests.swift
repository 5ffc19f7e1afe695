import Foundation
import Testing

@testable import ObjectGraph

/// The context's registry finds every object under its permanent ID once saved, however many there
/// are, and forgets the temporary IDs and the deleted objects.
@Suite struct ObjectRegistryTests {
    @Test func thousandsOfSavedObjectsAreEachFoundUnderTheirPermanentIDs() throws {
        let stack = try CinemaStack(.sqlite)
        let movies = try (0..<9_000).map { try stack.movie("Movie \($0)") }
        let temporaryIDs = movies.map(\.objectID)
        try stack.context.save()
        for (movie, temporary) in zip(movies, temporaryIDs) {
            #expect(!movie.objectID.isTemporaryID)
            #expect(movie.objectID != temporary)
            #expect(stack.context.registeredObject(for: movie.objectID) === movie)
            #expect(stack.context.registeredObject(for: temporary) == nil)
        }
        // Deleting every third one leaves the others found.
        for (index, movie) in movies.enumerated() where index % 3 == 0 { stack.context.delete(movie) }
        try stack.context.save()
        for (index, movie) in movies.enumerated() where index % 3 != 0 {
            #expect(stack.context.registeredObject(for: movie.objectID) === movie)
            #expect(stack.context.object(with: movie.objectID) === movie)
        }
        #expect(try stack.fetch("Movie").count == 6_000)
    }

    @Test func deletedObjectsLeaveTheRegistryWhicheverOrderTheyWereDeletedIn() throws {
        // Deleted in the order they were fetched, the last ones are the registry's newest entries
        // and leave at once; deleted newest first, each leaves on its own. Either way the others stay.
        for newestFirst in [false, true] {
            let stack = try CinemaStack.savedAndReset(.sqlite) { stack in
                for index in 0..<3_000 { try stack.movie(String(format: "Movie %04d", index)) }
            }
            let movies = try stack.fetch("Movie", sortedBy: "name")
            let doomed = Array(movies[1_000...])
            for movie in newestFirst ? doomed.reversed() : doomed { stack.context.delete(movie) }
            try stack.context.save()
            for movie in movies[..<1_000] { #expect(stack.context.registeredObject(for: movie.objectID) === movie) }
            for movie in doomed { #expect(stack.context.registeredObject(for: movie.objectID) == nil) }
            #expect(stack.context.registeredObjects.count == 1_000)
            #expect(try stack.fetch("Movie").count == 1_000)
        }
    }
}
