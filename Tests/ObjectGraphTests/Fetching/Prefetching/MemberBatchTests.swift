import Foundation
import Testing

@testable import ObjectGraph

/// The members of to-many relationships read for many owners at once come in batches, each
/// made into objects as it is read, and still land in the right owner's relationship.
@Suite("Member batches")
struct MemberBatchTests {
    /// Three theaters showing 300 movies each, saved so that their rows interleave in the table
    /// (`T0 0`, `T1 0`, `T2 0`, `T0 1`, …), and a fourth showing nothing.
    private static func interleaved(in context: ManagedObjectContext) throws {
        var theaters: [ManagedObject] = []
        for name in ["T0", "T1", "T2", "Empty"] {
            let theater = try context.insertNewObject(forEntityName: "Theater")
            theater["name"] = name
            theaters.append(theater)
        }
        for number in 0..<300 {
            for (index, theater) in theaters.prefix(3).enumerated() {
                let movie = try context.insertNewObject(forEntityName: "Movie")
                movie["name"] = "T\(index) \(number)"
                movie["theater"] = theater
            }
        }
        try context.save()
        context.reset()
    }

    /// The names of `count` movies of theater `index`, sorted as `names(_:)` sorts them.
    private static func expectedNames(theater index: Int, count: Int = 300) -> [String] {
        (0..<count).map { "T\(index) \($0)" }.sorted()
    }

    @Test func prefetchingManyOwnersFillsEachOwnersMembersFromOneSelect() throws {
        let stack = try TracedCinemaStack.filled(by: Self.interleaved(in:))
        let request = FetchRequest(entityName: "Theater")
        request.sortDescriptors = [ObjectSortDescriptor(key: "name")]
        request.relationshipKeyPathsForPrefetching = ["movies"]
        let theaters = try stack.context.fetch(request)
        try #require(theaters.map(\.nameValue) == ["Empty", "T0", "T1", "T2"])
        #expect(stack.statements.count == 2)
        #expect(stack.statements.last?.hasSuffix("FROM ZMOVIE t0 WHERE  t0.ZTHEATER IN (?, ?, ?, ?)") == true)
        #expect(theaters.allSatisfy { !$0.hasFault(forRelationshipNamed: "movies") })
        #expect(theaters[0].names("movies").isEmpty)
        for index in 0..<3 {
            #expect(theaters[index + 1].names("movies") == Self.expectedNames(theater: index))
        }
        // Every member points back at its owner, and no fault fires on the way.
        for theater in theaters.dropFirst() {
            let members = try #require(theater.value(forKey: "movies") as? Set<ManagedObject>)
            #expect(members.allSatisfy { $0.value(forKey: "theater") as? ManagedObject === theater })
        }
        #expect(stack.statements.count == 2)
        #expect(stack.faultLines.isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func prefetchingLeavesOutMembersDeletedInTheContext(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        try Self.interleaved(in: stack.context)
        let doomed = try #require(try stack.fetch("Movie", sortedBy: "name").first)
        #expect(doomed.nameValue == "T0 0")
        stack.context.delete(doomed)
        let request = FetchRequest(entityName: "Theater")
        request.predicate = try ObjectPredicate(format: "name == %@", "T0")
        request.relationshipKeyPathsForPrefetching = ["movies"]
        let theater = try #require(try stack.context.fetch(request).first)
        #expect(!theater.hasFault(forRelationshipNamed: "movies"))
        #expect(theater.names("movies") == Self.expectedNames(theater: 0).filter { $0 != "T0 0" })
    }

    @Test(arguments: StoreKind.allCases)
    func theCoordinatorHandsEachRowOverWithItsOwnersPosition(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        try Self.interleaved(in: stack.context)
        let theaters = try stack.fetch("Theater", sortedBy: "name")
        try #require(theaters.count > 3)
        let movies = try #require(stack.model.entitiesByName["Theater"]?.relationshipsByName["movies"])
        // Owners in an order of their own, with a new (temporary) one among them.
        let owners =
            [theaters[3].objectID, ManagedObjectID(temporaryIDFor: theaters[0].entity)]
            + theaters.prefix(3).map(\.objectID)
        var namesByPosition: [Int: [String]] = [:]
        var largestBatch = 0
        try stack.container.persistentStoreCoordinator.destinationRows(of: movies, for: owners) { positions, rows in
            #expect(positions.count == rows.count)
            largestBatch = max(largestBatch, rows.count)
            for (position, row) in zip(positions, rows) {
                namesByPosition[position, default: []].append(row.values["name"] as? String ?? "")
            }
        }
        #expect(Set(namesByPosition.keys) == [0, 3, 4])
        #expect(namesByPosition[0]?.sorted() == Self.expectedNames(theater: 2))
        #expect(namesByPosition[3]?.sorted() == Self.expectedNames(theater: 0))
        #expect(namesByPosition[4]?.sorted() == Self.expectedNames(theater: 1))
        // SQLite hands the rows over as it reads them; the in-memory store one owner at a time.
        #expect(largestBatch == (kind == .sqlite ? SQLiteStore.rowBatchSize : 300))
    }

    @Test func aCascadeOverSeveralBatchesOfMembersDeletesEachRowOnce() throws {
        let stack = try TracedCinemaStack.filled(by: Self.interleaved(in:))
        let theater = try #require(try stack.fetchFirst("Theater", named: "T1"))
        stack.clear()
        stack.context.delete(theater)
        #expect(stack.context.deletedObjects.count == 301)
        #expect(Set(stack.context.deletedObjects.compactMap(\.nameValue)).count == 301)
        try stack.context.save()
        let deletes = stack.statements.filter { $0.hasPrefix("DELETE FROM ZMOVIE WHERE Z_PK = ? AND Z_OPT = ?") }
        #expect(deletes.count == 300)
        #expect(stack.statements.filter { $0.contains("WHERE  t0.ZTHEATER IN (?)") }.count == 1)
        stack.context.reset()
        #expect(try stack.context.count(for: FetchRequest(entityName: "Movie")) == 600)
    }

    @Test func aCascadeFillsMembersThatWereFaultsFromTheMembersRead() throws {
        let stack = try TracedCinemaStack.filled(by: Self.interleaved(in:))
        let request = FetchRequest(entityName: "Movie")
        request.resultType = .managedObjectIDResultType
        guard case .objectIDs(let ids) = try stack.context.execute(request) else {
            Issue.record("An object-ID fetch answered something else")
            return
        }
        // Faults for some movies, registered before the cascade reads the rows of all of them.
        let faults = ids.prefix(60).map { stack.context.object(with: $0) }
        #expect(faults.allSatisfy { $0.isFault })
        let theater = try #require(try stack.fetchFirst("Theater", named: "T0"))
        stack.clear()
        stack.context.delete(theater)
        // One read of the movies (their playlists are read together, from the join table).
        #expect(stack.statements.filter { $0.contains("FROM ZMOVIE") }.count == 1)
        #expect(stack.faultLines.isEmpty)
        let deleted = stack.context.deletedObjects
        #expect(deleted.count == 301)
        #expect(deleted.allSatisfy { !$0.isFault })
        // The faults among the members are the very objects deleted, filled from the one read;
        // the other faults were left alone.
        let members = faults.filter { deleted.contains($0) }
        #expect(!members.isEmpty && members.allSatisfy { $0.isDeleted })
        #expect(faults.filter { !deleted.contains($0) }.allSatisfy { $0.isFault })
    }
}
