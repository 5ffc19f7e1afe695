import Foundation
import Testing

@testable import ObjectGraph

extension CinemaStack {
    /// A stack of `kind` with one saved movie named "Up" (summary "Balloons"), its context reset and
    /// the movie fetched afresh.
    static func withFetchedMovie(_ kind: StoreKind) throws -> (CinemaStack, ManagedObject) {
        let stack = try CinemaStack(kind)
        let movie = try stack.movie("Up")
        movie["summary"] = "Balloons"
        try stack.context.save()
        stack.context.reset()
        return (stack, try #require(try stack.fetch("Movie").first))
    }

    /// A stack of `kind` with a saved theater "Rex" showing movies A, B and C, its context reset.
    static func withSavedTheater(_ kind: StoreKind) throws -> CinemaStack {
        let stack = try CinemaStack(kind)
        try stack.theater("Rex", movies: ["A", "B", "C"])
        try stack.context.save()
        stack.context.reset()
        return stack
    }
}
