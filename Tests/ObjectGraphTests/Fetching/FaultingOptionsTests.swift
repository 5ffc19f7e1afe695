import Foundation
import ObjectGraph
import Testing

@Suite("Fetching objects as faults")
struct FaultingOptionsTests {
    @Test func fetchedObjectsAreFaultsFilledFromTheRowCacheWithoutSQL() throws {
        let stack = try TracedCinemaStack.filled(by: ShowingsFixture.save(in:))
        let movies = try stack.context.fetch(ShowingsFixture.moviesByName())
        #expect(stack.statements.count == 1)
        #expect(movies.allSatisfy { $0.isFault })
        #expect(ShowingsFixture.names(movies) == ["Alien", "Brave", "Cars", "Dune"])
        #expect(movies.allSatisfy { !$0.isFault })
        #expect(stack.statements.count == 1)
        #expect(stack.faultLines.isEmpty)
    }

    @Test(arguments: FetchingContextKind.allCases)
    func objectsComeBackWithValuesWhenNotAsFaults(_ kind: FetchingContextKind) throws {
        let (_, context) = try kind.makeStack()
        let request = ShowingsFixture.moviesByName()
        request.returnsObjectsAsFaults = false
        let movies = try context.fetch(request)
        #expect(movies.allSatisfy { !$0.isFault })
        #expect(ShowingsFixture.names(movies) == ["Alien", "Brave", "Cars", "Dune"])
        request.returnsObjectsAsFaults = true
        let again = try context.fetch(request)
        #expect(zip(again, movies).allSatisfy { $0 === $1 } && again.count == movies.count)
        #expect(again.allSatisfy { !$0.isFault })
    }

    @Test func withoutPropertyValuesOnlyKeysAreSelectedAndEachFaultReadsItsRow() throws {
        let stack = try TracedCinemaStack.filled(by: ShowingsFixture.save(in:))
        let request = FetchRequest(entityName: "Theater")
        request.sortDescriptors = [ObjectSortDescriptor(key: "name")]
        request.includesPropertyValues = false
        let theaters = try stack.context.fetch(request)
        #expect(theaters.allSatisfy { $0.isFault })
        #expect(stack.statements == ["SELECT 0, t0.Z_PK FROM ZTHEATER t0 ORDER BY t0.ZNAME"])
        let odeon = try #require(theaters.first)
        #expect(odeon["name"] as? String == "Odeon")
        let uri = odeon.objectID.uriRepresentation().absoluteString
        #expect(stack.faultLines == ["CoreData: annotation: fault fulfilled from database for : <\(uri)>"])
        try #require(stack.statements.count == 2)
        #expect(stack.statements[1].hasSuffix("FROM ZTHEATER t0 WHERE  t0.Z_PK = ?"))
    }

    @Test(arguments: FetchingContextKind.allCases)
    func withoutPropertyValuesUnsavedChangesStillCount(_ kind: FetchingContextKind) throws {
        let (_, context) = try kind.makeStack()
        let request = ShowingsFixture.moviesByName()
        request.includesPropertyValues = false
        try context.insertNewObject(forEntityName: "Movie")["name"] = "Blade"
        #expect(ShowingsFixture.names(try context.fetch(request)) == ["Alien", "Blade", "Brave", "Cars", "Dune"])
    }
}
