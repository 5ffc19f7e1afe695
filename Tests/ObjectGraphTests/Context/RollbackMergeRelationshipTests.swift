import Foundation
import ObjectGraph
import Testing

/// The rollback merge policy gives up our deletion of an object another context changed: the
/// object comes back with the stored row, and the relationships its deletion had already changed
/// in memory must agree with that row again.
@Suite("Rollback merge keeps relationships consistent")
struct RollbackMergeRelationshipTests {
    /// A saved theater with movies "Up" and "Heat" (both loaded in its `movies`); another context
    /// then changes the row of the movie named `changedElsewhere`.
    private func theaterWithMovieChangedElsewhere(_ kind: StoreKind, changedElsewhere: String) throws
        -> (CinemaStack, ManagedObject, ManagedObject)
    {
        let stack = try CinemaStack(kind)
        let theater = try stack.theater("Odeon", movies: ["Up", "Heat"])
        try stack.context.save()
        let movie = try #require(stack.fetch("Movie").first { $0.nameValue == changedElsewhere })
        #expect(theater.names("movies") == ["Heat", "Up"])
        let other = stack.otherContext()
        try other.performAndWait { () throws in
            try other.existingObject(with: movie.objectID)["rating"] = 7.5
            try other.save()
        }
        return (stack, theater, movie)
    }

