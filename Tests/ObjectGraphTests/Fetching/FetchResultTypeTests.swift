import Foundation
import ObjectGraph
import Testing

@Suite("Fetch result types")
struct FetchResultTypeTests {
    @Test(arguments: FetchingContextKind.allCases)
    func objectIDResultsComeInFetchOrderWithoutRegisteringObjects(_ kind: FetchingContextKind) throws {
        let (_, context) = try kind.makeStack()
        let request = ShowingsFixture.moviesByName()
        let identifiers = try context.fetchObjectIDs(request)
        #expect(context.registeredObjects.isEmpty)
        #expect(identifiers.count == 4)
        #expect(identifiers.allSatisfy { !$0.isTemporaryID && $0.entity.name == "Movie" })
        #expect(try context.fetch(request).map(\.objectID) == identifiers)
    }

    @Test(arguments: FetchingContextKind.allCases)
    func objectIDResultsMergeUnsavedInsertsChangesAndDeletes(_ kind: FetchingContextKind) throws {
        let (_, context) = try kind.makeStack()
        let request = ShowingsFixture.moviesByName()
        let movies = try context.fetch(request)
        try #require(movies.count == 4)
        context.delete(movies[0])  // Alien
        movies[1]["name"] = "Zorro"  // Brave moves to the end
        let arrival = try context.insertNewObject(forEntityName: "Movie")
        arrival["name"] = "Arrival"
        let expected = try context.fetch(request).map(\.objectID)
        try #require(expected.count == 4)
        #expect(ShowingsFixture.names(try context.fetch(request)) == ["Arrival", "Cars", "Dune", "Zorro"])
        #expect(try context.fetchObjectIDs(request) == expected)
        #expect(try context.fetchObjectIDs(request).first?.isTemporaryID == true)

        request.fetchOffset = 1
        request.fetchLimit = 2
        #expect(try context.fetchObjectIDs(request) == Array(expected[1...2]))
        request.includesPendingChanges = false
        request.fetchOffset = 0
        request.fetchLimit = 0
        #expect(try context.fetchObjectIDs(request).count == 4)
        #expect(try context.fetchObjectIDs(request).contains(movies[0].objectID))
    }

    @Test(arguments: FetchingContextKind.allCases)
    func unsortedObjectIDResultsKeepStoreOrderAndPutInsertsLast(_ kind: FetchingContextKind) throws {
        let (_, context) = try kind.makeStack()
        let request = FetchRequest(entityName: "Movie")
        let stored = try context.fetchObjectIDs(request)
        try #require(stored.count > 2)
        #expect(stored.map { $0.primaryKey ?? 0 } == stored.map { $0.primaryKey ?? 0 }.sorted())
        let changed = context.object(with: stored[2])
        changed["runtime"] = 1
        let inserted = try context.insertNewObject(forEntityName: "Movie")
        inserted["name"] = "Eden"
        #expect(try context.fetchObjectIDs(request) == stored + [inserted.objectID])
    }

    @Test(arguments: FetchingContextKind.allCases)
    func countResultsApplyPredicateLimitOffsetAndUnsavedChanges(_ kind: FetchingContextKind) throws {
        let (_, context) = try kind.makeStack()
        let request = ShowingsFixture.moviesByName()
        request.predicate = try ObjectPredicate(format: "runtime > %d", 100)
        request.resultType = .countResultType
        #expect(try countResult(context, request) == 3)
        let inserted = try context.insertNewObject(forEntityName: "Movie")
        inserted["name"] = "Epic"
        inserted["runtime"] = 200
        let alien = try #require(try context.fetch(ShowingsFixture.moviesByName()).first)
        context.delete(alien)
        #expect(try countResult(context, request) == 3)
        request.fetchOffset = 1
        #expect(try countResult(context, request) == 2)
        request.fetchLimit = 1
        #expect(try countResult(context, request) == 1)
        request.fetchOffset = 5
        #expect(try countResult(context, request) == 0)
    }

