import Foundation
import ObjectGraph
import Testing

@Suite("Relationship prefetching")
struct PrefetchingTests {
    private static let movieColumns =
        "t0.Z_ENT, t0.Z_PK, t0.Z_OPT, t0.ZNAME, t0.ZSUMMARY, t0.ZRUNTIME, t0.ZRATING, "
        + "t0.ZBUDGET, t0.ZPOSTER, t0.ZIDENTIFIER, t0.ZWEBSITE, t0.ZTHEATER, t0.ZSUBJECT"

    @Test func prefetchingToManyIsOneSelectAndWalkingFiresNoFault() throws {
        let stack = try TracedCinemaStack.filled(by: ShowingsFixture.save(in:))
        let request = FetchRequest(entityName: "Theater")
        request.sortDescriptors = [ObjectSortDescriptor(key: "name")]
        request.relationshipKeyPathsForPrefetching = ["movies"]
        let theaters = try stack.context.fetch(request)
        #expect(stack.statements.count == 2)
        #expect(
            stack.statements.last
                == "SELECT \(Self.movieColumns), t0.ZTHEATER FROM ZMOVIE t0 WHERE  t0.ZTHEATER IN (?, ?)")
        #expect(theaters.map { $0.hasFault(forRelationshipNamed: "movies") } == [false, false])
        #expect(theaters.map { $0.names("movies") } == [["Cars"], ["Alien", "Brave"]])
        #expect(stack.statements.count == 2)
        #expect(stack.faultLines.isEmpty)
    }

    @Test func prefetchingToOneLoadsEachDestinationOnce() throws {
        let stack = try TracedCinemaStack.filled(by: ShowingsFixture.save(in:))
        let request = ShowingsFixture.moviesByName()
        request.relationshipKeyPathsForPrefetching = ["theater"]
        let movies = try stack.context.fetch(request)
        #expect(stack.statements.count == 2)
        #expect(
            stack.statements.last == "SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZNAME, t0.ZCODE, t0.ZCAPACITY, t0.ZOPENED, "
                + "t0.ZISOPEN FROM ZTHEATER t0 WHERE  t0.Z_PK IN (?,?,?,?,?,?,?,?)")
        let theaterNames = movies.map { $0.value(forKeyPath: "theater.name") as? String }
        #expect(theaterNames == ["Rex", "Rex", "Odeon", nil])
        #expect(stack.statements.count == 2)
        #expect(stack.faultLines.isEmpty)
    }

    @Test func prefetchingFollowsAPathOneSelectPerRelationship() throws {
        let stack = try TracedCinemaStack.filled { context in
            try ShowingsFixture.save(in: context)
            let movies = try context.fetch(ShowingsFixture.moviesByName())
            try #require(movies.count == 4)
            let playlist = try context.insertNewObject(forEntityName: "Playlist")
            playlist["title"] = "Evening"
            playlist["movies"] = OrderedSet([movies[2], movies[0]])
            try context.save()
        }

        let request = FetchRequest(entityName: "Playlist")
        request.relationshipKeyPathsForPrefetching = ["movies.theater"]
        let playlists = try stack.context.fetch(request)
        try #require(stack.statements.count == 3)
        #expect(
            stack.statements[1]
                == "SELECT \(Self.movieColumns), t1.Z_5PLAYLISTS FROM ZMOVIE t0 JOIN Z_3PLAYLISTS t1 "
                + "ON t0.Z_PK = t1.Z_3MOVIES WHERE  t1.Z_5PLAYLISTS IN (?) ORDER BY t1.Z_5PLAYLISTS, t1.Z_FOK_3MOVIES")
        #expect(stack.statements[2].hasSuffix("FROM ZTHEATER t0 WHERE  t0.Z_PK IN (?,?,?,?,?,?,?,?)"))
        let members = try #require(playlists.first?["movies"] as? OrderedSet<ManagedObject>)
        #expect(ShowingsFixture.names(members) == ["Cars", "Alien"])
        #expect(members.map { $0.value(forKeyPath: "theater.name") as? String } == ["Odeon", "Rex"])
        #expect(stack.statements.count == 3)
    }

    @Test func prefetchingFromAKeysOnlyFetchReadsTheOwnersTogether() throws {
        let stack = try TracedCinemaStack.filled(by: ShowingsFixture.save(in:))
        let request = ShowingsFixture.moviesByName()
        request.includesPropertyValues = false
        request.relationshipKeyPathsForPrefetching = ["theater"]
        let movies = try stack.context.fetch(request)
        try #require(stack.statements.count == 3)
        #expect(stack.statements[0] == "SELECT t0.Z_ENT, t0.Z_PK FROM ZMOVIE t0 ORDER BY t0.ZNAME")
        #expect(stack.statements[1].hasSuffix("FROM ZMOVIE t0 WHERE  t0.Z_PK IN (?,?,?,?,?,?,?,?)"))
        #expect(stack.statements[2].hasSuffix("FROM ZTHEATER t0 WHERE  t0.Z_PK IN (?,?,?,?,?,?,?,?)"))
        #expect(movies.map { $0.value(forKeyPath: "theater.name") as? String } == ["Rex", "Rex", "Odeon", nil])
        #expect(stack.statements.count == 3)
        #expect(stack.faultLines.isEmpty)
    }

    @Test(arguments: FetchingContextKind.allCases)
    func prefetchedRelationshipsHoldWhatTheStoreAndContextHold(_ kind: FetchingContextKind) throws {
        let (_, context) = try kind.makeStack()
        let movies = try context.fetch(ShowingsFixture.moviesByName())
        try #require(movies.count == 4)
        context.delete(movies[1])  // Brave leaves Rex at once
        let request = FetchRequest(entityName: "Theater")
        request.sortDescriptors = [ObjectSortDescriptor(key: "name")]
        request.relationshipKeyPathsForPrefetching = ["movies"]
        let theaters = try context.fetch(request)
        #expect(theaters.map { $0.names("movies") } == [["Cars"], ["Alien"]])
        #expect(theaters.allSatisfy { !$0.hasFault(forRelationshipNamed: "movies") })
    }

    @Test func prefetchingAKeyThatIsNotARelationshipThrowsNamingIt() throws {
        let stack = try CinemaStack()
        let request = FetchRequest(entityName: "Movie")
        request.relationshipKeyPathsForPrefetching = ["theater.nmae"]
        let error = try #require(throws: CoreDataError.self) { try stack.context.fetch(request) }
        #expect(
            error.message == "relationshipKeyPathsForPrefetching \"theater.nmae\": Theater has no property named "
                + "\"nmae\"; did you mean \"name\"?")
        request.relationshipKeyPathsForPrefetching = ["name"]
        let second = try #require(throws: CoreDataError.self) { try stack.context.fetch(request) }
        #expect(
            second.message == "relationshipKeyPathsForPrefetching \"name\": \"name\" is not a relationship of Movie")
    }
}