    /// The names of the theater's movies as a fresh context reads them from the store.
    private func storedMovieNames(_ stack: CinemaStack, of theater: ManagedObject) throws -> [String] {
        let fresh = stack.otherContext()
        return try fresh.performAndWait { () throws in
            try fresh.existingObject(with: theater.objectID).names("movies")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aRestoredMovieIsBackInItsTheatersMovies(_ kind: StoreKind) throws {
        let (stack, theater, movie) = try theaterWithMovieChangedElsewhere(kind, changedElsewhere: "Up")
        stack.context.delete(movie)
        #expect(theater.names("movies") == ["Heat"])
        #expect(stack.context.updatedObjects.contains(theater))
        stack.context.mergePolicy = .rollback
        let updatedBySave = UpdatedObjectsOfDidSave(stack.context)

        try stack.context.save()

        // The theater took the movie back, so the save had nothing of it to write or report.
        #expect(updatedBySave.objects.isEmpty)
        #expect(!movie.isDeleted)
        #expect(movie["rating"] as? Double == 7.5)
        #expect(movie["theater"] as? ManagedObject === theater)
        #expect(theater.names("movies") == ["Heat", "Up"])
        #expect(!theater.hasChanges)
        #expect(!stack.context.hasChanges)
        #expect(try storedMovieNames(stack, of: theater) == ["Heat", "Up"])
    }

    @Test(arguments: StoreKind.allCases)
    func aRestoredMovieOfADeletedTheaterLosesItsTheaterInMemoryAndInTheStore(_ kind: StoreKind) throws {
        let (stack, theater, movie) = try theaterWithMovieChangedElsewhere(kind, changedElsewhere: "Heat")
        let theaterID = theater.objectID
        stack.context.delete(theater)
        #expect(movie.isDeleted)
        stack.context.mergePolicy = .rollback

        try stack.context.save()

        #expect(!movie.isDeleted)
        #expect(movie["theater"] == nil)
        #expect(stack.context.registeredObject(for: theaterID) == nil)
        #expect(!stack.context.hasChanges)
        #expect(try stack.fetch("Theater").isEmpty)
        let remaining = try stack.fetch("Movie")
        #expect(remaining.map(\.nameValue) == ["Heat"])
        let fresh = stack.otherContext()
        let storedTheater = try fresh.performAndWait { () throws in
            try fresh.existingObject(with: movie.objectID)["theater"] as? ManagedObject
        }
        #expect(storedTheater == nil)
    }

    /// Two saved theaters, "Odeon" holding the movie "Up" (both sides loaded) and "Rex" empty.
    private func movieBetweenTwoTheaters(_ kind: StoreKind) throws
        -> (CinemaStack, odeon: ManagedObject, rex: ManagedObject, movie: ManagedObject)
    {
        let stack = try CinemaStack(kind)
        let odeon = try stack.theater("Odeon", movies: ["Up"])
        let rex = try stack.theater("Rex")
        try stack.context.save()
        let movie = try #require(stack.fetch("Movie").first)
        #expect(odeon.names("movies") == ["Up"] && rex.names("movies").isEmpty)
        return (stack, odeon, rex, movie)
    }

    @Test(arguments: StoreKind.allCases)
    func aMoveGivenUpByTheRollbackPolicyPutsBothTheatersBack(_ kind: StoreKind) throws {
        let (stack, odeon, rex, movie) = try movieBetweenTwoTheaters(kind)
        let other = stack.otherContext()
        try other.performAndWait { () throws in
            try other.existingObject(with: movie.objectID)["rating"] = 4.0
            try other.save()
        }
        movie["theater"] = rex
        stack.context.mergePolicy = .rollback

        try stack.context.save()

        #expect(movie["theater"] as? ManagedObject === odeon)
        #expect(odeon.names("movies") == ["Up"])
        #expect(rex.names("movies").isEmpty)
        #expect(!stack.context.hasChanges)
        #expect(try storedMovieNames(stack, of: odeon) == ["Up"])
        #expect(try storedMovieNames(stack, of: rex).isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func refreshingAMovedMovieWithoutItsChangesPutsBothTheatersBack(_ kind: StoreKind) throws {
        let (stack, odeon, rex, movie) = try movieBetweenTwoTheaters(kind)
        movie["theater"] = rex

        stack.context.refresh(movie, mergeChanges: false)

        #expect(odeon.names("movies") == ["Up"])
        #expect(rex.names("movies").isEmpty)
        #expect(!stack.context.hasChanges)
        #expect(movie["theater"] as? ManagedObject === odeon)
        try stack.context.save()
        #expect(try storedMovieNames(stack, of: odeon) == ["Up"])
        #expect(try storedMovieNames(stack, of: rex).isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func refreshingADeletedMovieWithoutItsChangesPutsItBackInItsTheater(_ kind: StoreKind) throws {
        let (stack, odeon, _, movie) = try movieBetweenTwoTheaters(kind)
        stack.context.delete(movie)
        #expect(odeon.names("movies").isEmpty)

        stack.context.refresh(movie, mergeChanges: false)

        #expect(!movie.isDeleted)
        #expect(odeon.names("movies") == ["Up"])
        #expect(!stack.context.hasChanges)
    }

    /// Album ⟷ Track: an album's ordered `tracks`, a track's to-one `album`.
    private static func albumModel() throws -> ManagedObjectModel {
        try ManagedObjectModel(entities: [
            EntityDescription(
                name: "Album",
                properties: [
                    RelationshipDescription(
                        name: "tracks", destinationEntityName: "Track", inverseName: "album", isToMany: true,
                        isOrdered: true, deleteRule: .cascade)
                ]),
            EntityDescription(
                name: "Track",
                properties: [
                    AttributeDescription(name: "name", type: .string),
                    RelationshipDescription(name: "album", destinationEntityName: "Album", inverseName: "tracks"),
                ]),
        ])
    }

    @Test(arguments: StoreKind.allCases)
    func aRestoredTrackReturnsToItsStoredPlaceInItsAlbum(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind, model: Self.albumModel())
        let album = try stack.context.insertNewObject(forEntityName: "Album")
        let tracks = try ["One", "Two", "Three"].map { name in
            let track = try stack.context.insertNewObject(forEntityName: "Track")
            track["name"] = name
            track["album"] = album
            return track
        }
        try stack.context.save()
        let other = stack.otherContext()
        try other.performAndWait { () throws in
            try other.existingObject(with: tracks[1].objectID)["name"] = "Two (live)"
            try other.save()
        }
        stack.context.delete(tracks[1])
        stack.context.mergePolicy = .rollback

        try stack.context.save()

        let members = try #require(album.value(forKey: "tracks") as? OrderedSet<ManagedObject>)
        #expect(members.elements.map(\.nameValue) == ["One", "Two (live)", "Three"])
        #expect(!stack.context.hasChanges)
    }
}

/// The updated objects each did-save notification of a context listed, all together.
private final class UpdatedObjectsOfDidSave: @unchecked Sendable {
    private let lock = NSLock()
    private var listed: Set<ManagedObject> = []
    private var token: NSObjectProtocol?

    init(_ context: ManagedObjectContext) {
        token = NotificationCenter.default.addObserver(
            forName: ManagedObjectContext.didSaveNotification, object: context, queue: nil
        ) { [weak self] note in
            let updated = note.userInfo?[ManagedObjectContext.NotificationKey.updatedObjects.rawValue]
            self?.lock.withLock { self?.listed.formUnion(updated as? Set<ManagedObject> ?? []) }
        }
    }

    deinit {
        if let token { NotificationCenter.default.removeObserver(token) }
    }

    var objects: Set<ManagedObject> { lock.withLock { listed } }
}