    @Test func countingWithUnsavedChangesSelectsKeysOnlyAndMakesNoObjects() throws {
        let stack = try TracedCinemaStack.filled(by: ShowingsFixture.save(in:))
        try stack.context.insertNewObject(forEntityName: "Movie")["name"] = "Epic"
        let request = ShowingsFixture.moviesByName()
        request.fetchLimit = 3
        #expect(try stack.context.count(for: request) == 3)
        request.fetchLimit = 0
        #expect(try stack.context.count(for: request) == 5)
        #expect(stack.statements == Array(repeating: "SELECT t0.Z_ENT, t0.Z_PK FROM ZMOVIE t0", count: 2))
        #expect(stack.context.registeredObjects.count == 1)
    }

    private func countResult(_ context: ManagedObjectContext, _ request: FetchRequest) throws -> Int? {
        guard case .count(let count) = try context.execute(request) else { return nil }
        return count
    }

    @Test(arguments: FetchingContextKind.allCases)
    func dictionaryResultsHoldAttributesToOneIDsAndKeyPaths(_ kind: FetchingContextKind) throws {
        let (_, context) = try kind.makeStack()
        let theaters = FetchRequest(entityName: "Theater")
        theaters.sortDescriptors = [ObjectSortDescriptor(key: "name")]
        let theaterIDs = try context.fetchObjectIDs(theaters)  // Odeon, Rex
        let request = ShowingsFixture.moviesByName()
        request.propertiesToFetch = ["name", "runtime", "theater", "theater.name"]
        let rows = try context.fetchDictionaries(request)
        let expected: [[String: AnyHashable]] = [
            ["name": "Alien", "runtime": 117, "theater": theaterIDs[1], "theater.name": "Rex"],
            ["name": "Brave", "runtime": 93, "theater": theaterIDs[1], "theater.name": "Rex"],
            ["name": "Cars", "runtime": 117, "theater": theaterIDs[0], "theater.name": "Odeon"],
            ["name": "Dune", "runtime": 155],
        ]
        #expect(comparable(rows) == expected)
        #expect(rows.count == 4)
        #expect(context.registeredObjects.isEmpty)
    }

    @Test(arguments: FetchingContextKind.allCases)
    func dictionaryResultsWithoutPropertiesToFetchHoldEveryStoredAttribute(_ kind: FetchingContextKind) throws {
        let (_, context) = try kind.makeStack()
        let request = FetchRequest(entityName: "Theater")
        request.predicate = try ObjectPredicate(format: "name == %@", "Rex")
        // `isOpen` defaults to true; `note` is transient and `movies`/`staff` are relationships.
        #expect(comparable(try context.fetchDictionaries(request)) == [["name": "Rex", "isOpen": true]])
    }

