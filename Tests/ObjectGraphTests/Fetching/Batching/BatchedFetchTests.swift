import Foundation
import ObjectGraph
import Testing

@Suite("Batched fetches")
struct BatchedFetchTests {
    /// Ten saved movies, M0 … M9, whose runtimes run backwards from 100.
    private static func tenMovies(in context: ManagedObjectContext) throws {
        for index in 0..<10 {
            let movie = try context.insertNewObject(forEntityName: "Movie")
            movie["name"] = "M\(index)"
            movie["runtime"] = 100 - index
        }
        try context.save()
        context.reset()
    }

    @Test func aBatchedWalkSelectsKeysFirstThenOneSelectPerBatch() throws {
        let stack = try TracedCinemaStack.filled(by: Self.tenMovies(in:))
        let request = FetchRequest(entityName: "Movie")
        request.sortDescriptors = [ObjectSortDescriptor(key: "runtime")]
        request.fetchBatchSize = 4
        let movies = try stack.context.fetchInBatches(request)
        #expect(stack.statements == ["SELECT t0.Z_ENT, t0.Z_PK FROM ZMOVIE t0 ORDER BY t0.ZRUNTIME"])
        try #require(movies.count == 10)
        #expect(movies.batchSize == 4)
        #expect(stack.context.registeredObjects.isEmpty)
        #expect(movies.objectID(at: 0).primaryKey == 10)

        #expect(movies[5]["name"] as? String == "M4")
        let columns =
            "t0.Z_ENT, t0.Z_PK, t0.Z_OPT, t0.ZNAME, t0.ZSUMMARY, t0.ZRUNTIME, t0.ZRATING, t0.ZBUDGET, "
            + "t0.ZPOSTER, t0.ZIDENTIFIER, t0.ZWEBSITE, t0.ZTHEATER, t0.ZSUBJECT"
        #expect(stack.statements.last == "SELECT \(columns) FROM ZMOVIE t0 WHERE  t0.Z_PK IN (?,?,?,?,?,?,?,?)")
        #expect(stack.context.registeredObjects.count == 4)
        #expect(ShowingsFixture.names(movies) == (0..<10).reversed().map { "M\($0)" })
        #expect(stack.statements.count == 4)
        #expect(stack.statements.last == "SELECT \(columns) FROM ZMOVIE t0 WHERE  t0.Z_PK IN (?,?,?,?,?,?,?,?)")
        #expect(stack.faultLines.isEmpty)
    }

    @Test(arguments: FetchingContextKind.allCases)
    func batchedResultsEqualTheFetchIncludingUnsavedChanges(_ kind: FetchingContextKind) throws {
        let (_, context) = try kind.makeStack()
        let request = ShowingsFixture.moviesByName()
        request.fetchBatchSize = 2
        let movies = try context.fetch(request)
        try #require(movies.count > 2)
        context.delete(movies[2])  // Cars
        movies[0]["name"] = "Zulu"  // Alien goes last
        try context.insertNewObject(forEntityName: "Movie")["name"] = "Bambi"
        try context.insertNewObject(forEntityName: "Movie")["name"] = "Aardvark"
        let batched = try context.fetchInBatches(request)
        #expect(ShowingsFixture.names(batched) == ["Aardvark", "Bambi", "Brave", "Dune", "Zulu"])
        #expect(Array(batched).elementsEqual(try context.fetch(request), by: ===))

        request.predicate = try ObjectPredicate(format: "name BEGINSWITH %@", "B")
        #expect(ShowingsFixture.names(try context.fetchInBatches(request)) == ["Bambi", "Brave"])
        request.predicate = nil
        request.sortDescriptors = []
        #expect(Array(try context.fetchInBatches(request)).elementsEqual(try context.fetch(request), by: ===))
    }

