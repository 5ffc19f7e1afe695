import Foundation
import ObjectGraph
import Testing

@Suite("Batched fetches at their edges")
struct BatchedFetchEdgeTests {
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
}
