import Foundation
import Testing

@testable import ObjectGraph

/// A cascade reaches members that have to-many relationships of their own (a theater's movies
/// are in playlists): the members' relationships load together, not with one query per member,
/// and their delete rules still run on every member.
@Suite("Cascaded members' relationships")
struct CascadeMemberRelationshipTests {
    /// Rex shows 40 movies and Odeon three; playlist A holds Rex 0, Rex 1 and Odeon 0, B holds
    /// Rex 3 and Odeon 1, C holds Odeon 2 only.
    private static func theatersAndPlaylists(in context: ManagedObjectContext) throws {
        func theater(_ name: String, movies count: Int) throws -> [ManagedObject] {
            let theater = try context.insertNewObject(forEntityName: "Theater")
            theater["name"] = name
            return try (0..<count).map { number in
                let movie = try context.insertNewObject(forEntityName: "Movie")
                movie["name"] = "\(name) \(number)"
                movie["theater"] = theater
                return movie
            }
        }
        let rex = try theater("Rex", movies: 40)
        let odeon = try theater("Odeon", movies: 3)
        for (title, movies) in [("A", [rex[0], rex[1], odeon[0]]), ("B", [rex[3], odeon[1]]), ("C", [odeon[2]])] {
            let playlist = try context.insertNewObject(forEntityName: "Playlist")
            playlist["title"] = title
            let members = playlist.mutableOrderedSetValue(forKey: "movies")
            for movie in movies { members.append(movie) }
        }
        try context.save()
    }

    /// Each playlist's title and its movies' names, in order, read by a fresh stack.
    private static func storedPlaylists(_ stack: TracedCinemaStack) throws -> [String: [String]] {
        let reader = try TracedCinemaStack(reopening: stack)
        var playlists: [String: [String]] = [:]
        for playlist in try reader.context.fetch(FetchRequest(entityName: "Playlist")) {
            let movies = try #require(playlist.value(forKey: "movies") as? OrderedSet<ManagedObject>).elements
            playlists[try #require(playlist["title"] as? String)] = movies.compactMap { $0["name"] as? String }
        }
        return playlists
    }

    @Test func deletingATheaterLoadsItsMoviesPlaylistsInOneQuery() throws {
        let stack = try TracedCinemaStack.filled(by: Self.theatersAndPlaylists(in:))
        let rex = try #require(try stack.fetchFirst("Theater", named: "Rex"))
        stack.clear()

        stack.context.delete(rex)
        let selects = stack.statements.filter { $0.hasPrefix("SELECT") }
        // The movies with their rows, the theater's staff (its deny rule), the playlists of all
        // 40 movies at once, then each of the two playlists that lose movies.
        #expect(selects.count == 5, "\(selects)")
        #expect(selects.filter { $0.contains("FROM ZPLAYLIST") }.count == 1)
        #expect(selects.filter { $0.contains("FROM ZMOVIE") && $0.contains("Z_5PLAYLISTS = ?") }.count == 2)
        #expect(stack.context.deletedObjects.count == 41)
        #expect(stack.context.updatedObjects.compactMap { $0["title"] as? String }.sorted() == ["A", "B"])

        try stack.context.save()
        #expect(try Self.storedPlaylists(stack) == ["A": ["Odeon 0"], "B": ["Odeon 1"], "C": ["Odeon 2"]])
    }

    @Test func playlistsInMemoryLoseTheCascadedMoviesAtOnce() throws {
        let stack = try TracedCinemaStack.filled(by: Self.theatersAndPlaylists(in:))
        let request = FetchRequest(entityName: "Playlist")
        request.sortDescriptors = [ObjectSortDescriptor(key: "title")]
        let playlists = try stack.context.fetch(request)
        let rex = try #require(try stack.fetchFirst("Theater", named: "Rex"))

        stack.context.delete(rex)
        let names = playlists.map { playlist in
            (playlist.value(forKey: "movies") as? OrderedSet<ManagedObject>)?.elements.compactMap {
                $0["name"] as? String
            } ?? []
        }
        #expect(names == [["Odeon 0"], ["Odeon 1"], ["Odeon 2"]])
        #expect(playlists.map(\.isUpdated) == [true, true, false])
        try stack.context.save()
        #expect(try Self.storedPlaylists(stack) == ["A": ["Odeon 0"], "B": ["Odeon 1"], "C": ["Odeon 2"]])
    }
    /// Nullify on a to-one whose inverse to-many was never loaded: the theater loses the movie
    /// (and is updated) as surely as when its movies were in memory.
    @Test func deletingAMovieUpdatesItsTheaterWhoseMoviesWereNotLoaded() throws {
        let stack = try TracedCinemaStack.filled(by: Self.theatersAndPlaylists(in:))
        let movie = try #require(try stack.fetchFirst("Movie", named: "Odeon 1"))
        let odeon = try #require(movie.value(forKey: "theater") as? ManagedObject)
        #expect(odeon.hasFault(forRelationshipNamed: "movies"))

        stack.context.delete(movie)
        #expect(stack.context.updatedObjects.contains(odeon))
        let names = (odeon.value(forKey: "movies") as? Set<ManagedObject> ?? []).compactMap { $0["name"] as? String }
        #expect(names.sorted() == ["Odeon 0", "Odeon 2"])
        #expect(odeon.changedValues().keys.contains("movies"))
        try stack.context.save()
        #expect(!stack.context.hasChanges)
        #expect((odeon.value(forKey: "movies") as? Set<ManagedObject>)?.count == 2)
    }
}
