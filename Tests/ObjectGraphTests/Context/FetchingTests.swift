import Foundation
import ObjectGraph
import Testing

@Suite("Fetching")
struct FetchingTests {
    /// Five saved movies with runtimes, in no particular insertion order.
    private func savedMovies(_ kind: StoreKind) throws -> CinemaStack {
        let stack = try CinemaStack(kind)
        for (name, runtime) in [("Up", 96), ("alien", 117), ("Brave", 93), ("Cars", 117), ("Zoo", 80)] {
            try stack.movie(name)["runtime"] = runtime
        }
        try stack.context.save()
        stack.context.reset()
        return stack
    }

    private func names(_ stack: CinemaStack, _ request: FetchRequest) throws -> [String?] {
        try stack.context.fetch(request).map(\.nameValue)
    }

    @Test(arguments: StoreKind.allCases)
    func sortDescriptorsOrderResults(_ kind: StoreKind) throws {
        let stack = try savedMovies(kind)
        let request = FetchRequest(entityName: "Movie")
        request.sortDescriptors = [ObjectSortDescriptor(key: "name")]
        #expect(try names(stack, request) == ["Brave", "Cars", "Up", "Zoo", "alien"])

        request.sortDescriptors = [ObjectSortDescriptor(key: "name", comparison: .caseInsensitiveCompare)]
        #expect(try names(stack, request) == ["alien", "Brave", "Cars", "Up", "Zoo"])

        request.sortDescriptors = [
            ObjectSortDescriptor(key: "runtime", ascending: false), ObjectSortDescriptor(key: "name"),
        ]
        #expect(try names(stack, request) == ["Cars", "alien", "Up", "Brave", "Zoo"])
    }

    @Test(arguments: StoreKind.allCases)
    func limitAndOffsetWindowTheSortedResults(_ kind: StoreKind) throws {
        let stack = try savedMovies(kind)
        let request = FetchRequest(entityName: "Movie")
        request.sortDescriptors = [ObjectSortDescriptor(key: "runtime"), ObjectSortDescriptor(key: "name")]
        request.fetchOffset = 1
        request.fetchLimit = 2
        #expect(try names(stack, request) == ["Brave", "Up"])
        #expect(try stack.context.count(for: request) == 2)
        request.fetchOffset = 4
        #expect(try names(stack, request) == ["alien"])
        request.fetchOffset = 10
        #expect(try names(stack, request).isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func fetchSeesUnsavedInsertsChangesAndDeletes(_ kind: StoreKind) throws {
        let stack = try savedMovies(kind)
        let request = FetchRequest(entityName: "Movie")
        request.sortDescriptors = [ObjectSortDescriptor(key: "runtime"), ObjectSortDescriptor(key: "name")]
        let all = try stack.context.fetch(request)
        let zoo = try #require(all.first { $0.nameValue == "Zoo" })
        let up = try #require(all.first { $0.nameValue == "Up" })

        try stack.movie("Arrival")["runtime"] = 116
        stack.context.delete(zoo)
        up["runtime"] = 200
        #expect(try names(stack, request) == ["Brave", "Arrival", "Cars", "alien", "Up"])
        #expect(try stack.context.count(for: request) == 5)

        request.fetchLimit = 2
        request.fetchOffset = 1
        #expect(try names(stack, request) == ["Arrival", "Cars"])

        request.includesPendingChanges = false
        request.fetchLimit = 0
        request.fetchOffset = 0
        #expect(try names(stack, request) == ["Zoo", "Brave", "Up", "Cars", "alien"])
    }

    @Test(arguments: StoreKind.allCases)
    func subentitiesAreIncludedUnlessExcluded(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        try stack.movie("Up")
        let documentary = try stack.context.insertNewObject(forEntityName: "Documentary")
        documentary["name"] = "Planet Earth"
        let request = FetchRequest(entityName: "Movie")
        request.sortDescriptors = [ObjectSortDescriptor(key: "name")]
        #expect(try names(stack, request) == ["Planet Earth", "Up"])
        try stack.context.save()
        stack.context.reset()

        let fetched = try stack.context.fetch(request)
        #expect(fetched.map(\.entity.name) == ["Documentary", "Movie"])
        request.includesSubentities = false
        #expect(try names(stack, request) == ["Up"])
        #expect(try stack.context.count(for: request) == 1)
        #expect(try stack.context.count(for: FetchRequest(entityName: "Documentary")) == 1)
    }

    @Test(arguments: StoreKind.allCases)
    func sortingByKeyPathFollowsToOneRelationships(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        try stack.theater("Rex", movies: ["A"])
        try stack.theater("Odeon", movies: ["B"])
        try stack.context.save()
        stack.context.reset()

        let request = FetchRequest(entityName: "Movie")
        request.sortDescriptors = [ObjectSortDescriptor(key: "theater.name")]
        #expect(try names(stack, request) == ["B", "A"])
    }

    @Test func fetchingAnUnknownEntityThrowsNamingIt() throws {
        let stack = try CinemaStack()
        let error = try #require(throws: CoreDataError.self) {
            try stack.context.fetch(FetchRequest(entityName: "Film"))
        }
        #expect(error.message.contains("\"Film\""))
    }

    @Test func countWithoutChangesAsksTheStore() throws {
        let stack = try savedMovies(.inMemory)
        #expect(try stack.context.count(for: FetchRequest(entityName: "Movie")) == 5)
        #expect(stack.context.registeredObjects.isEmpty)
    }

    @Test func typedFetchLeavesOutOtherClasses() throws {
        let stack = try savedMovies(.inMemory)
        let objects = try stack.context.fetch(FetchRequest(entityName: "Movie"), as: ManagedObject.self)
        #expect(objects.count == 5)
    }

    @Test(arguments: StoreKind.allCases)
    func predicateFiltersStoredAndUnsavedObjectsAlike(_ kind: StoreKind) throws {
        let stack = try savedMovies(kind)
        let request = FetchRequest(entityName: "Movie")
        request.predicate = try ObjectPredicate(format: "runtime >= %d", 96)
        request.sortDescriptors = [ObjectSortDescriptor(key: "name")]
        #expect(try names(stack, request) == ["Cars", "Up", "alien"])

        let all = try stack.context.fetch(FetchRequest(entityName: "Movie"))
        let brave = try #require(all.first { $0.nameValue == "Brave" })
        let up = try #require(all.first { $0.nameValue == "Up" })
        brave["runtime"] = 150
        up["runtime"] = 10
        try stack.movie("Arrival")["runtime"] = 116
        try stack.movie("Short")["runtime"] = 5
        #expect(try names(stack, request) == ["Arrival", "Brave", "Cars", "alien"])
        #expect(try stack.context.count(for: request) == 4)
    }

    @Test(arguments: StoreKind.allCases)
    func predicatesFollowRelationships(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        try stack.theater("My House", movies: ["Up", "Brave"])
        try stack.theater("Rex", movies: ["Alien"])
        try stack.theater("Empty")
        try stack.context.save()
        stack.context.reset()

        let movies = FetchRequest(entityName: "Movie")
        movies.predicate = try ObjectPredicate(format: "theater.name == %@", "My House")
        movies.sortDescriptors = [ObjectSortDescriptor(key: "name")]
        #expect(try names(stack, movies) == ["Brave", "Up"])

        let theaters = FetchRequest(entityName: "Theater")
        theaters.predicate = try ObjectPredicate(format: "movies.@count > 0 AND ANY movies.name BEGINSWITH[c] %@", "a")
        #expect(try names(stack, theaters) == ["Rex"])
        #expect(try stack.context.count(for: theaters) == 1)
    }
}
