import Foundation
import ObjectGraph
import Testing

/// A sort key that names nothing stored fails the fetch with the same error on both stores,
/// instead of the in-memory store quietly sorting by nothing.
@Suite struct SortKeyCheckTests {
    /// Each key with the message both stores give.
    static let unstoredKeys: [(String, String)] = [
        (
            "nosuch",
            "Cannot sort or filter Movie by \"nosuch\": Movie has no stored attribute or to-one relationship "
                + "named \"nosuch\"."
        ),
        (
            "theater.movies",
            "Cannot sort or filter Movie by \"theater.movies\": Theater has no stored attribute or to-one "
                + "relationship named \"movies\"."
        ),
        ("name.length", "Cannot follow \"name\" in \"name.length\": it is not a to-one relationship of Movie."),
        // An empty key names nothing (the SQLite store used to sort by the primary key instead).
        ("", "Cannot sort or filter Movie by \"\": Movie has no stored attribute or to-one relationship named \"\"."),
        (
            "theater..name",
            "Cannot sort or filter Movie by \"theater..name\": Theater has no stored attribute or to-one "
                + "relationship named \"\"."
        ),
    ]

    @Test(arguments: StoreKind.allCases, unstoredKeys)
    func anUnstoredSortKeyFailsTheFetchAlikeOnBothStores(_ kind: StoreKind, _ key: (String, String)) throws {
        let stack = try CinemaStack(kind)
        try stack.theater("Odeon", movies: ["Up", "Heat"])
        try stack.context.save()
        let request = FetchRequest(entityName: "Movie")
        request.sortDescriptors = [ObjectSortDescriptor(key: key.0)]

        let error = try #require(throws: CoreDataError.self) { try stack.context.fetch(request) }
        #expect(error.code == .persistentStoreOperation)
        #expect(error.message == key.1)
    }

    @Test(arguments: StoreKind.allCases)
    func storedKeysThroughToOnesAndOfSubentitiesStillSort(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        try stack.theater("Odeon", movies: ["Up"])
        try stack.theater("Avalon", movies: ["Heat"])
        try stack.context.save()
        let request = FetchRequest(entityName: "Movie")
        request.sortDescriptors = [ObjectSortDescriptor(key: "theater.name"), ObjectSortDescriptor(key: "subject")]
        #expect(try stack.context.fetch(request).map(\.nameValue) == ["Heat", "Up"])
    }
}
