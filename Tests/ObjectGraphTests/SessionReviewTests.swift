import Foundation
import Testing

@testable import ObjectGraph

/// What the fetch, cascade-delete and save paths must still do after their performance work: a
/// fetched object's committed values stay as read whatever is edited, a cascade's members keep
/// changes of their own, keys are matched by their characters whatever their storage, and the
/// registry finds every object however many there are.
@Suite("Session review")
struct SessionReviewTests {
    /// A stack of `kind` with one saved movie named "Up" (summary "Balloons"), fetched afresh.
    private static func fetchedMovie(_ kind: StoreKind) throws -> (CinemaStack, ManagedObject) {
        let stack = try CinemaStack(kind)
        let movie = try stack.movie("Up")
        movie["summary"] = "Balloons"
        try stack.context.save()
        stack.context.reset()
        return (stack, try #require(try stack.fetch("Movie").first))
    }

    @Test(arguments: StoreKind.allCases)
    func editingAFetchedObjectLeavesItsCommittedValuesAsRead(_ kind: StoreKind) throws {
        let (stack, movie) = try Self.fetchedMovie(kind)
        movie["name"] = "Down"
        #expect(movie.committedValues(forKeys: ["name", "summary"])["name"] as? String == "Up")
        #expect(movie.committedValues(forKeys: nil)["name"] as? String == "Up")
        #expect(movie.changedValues().keys.sorted() == ["name"])
        #expect(movie.changedValues()["name"] as? String == "Down")
        // Written back to what was read: still written, no longer different.
        movie["name"] = "Up"
        #expect(movie.committedValues(forKeys: ["name"])["name"] as? String == "Up")
        stack.context.rollback()
        #expect(movie.nameValue == "Up")
        #expect(movie.changedValues().isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func refreshingAnEditedFetchedObjectRestoresOrKeepsItsEdits(_ kind: StoreKind) throws {
        let (stack, movie) = try Self.fetchedMovie(kind)
        movie["summary"] = "Houses"
        stack.context.refresh(movie, mergeChanges: true)
        #expect(movie["summary"] as? String == "Houses")
        #expect(movie.committedValues(forKeys: ["summary"])["summary"] as? String == "Balloons")
        stack.context.refresh(movie, mergeChanges: false)
        #expect(movie["summary"] as? String == "Balloons")
        #expect(movie.changedValues().isEmpty)
        #expect(movie.committedValues(forKeys: ["summary"])["summary"] as? String == "Balloons")
    }

    @Test(arguments: StoreKind.allCases)
    func aFailedSaveLeavesAFetchedObjectsEditsAndCommittedValues(_ kind: StoreKind) throws {
        let (stack, movie) = try Self.fetchedMovie(kind)
        movie["rating"] = 11.0
        movie["summary"] = "Houses"
        #expect(throws: CoreDataError.self) { try stack.context.save() }
        #expect(movie["summary"] as? String == "Houses")
        #expect(movie.committedValues(forKeys: ["summary", "rating"])["summary"] as? String == "Balloons")
        #expect(movie.changedValues().keys.sorted() == ["rating", "summary"])
        movie["rating"] = 8.0
        try stack.context.save()
        #expect(movie.changedValues().isEmpty)
        #expect(movie.committedValues(forKeys: ["summary"])["summary"] as? String == "Houses")
        stack.context.reset()
        let again = try #require(try stack.fetch("Movie").first)
        #expect(again["summary"] as? String == "Houses")
        #expect(again["rating"] as? Double == 8.0)
    }

    @Test(arguments: StoreKind.allCases)
    func aCascadeMemberEditedUnderUndoLaterKeepsItsInverseChange(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        try stack.theater("Rex", movies: ["A", "B", "C"])
        try stack.context.save()
        stack.context.reset()
        let theater = try #require(try stack.fetch("Theater").first)
        let playing = try #require(try stack.fetch("Movie", sortedBy: "name").first)
        stack.context.delete(theater)
        stack.context.processPendingChanges()
        stack.context.undoManager = UndoManager()
        // Deleted members still take edits; undoing one must leave the cascade's own change.
        playing["summary"] = "Edited"
        stack.context.processPendingChanges()
        stack.context.undo()
        #expect(playing["summary"] == nil)
        #expect(Array(playing.changedValues().keys) == ["theater"])
        let others = stack.context.deletedObjects.filter { $0.entity.name == "Movie" && $0 !== playing }
        #expect(others.count == 2)
        for other in others { #expect(Array(other.changedValues().keys) == ["theater"]) }
    }

    @Test(arguments: StoreKind.allCases)
    func undoingACascadeWithUndoOnBringsEveryMemberBackUnchanged(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        try stack.theater("Rex", movies: (0..<20).map { "Movie \($0)" })
        try stack.context.save()
        stack.context.reset()
        stack.context.undoManager = UndoManager()
        let theater = try #require(try stack.fetch("Theater").first)
        stack.context.delete(theater)
        stack.context.processPendingChanges()
        stack.context.undo()
        let movies = try #require(theater.value(forKey: "movies") as? Set<ManagedObject>)
        #expect(movies.count == 20)
        #expect(movies.allSatisfy { !$0.isDeleted && $0.value(forKey: "theater") as? ManagedObject === theater })
        #expect(movies.allSatisfy { $0.changedValues().isEmpty })
    }

    @Test(arguments: StoreKind.allCases)
    func keysAreMatchedByTheirCharactersWhateverTheirStorage(_ kind: StoreKind) throws {
        let (stack, movie) = try Self.fetchedMovie(kind)
        // Keys made at run time, long or short, and a key read back from a dictionary.
        var made = "summ"
        made += "ary"
        #expect(movie.value(forKey: made) as? String == "Balloons")
        let bridged = String(decoding: Array("name".utf8), as: UTF8.self)
        #expect(movie.value(forKey: bridged) as? String == "Up")
        let fromDictionary = try #require(movie.committedValues(forKeys: nil).keys.first { $0 == "name" })
        #expect(movie.value(forKey: fromDictionary) as? String == "Up")
        #expect(movie.value(forKey: "nam") == nil)
        #expect(movie.value(forKey: "names") == nil)
        withExtendedLifetime(stack) {}
    }

    @Test(arguments: StoreKind.allCases)
    func nonASCIIAndLongPropertyNamesAreFoundByEquivalentKeys(_ kind: StoreKind) throws {
        let composed = "r\u{E9}sum\u{E9}"
        let decomposed = "re\u{301}sume\u{301}"
        let long = "averyveryverylongpropertynameindeed"
        let entity = EntityDescription(
            name: "Card",
            properties: [
                AttributeDescription(name: composed, type: .string),
                AttributeDescription(name: long, type: .integer64),
            ])
        let model = try ManagedObjectModel(entities: [entity])
        let stack = try CinemaStack(kind, model: model)
        let card = try stack.context.insertNewObject(forEntityName: "Card")
        card.setValue("Hello", forKey: composed)
        card.setValue(42, forKey: long)
        try stack.context.save()
        stack.context.reset()
        let fetched = try #require(try stack.fetch("Card").first)
        #expect(fetched.value(forKey: composed) as? String == "Hello")
        #expect(fetched.value(forKey: decomposed) as? String == "Hello")
        var madeLong = "averyveryverylong"
        madeLong += "propertynameindeed"
        #expect(fetched.value(forKey: madeLong) as? Int == 42)
        fetched.setValue("Bye", forKey: decomposed)
        #expect(fetched.value(forKey: composed) as? String == "Bye")
        try stack.context.save()
    }

    @Test func thousandsOfSavedObjectsAreEachFoundUnderTheirPermanentIDs() throws {
        let stack = try CinemaStack(.sqlite)
        let movies = try (0..<9_000).map { try stack.movie("Movie \($0)") }
        let temporaryIDs = movies.map(\.objectID)
        try stack.context.save()
        for (movie, temporary) in zip(movies, temporaryIDs) {
            #expect(!movie.objectID.isTemporaryID)
            #expect(movie.objectID != temporary)
            #expect(stack.context.registeredObject(for: movie.objectID) === movie)
            #expect(stack.context.registeredObject(for: temporary) == nil)
        }
        // Deleting every third one leaves the others found.
        for (index, movie) in movies.enumerated() where index % 3 == 0 { stack.context.delete(movie) }
        try stack.context.save()
        for (index, movie) in movies.enumerated() where index % 3 != 0 {
            #expect(stack.context.registeredObject(for: movie.objectID) === movie)
            #expect(stack.context.object(with: movie.objectID) === movie)
        }
        #expect(try stack.fetch("Movie").count == 6_000)
    }

    /// A stack of `kind` with a saved theater "Rex" showing movies A, B and C, its context reset.
    private static func savedTheater(_ kind: StoreKind) throws -> CinemaStack {
        let stack = try CinemaStack(kind)
        try stack.theater("Rex", movies: ["A", "B", "C"])
        try stack.context.save()
        stack.context.reset()
        return stack
    }

    @Test(arguments: StoreKind.allCases)
    func aCascadeReachingAnEditedMemberAndAFaultKeepsTheEditsAndFillsTheFault(_ kind: StoreKind) throws {
        let stack = try Self.savedTheater(kind)
        let movies = try stack.fetch("Movie", sortedBy: "name")
        let edited = movies[0]
        let faultID = movies[1].objectID
        stack.context.refresh(movies[1], mergeChanges: false)
        #expect(movies[1].isFault)
        edited["summary"] = "Edited"
        let theater = try #require(try stack.fetch("Theater").first)
        stack.context.delete(theater)
        #expect(edited.isDeleted && edited["summary"] as? String == "Edited")
        #expect(edited.changedValues().keys.sorted() == ["summary", "theater"])
        let fault = try #require(stack.context.registeredObject(for: faultID))
        #expect(fault.isDeleted && !fault.isFault)
        #expect(fault.committedValues(forKeys: ["name"])["name"] as? String == "B")
        #expect(Array(fault.changedValues().keys) == ["theater"])
        try stack.context.save()
        #expect(try stack.fetch("Movie").isEmpty)
        #expect(try stack.fetch("Theater").isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func prefetchingMembersKeepsTheUnsavedEditsOfAMemberAlreadyLoaded(_ kind: StoreKind) throws {
        let stack = try Self.savedTheater(kind)
        let edited = try #require(try stack.fetch("Movie", sortedBy: "name").first)
        edited["summary"] = "Edited"
        let request = FetchRequest(entityName: "Theater")
        request.relationshipKeyPathsForPrefetching = ["movies"]
        let theater = try #require(try stack.context.fetch(request).first)
        #expect(theater.names("movies") == ["A", "B", "C"])
        #expect(edited["summary"] as? String == "Edited")
        #expect(edited.committedValues(forKeys: ["summary"])["summary"] as? String == nil)
    }

    @Test func aCascadeSavedOverAConcurrentEditOfAMemberDeletesEveryMember() throws {
        let stack = try Self.savedTheater(.sqlite)
        stack.context.mergePolicy = .mergeByPropertyObjectTrump
        let theater = try #require(try stack.fetch("Theater").first)
        stack.context.delete(theater)
        let other = stack.otherContext()
        try other.performAndWait {
            let movie = try #require(try stack.fetch("Movie", sortedBy: "name", in: other).first)
            movie["summary"] = "Elsewhere"
            try other.save()
        }
        try stack.context.save()
        #expect(stack.context.deletedObjects.isEmpty)
        #expect(try stack.fetch("Movie").isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func prefetchingAManyToManyGivesAMemberSharedByTwoOwnersOneObject(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind)
        let shared = try stack.movie("Shared")
        for title in ["One", "Two"] {
            let playlist = try stack.context.insertNewObject(forEntityName: "Playlist")
            playlist["title"] = title
            playlist.setValue(OrderedSet([shared]), forKey: "movies")
        }
        try stack.context.save()
        stack.context.reset()
        let request = FetchRequest(entityName: "Playlist")
        request.relationshipKeyPathsForPrefetching = ["movies"]
        request.sortDescriptors = [ObjectSortDescriptor(key: "title")]
        let playlists = try stack.context.fetch(request)
        #expect(playlists.count == 2)
        let first = try #require((playlists[0].value(forKey: "movies") as? OrderedSet<ManagedObject>)?.first)
        let second = try #require((playlists[1].value(forKey: "movies") as? OrderedSet<ManagedObject>)?.first)
        #expect(first === second)
        #expect(stack.context.registeredObject(for: first.objectID) === first)
        #expect(try stack.fetch("Movie").count == 1)
        #expect(try stack.fetch("Movie").first === first)
    }
}