    @Test(arguments: FetchingContextKind.allCases)
    func batchedResultsApplyOffsetLimitAndPrefetching(_ kind: FetchingContextKind) throws {
        let (_, context) = try kind.makeStack()
        let request = ShowingsFixture.moviesByName()
        request.fetchBatchSize = 2
        request.fetchOffset = 1
        request.fetchLimit = 2
        request.relationshipKeyPathsForPrefetching = ["theater"]
        let batched = try context.fetchInBatches(request)
        #expect(ShowingsFixture.names(batched) == ["Brave", "Cars"])
        #expect(batched.map { ($0["theater"] as? ManagedObject)?.isFault } == [false, false])
    }

    @Test func batchedResultsKeepOnlyTheRecentBatches() throws {
        let stack = try CinemaStack()
        try Self.tenMovies(in: stack.context)
        let request = FetchRequest(entityName: "Movie")
        request.fetchBatchSize = 2
        weak var first: ManagedObject?
        let movies = try stack.context.fetchInBatches(request)
        try #require(movies.count == 10)
        do {
            first = movies[0]
            for movie in movies { _ = movie["name"] }
        }
        // The collection holds the last three batches only, and the context holds unchanged
        // objects weakly, so the first batch is gone.
        #expect(first == nil)
        #expect(stack.context.registeredObject(for: movies.objectID(at: 0)) == nil)
        #expect(stack.context.registeredObjects.count == 2 * BatchedFetchResults.retainedBatchCount)
        #expect(movies[0]["name"] as? String == "M0")
    }

    @Test func aZeroBatchSizeLoadsEverythingAtOnce() throws {
        let stack = try TracedCinemaStack.filled(by: Self.tenMovies(in:))
        let movies = try stack.context.fetchInBatches(FetchRequest(entityName: "Movie"))
        #expect(movies.batchSize == 10)
        try #require(movies.count == 10)
        _ = movies[9]["name"]
        #expect(stack.statements.count == 2)
        #expect(stack.context.registeredObjects.count == 10)
    }
}

// MARK: - Edges: empty, partial and single batches, changes and deletions while walking

extension BatchedFetchTests {
    /// Movies by runtime (M9 first), `batchSize` at a time.
    private static func byRuntime(batchSize: Int) -> FetchRequest {
        let request = FetchRequest(entityName: "Movie")
        request.sortDescriptors = [ObjectSortDescriptor(key: "runtime")]
        request.fetchBatchSize = batchSize
        return request
    }

    /// The `IN` list of a batched read padded to `width` keys.
    private static func inList(_ width: Int) -> String {
        "t0.Z_PK IN (" + Array(repeating: "?", count: width).joined(separator: ",") + ")"
    }

    private static let descendingNames = (0..<10).reversed().map { "M\($0)" }

    @Test func anEmptyResultRunsOnlyTheKeySelect() throws {
        let stack = try TracedCinemaStack.filled(by: Self.tenMovies(in:))
        let request = Self.byRuntime(batchSize: 4)
        request.predicate = try ObjectPredicate(format: "name == %@", "Nobody")
        let movies = try stack.context.fetchInBatches(request)
        #expect(movies.isEmpty)
        #expect(Array(movies).isEmpty)
        #expect(stack.statements.count == 1)
        #expect(stack.context.registeredObjects.isEmpty)
    }

    @Test func theLastBatchHoldsWhatIsLeft() throws {
        let stack = try TracedCinemaStack.filled(by: Self.tenMovies(in:))
        let movies = try stack.context.fetchInBatches(Self.byRuntime(batchSize: 3))
        try #require(movies.count == 10)
        #expect(movies[9]["name"] as? String == "M0")
        // Only the last batch, of one movie, was read.
        #expect(stack.statements.count == 2)
        #expect(stack.statements.last?.hasSuffix(Self.inList(8)) == true)
        #expect(stack.context.registeredObjects.count == 1)
        #expect(ShowingsFixture.names(movies) == Self.descendingNames)
        // Four batches in order; the last one read first had been let go by then (only the
        // three most recent are kept), so it is read again.
        #expect(stack.statements.count == 6)
    }