    @Test(arguments: FetchingContextKind.allCases)
    func distinctDictionaryResultsComeOnceEachBeforeLimit(_ kind: FetchingContextKind) throws {
        let (_, context) = try kind.makeStack()
        let request = FetchRequest(entityName: "Movie")
        request.predicate = try ObjectPredicate(format: "theater != nil")
        request.sortDescriptors = [ObjectSortDescriptor(key: "theater.name")]
        request.propertiesToFetch = ["theater.name"]
        #expect(comparable(try context.fetchDictionaries(request)).count == 3)
        request.returnsDistinctResults = true
        #expect(
            comparable(try context.fetchDictionaries(request)) == [["theater.name": "Odeon"], ["theater.name": "Rex"]])
        request.fetchLimit = 1
        request.fetchOffset = 1
        #expect(comparable(try context.fetchDictionaries(request)) == [["theater.name": "Rex"]])
    }

    @Test(arguments: FetchingContextKind.allCases)
    func dictionaryResultsReflectTheStoreNotUnsavedChanges(_ kind: FetchingContextKind) throws {
        let (_, context) = try kind.makeStack()
        let movies = try context.fetch(ShowingsFixture.moviesByName())
        try #require(movies.count == 4)
        movies[0]["name"] = "Aliens"
        context.delete(movies[1])
        try context.insertNewObject(forEntityName: "Movie")["name"] = "Arrival"
        let request = ShowingsFixture.moviesByName()
        request.propertiesToFetch = ["name"]
        #expect(
            comparable(try context.fetchDictionaries(request)) == [
                ["name": "Alien"], ["name": "Brave"], ["name": "Cars"], ["name": "Dune"],
            ])
    }

    @Test(arguments: FetchingContextKind.allCases)
    func anEmptyListOfPropertiesGivesOneEmptyDictionaryPerRow(_ kind: FetchingContextKind) throws {
        let (_, context) = try kind.makeStack()
        let request = FetchRequest(entityName: "Movie")
        request.predicate = try ObjectPredicate(format: "runtime > 100")
        request.propertiesToFetch = []
        #expect(comparable(try context.fetchDictionaries(request)) == [[:], [:], [:]])
        request.returnsDistinctResults = true
        #expect(comparable(try context.fetchDictionaries(request)) == [[:]])
    }

    @Test func dictionaryKeysThatAreNotStoredPropertiesAreRefusedByName() throws {
        let stack = try CinemaStack()
        let request = FetchRequest(entityName: "Movie")
        for (keys, message) in [
            (["nmae"], "propertiesToFetch \"nmae\": Movie has no property named \"nmae\"; did you mean \"name\"?"),
            (
                ["playlists"],
                "propertiesToFetch \"playlists\": \"playlists\" is a to-many relationship of Movie; "
                    + "dictionaries hold attributes and to-one relationships only"
            ),
            (
                ["theater.note"],
                "propertiesToFetch \"theater.note\": \"note\" is a transient attribute of Theater "
                    + "and is not in the store"
            ),
            (
                ["name.length"],
                "propertiesToFetch \"name.length\": \"name\" of Movie cannot be followed further; "
                    + "only to-one relationships can"
            ),
        ] {
            request.propertiesToFetch = keys
            let error = try #require(throws: CoreDataError.self) { try stack.context.fetchDictionaries(request) }
            #expect(error.message == message)
            #expect(error.key == keys.first)
        }
    }

    @Test func executeAnswersInTheRequestsResultType() throws {
        let (_, context) = try FetchingContextKind.inMemory.makeStack()
        let request = ShowingsFixture.moviesByName()
        request.predicate = try ObjectPredicate(format: "runtime == 117")
        request.propertiesToFetch = ["name"]
        guard case .objects(let objects) = try context.execute(request) else {
            Issue.record("objects expected")
            return
        }
        #expect(ShowingsFixture.names(objects) == ["Alien", "Cars"])
        request.resultType = .managedObjectIDResultType
        guard case .objectIDs(let identifiers) = try context.execute(request) else {
            Issue.record("object IDs expected")
            return
        }
        #expect(identifiers == objects.map(\.objectID))
        request.resultType = .dictionaryResultType
        guard case .dictionaries(let rows) = try context.execute(request) else {
            Issue.record("dictionaries expected")
            return
        }
        #expect(comparable(rows) == [["name": "Alien"], ["name": "Cars"]])
        #expect(request.resultType == .dictionaryResultType)
    }

    @Test func fetchRefusesARequestForAnotherResultType() throws {
        let stack = try CinemaStack()
        let request = FetchRequest(entityName: "Movie")
        request.resultType = .dictionaryResultType
        let error = try #require(throws: CoreDataError.self) { try stack.context.fetch(request) }
        #expect(
            error.message == "fetch(_:) cannot answer a Movie fetch request whose resultType is "
                + ".dictionaryResultType; call fetchDictionaries(_:), or execute(_:) to answer in the request's "
                + "result type")
    }

    @Test func sqliteObjectIDAndDictionaryFetchesSelectOnlyWhatTheyReturn() throws {
        let stack = try TracedCinemaStack.filled(by: ShowingsFixture.save(in:))
        let request = ShowingsFixture.moviesByName()
        _ = try stack.context.fetchObjectIDs(request)
        request.propertiesToFetch = ["name", "theater.name"]
        request.returnsDistinctResults = true
        request.predicate = try ObjectPredicate(format: "runtime > %d", 100)
        _ = try stack.context.fetchDictionaries(request)
        #expect(
            stack.statements == [
                "SELECT t0.Z_ENT, t0.Z_PK FROM ZMOVIE t0 ORDER BY t0.ZNAME",
                "SELECT DISTINCT t0.ZNAME, t1.ZNAME FROM ZMOVIE t0 LEFT OUTER JOIN ZTHEATER t1 ON t0.ZTHEATER = t1.Z_PK "
                    + "WHERE  t0.ZRUNTIME > ? ORDER BY t0.ZNAME",
            ])
    }
}
