import Foundation
import ObjectGraph
import SQLite
import Testing

/// Faults fired as a group (the members a cascade delete touches) are loaded with one batched
/// read per store instead of one read each.
@Suite("Batched fault loading")
struct BatchedFaultTests {
    /// Saves a theater named `Odeon` with `count` movies (`Movie 0` …) in a fresh store.
    private static func savedTheater(_ kind: StoreKind, movies count: Int) throws -> CinemaStack {
        let stack = try CinemaStack(kind)
        try stack.theater("Odeon", movies: (0..<count).map { "Movie \($0)" })
        try stack.context.save()
        return stack
    }

    @Test(arguments: StoreKind.allCases)
    func aStoreReadsTheRowsOfManyObjectsAtOnceAndSkipsMissingOnes(_ kind: StoreKind) throws {
        let stack = try Self.savedTheater(kind, movies: 300)
        let movies = try stack.fetch("Movie")
        var expected = Dictionary(uniqueKeysWithValues: movies.map { ($0.objectID, $0.nameValue) })
        let goneMovie = try #require(movies.first)
        let gone = goneMovie.objectID
        stack.context.delete(goneMovie)
        try stack.context.save()
        expected[gone] = nil
        let store = try #require(stack.container.persistentStoreCoordinator.persistentStores.first)

        let rows = try store.rows(for: movies.map(\.objectID))

        #expect(rows.count == 299)
        #expect(Set(rows.map(\.objectID)) == Set(expected.keys))
        for row in rows {
            #expect(row.values["name"] as? String == expected[row.objectID] ?? nil)
        }
    }

    /// A store holding the saved theater and its 300 movies, opened in a new stack whose SQL
    /// trace goes to `lines`.
    private static func tracedContext(lines: SQLDebugLog.Lines) throws -> ManagedObjectContext {
        let stack = try Self.savedTheater(.sqlite, movies: 300)
        let url = try #require(stack.container.persistentStoreCoordinator.persistentStores.first?.url)
        let coordinator = PersistentStoreCoordinator(managedObjectModel: stack.model)
        try coordinator.addPersistentStore(
            SQLiteStore(url: url, model: stack.model, options: .init(log: SQLDebugLog(level: 1, sink: lines.append))))
        return ManagedObjectContext(concurrencyType: .privateQueue, coordinator: coordinator)
    }

    /// Deletes the fetched theater (after `prepare`) and saves; the movies must all be gone.
    private static func deleteTheater(
        in context: ManagedObjectContext, after prepare: (ManagedObject) -> Void = { _ in }
    ) throws {
        try context.performAndWait { () throws in
            let theater = try #require(try context.fetch(FetchRequest(entityName: "Theater")).first)
            prepare(theater)
            context.delete(theater)
            #expect(context.deletedObjects.count == 301)
            #expect(context.deletedObjects.allSatisfy { !$0.isFault })
            try context.save()
            #expect(try context.count(for: FetchRequest(entityName: "Movie")) == 0)
        }
    }

    @Test func cascadeDeleteReadsUnloadedMembersWithTheirRowsInOneQuery() throws {
        let lines = SQLDebugLog.Lines()
        try Self.deleteTheater(in: try Self.tracedContext(lines: lines))
        let memberReads = lines.all.filter { $0.contains("FROM ZMOVIE t0 WHERE  t0.ZTHEATER IN (?)") }
        #expect(memberReads.count == 1)
        #expect(memberReads.first?.contains("t0.ZNAME") == true)
        #expect(!lines.all.contains { $0.contains("FROM ZMOVIE t0 WHERE  t0.Z_PK") })
    }

    @Test func cascadeDeleteLoadsMembersThatAreFaultsWithBatchedSelects() throws {
        let lines = SQLDebugLog.Lines()
        // Reading the relationship first makes its members faults (their IDs only).
        try Self.deleteTheater(in: try Self.tracedContext(lines: lines)) { theater in
            #expect((theater.value(forKey: "movies") as? Set<ManagedObject>)?.count == 300)
        }
        let batched = lines.all.filter { $0.contains("FROM ZMOVIE t0 WHERE  t0.Z_PK IN (") }
        #expect(batched.count == 2)
        #expect(!lines.all.contains { $0.contains("FROM ZMOVIE t0 WHERE  t0.Z_PK = ?") })
    }
}