    @Test func aBatchSizeOfOneReadsEachObjectWithItsOwnSelect() throws {
        let stack = try TracedCinemaStack.filled(by: Self.tenMovies(in:))
        let movies = try stack.context.fetchInBatches(Self.byRuntime(batchSize: 1))
        #expect(movies.batchSize == 1)
        #expect(ShowingsFixture.names(movies) == Self.descendingNames)
        let reads = stack.statements.dropFirst()
        #expect(reads.count == 10)
        #expect(reads.allSatisfy { $0.hasSuffix(Self.inList(8)) })
        #expect(stack.faultLines.isEmpty)
    }

    @Test func aBatchLargerThanTheResultIsReadAtOnce() throws {
        let stack = try TracedCinemaStack.filled(by: Self.tenMovies(in:))
        let movies = try stack.context.fetchInBatches(Self.byRuntime(batchSize: 50))
        #expect(movies.batchSize == 50)
        try #require(movies.count == 10)
        #expect(movies[4]["name"] as? String == "M5")
        #expect(stack.statements.count == 2)
        #expect(stack.statements.last?.hasSuffix(Self.inList(16)) == true)
        #expect(stack.context.registeredObjects.count == 10)
        #expect(ShowingsFixture.names(movies) == Self.descendingNames)
        #expect(stack.statements.count == 2)
    }

    @Test func anObjectChangedWhileWalkingKeepsItsChangesWhenItsBatchIsReadAgain() throws {
        let stack = try TracedCinemaStack.filled(by: Self.tenMovies(in:))
        let movies = try stack.context.fetchInBatches(Self.byRuntime(batchSize: 2))
        try #require(movies.count == 10)
        movies[1]["name"] = "Changed"
        // Walking on releases the first batch; the context keeps the changed movie.
        for movie in movies { _ = movie["name"] }
        let changed = try #require(stack.context.registeredObject(for: movies.objectID(at: 1)))
        #expect(stack.context.registeredObject(for: movies.objectID(at: 0)) == nil)
        stack.clear()
        #expect(movies[1] === changed)
        #expect(movies[1]["name"] as? String == "Changed")
        #expect(movies[0]["name"] as? String == "M9")
        // The batch is read again for the movie that was released alone.
        #expect(stack.statements.count == 1)
        #expect(stack.context.updatedObjects == [changed])
    }

    @Test func aRowDeletedAfterTheKeysWereReadIsAnEmptyFault() throws {
        let stack = try TracedCinemaStack.filled(by: Self.tenMovies(in:))
        let movies = try stack.context.fetchInBatches(Self.byRuntime(batchSize: 4))
        try #require(movies.count == 10)
        let other = try TracedCinemaStack(reopening: stack)
        let gone = try #require(try other.fetchFirst("Movie", named: "M7"))
        other.context.delete(gone)
        try other.context.save()

        #expect(movies.objectID(at: 2) == gone.objectID)
        #expect(movies[2].isFault)
        #expect(movies[2]["name"] == nil)
        #expect(ShowingsFixture.names(movies).filter { $0 != "<nil>" } == Self.descendingNames.filter { $0 != "M7" })
    }

    @Test func aBatchWalkedPastLetsGoOfItsToOneDestinations() throws {
        let stack = try TracedCinemaStack.filled { context in
            try Self.tenMovies(in: context)
            let request = FetchRequest(entityName: "Movie")
            request.predicate = try ObjectPredicate(format: "name == %@", "M0")
            let theater = try context.insertNewObject(forEntityName: "Theater")
            theater["name"] = "Rex"
            for movie in try context.fetch(request) { movie["theater"] = theater }
            try context.save()
        }
        let request = FetchRequest(entityName: "Movie")
        request.sortDescriptors = [ObjectSortDescriptor(key: "name")]
        request.fetchBatchSize = 1
        let movies = try stack.context.fetchInBatches(request)
        let theaterID = try #require((movies[0]["theater"] as? ManagedObject)?.objectID)
        for movie in movies { _ = movie["name"] }
        // Only the movies of the batches kept are left: M0's theater went with M0.
        #expect(stack.context.registeredObject(for: theaterID) == nil)
        #expect(stack.context.registeredObjects.count == BatchedFetchResults.retainedBatchCount)
    }
}
