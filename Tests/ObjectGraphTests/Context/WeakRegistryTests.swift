import Foundation
import ObjectGraph
import Testing

/// The context holds unchanged objects weakly (as Core Data does) and objects with pending
/// changes strongly.
@Suite("Weakly held objects")
struct WeakRegistryTests {
    /// Fetches the movie named `name` and returns its ID and a weak reference to it; the object
    /// itself is not kept by the caller.
    private static func fetchMovie(named name: String, in stack: CinemaStack) throws
        -> (id: ManagedObjectID, reference: WeakReference)
    {
        let request = FetchRequest(entityName: "Movie")
        request.predicate = try ObjectPredicate(format: "name == %@", name)
        let movie = try #require(try stack.context.fetch(request).first)
        return (movie.objectID, WeakReference(movie))
    }

    /// Saves two movies and forgets every object, so the tests start from stored rows only.
    private static func stackWithTwoMovies(_ kind: StoreKind) throws -> CinemaStack {
        let stack = try CinemaStack(kind)
        try stack.movie("Up")
        try stack.movie("Alien")
        try stack.context.save()
        stack.context.reset()
        return stack
    }

    @Test(arguments: StoreKind.allCases)
    func anUnreferencedUnchangedObjectIsReleasedAndRefetchingMakesAFreshOneWithTheSameID(_ kind: StoreKind)
        throws
    {
        let stack = try Self.stackWithTwoMovies(kind)
        let (id, reference) = try Self.fetchMovie(named: "Up", in: stack)

        #expect(reference.object == nil)
        #expect(stack.context.registeredObject(for: id) == nil)
        #expect(stack.context.registeredObjects.isEmpty)
        let (againID, again) = try Self.fetchMovie(named: "Up", in: stack)
        #expect(againID == id)
        #expect(again.object == nil)
        let fresh = try stack.context.existingObject(with: id)
        #expect(fresh.nameValue == "Up")
        #expect(stack.context.registeredObject(for: id) === fresh)
    }

    @Test(arguments: StoreKind.allCases)
    func aReferencedObjectStaysTheContextsOneObjectForItsID(_ kind: StoreKind) throws {
        let stack = try Self.stackWithTwoMovies(kind)
        let held = try #require(try stack.fetch("Movie", sortedBy: "name").first)

        let refetched = try #require(try stack.fetch("Movie", sortedBy: "name").first)
        #expect(refetched === held)
        #expect(stack.context.object(with: held.objectID) === held)
        #expect(stack.context.registeredObjects == [held])
    }

    @Test(arguments: StoreKind.allCases)
    func aChangedObjectIsKeptUntilSavedEvenWhenNothingElseHoldsIt(_ kind: StoreKind) throws {
        let stack = try Self.stackWithTwoMovies(kind)
        let id: ManagedObjectID = try {
            let movie = try #require(try stack.fetch("Movie", sortedBy: "name").first)
            movie["name"] = "Aliens"
            return movie.objectID
        }()

        let kept = try #require(stack.context.registeredObject(for: id))
        #expect(kept.isUpdated)
        #expect(kept.nameValue == "Aliens")
        try stack.context.save()
        stack.context.reset()
        #expect(try stack.fetch("Movie", sortedBy: "name").compactMap(\.nameValue) == ["Aliens", "Up"])
    }

    @Test(arguments: StoreKind.allCases)
    func insertedAndDeletedObjectsAreKeptUntilSaved(_ kind: StoreKind) throws {
        let stack = try Self.stackWithTwoMovies(kind)
        let insertedID = try stack.movie("Brazil").objectID
        let deletedID: ManagedObjectID = try {
            let movie = try #require(try stack.fetch("Movie", sortedBy: "name").first)
            stack.context.delete(movie)
            return movie.objectID
        }()

        #expect(stack.context.registeredObject(for: insertedID)?.isInserted == true)
        #expect(stack.context.registeredObject(for: deletedID)?.isDeleted == true)
        #expect(stack.context.insertedObjects.count == 1)
        #expect(stack.context.deletedObjects.count == 1)
        try stack.context.save()
        stack.context.reset()
        #expect(try stack.fetch("Movie", sortedBy: "name").compactMap(\.nameValue) == ["Brazil", "Up"])
    }

    @Test func objectsThatOutliveTheirContextNoLongerPointAtIt() throws {
        let stack = try Self.stackWithTwoMovies(.sqlite)
        var context: ManagedObjectContext? = stack.otherContext()
        let movies = try #require(
            try context?.performAndWait { () throws in
                try context?.fetch(FetchRequest(entityName: "Movie"))
            })
        let changed = try #require(movies.first)
        context?.performAndWait { changed["name"] = "Changed" }
        #expect(movies.allSatisfy { $0.managedObjectContext === context })

        context = nil

        #expect(movies.count == 2)
        #expect(movies.allSatisfy { $0.managedObjectContext == nil })
        #expect(changed.nameValue == "Changed")
    }

    @Test(arguments: StoreKind.allCases)
    func anInsertedObjectIsFoundByItsTemporaryIDAndThenByItsPermanentOne(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let movie = try stack.movie("Up")
        let unasked = try stack.movie("Alien")
        #expect(stack.context.registeredObjects == [movie, unasked])

        let temporary = movie.objectID
        #expect(temporary.isTemporaryID)
        #expect(stack.context.registeredObject(for: temporary) === movie)
        #expect(stack.context.object(with: temporary) === movie)
        try stack.context.save()

        #expect(stack.context.registeredObject(for: temporary) == nil)
        #expect(!movie.objectID.isTemporaryID && !unasked.objectID.isTemporaryID)
        #expect(stack.context.registeredObject(for: movie.objectID) === movie)
        #expect(stack.context.registeredObject(for: unasked.objectID) === unasked)
    }

    @Test func walkingManyObjectsKeepsOnlyTheLiveOnesRegistered() throws {
        let stack = try CinemaStack(.sqlite)
        for index in 0..<3_000 { try stack.movie("Movie \(index)") }
        try stack.context.save()
        stack.context.reset()

        var seen = 0
        for _ in 0..<3 {
            seen += try stack.fetch("Movie").count
        }
        #expect(seen == 9_000)
        #expect(stack.context.registeredObjects.isEmpty)
    }
}

/// A weak reference a test keeps to see whether an object was released.
final class WeakReference {
    weak var object: ManagedObject?

    init(_ object: ManagedObject) { self.object = object }
}
