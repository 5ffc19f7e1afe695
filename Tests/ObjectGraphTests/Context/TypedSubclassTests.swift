import Foundation
import ObjectGraph
import Testing

/// The lecture's classes as Xcode would generate them (namespaced so the test module can have
/// other `Theater` types; the registry uses the plain class name).
enum TypedCinema {
    /// A theater with typed properties and generated-accessor style methods, as Xcode would generate.
    final class Theater: ManagedObject, @unchecked Sendable {
        var name: String? {
            get { value(forKey: "name", as: String.self) }
            set { setValue(newValue, forKey: "name") }
        }

        var capacity: Int? {
            get { value(forKey: "capacity", as: Int.self) }
            set { setValue(newValue, forKey: "capacity") }
        }

        var movies: Set<Movie> {
            get { Set((value(forKey: "movies") as? Set<ManagedObject> ?? []).compactMap { $0 as? Movie }) }
            set { setValue(newValue, forKey: "movies") }
        }

        func addToMovies(_ movie: Movie) { addObject(movie, toRelationship: "movies") }

        func removeFromMovies(_ movie: Movie) { removeObject(movie, fromRelationship: "movies") }

        func addToMovies(_ movies: Set<Movie>) { mutableSetValue(forKey: "movies").formUnion(movies) }
    }

    /// A movie with typed properties.
    final class Movie: ManagedObject, @unchecked Sendable {
        var name: String? {
            get { value(forKey: "name", as: String.self) }
            set { setValue(newValue, forKey: "name") }
        }

        var runtime: Int {
            get { value(forKey: "runtime", as: Int.self) ?? 0 }
            set { setValue(newValue, forKey: "runtime") }
        }

        var theater: Theater? {
            get { value(forKey: "theater", as: Theater.self) }
            set { setValue(newValue, forKey: "theater") }
        }
    }
}

@Suite("Typed subclasses")
struct TypedSubclassTests {
    typealias Theater = TypedCinema.Theater
    typealias Movie = TypedCinema.Movie

    /// A stack whose model names the classes, with the classes registered by class name (names
    /// no other test's model uses, so other tests keep plain `ManagedObject`s).
    private func typedStack(_ kind: StoreKind) throws -> CinemaStack {
        ManagedObjectClassRegistry.shared.register(Theater.self, forClassName: "TypedCinema.Theater")
        ManagedObjectClassRegistry.shared.register(Movie.self, forClassName: "TypedCinema.Movie")
        return try CinemaStack(
            kind, model: CinemaModel.make(theaterClassName: "TypedCinema.Theater", movieClassName: "TypedCinema.Movie"))
    }

    @Test(arguments: StoreKind.allCases)
    func insertAndFetchHandOutTypedObjects(_ kind: StoreKind) throws {
        let stack = try typedStack(kind)
        let theater = try stack.context.insertNewObject(of: Theater.self)
        theater.name = "My House"
        let movie = try #require(try stack.context.insertNewObject(forEntityName: "Movie") as? Movie)
        movie.name = "Up"
        theater.addToMovies(movie)

        #expect(movie.theater === theater)
        #expect(theater.movies == [movie])
        try stack.context.save()

        let other = stack.otherContext()
        let fetched = try other.performAndWait { () throws -> (String?, [String?]) in
            let movies = try other.fetch(FetchRequest(entityName: "Movie"), as: Movie.self)
            let first = try #require(movies.first)
            return (first.theater?.name, first.theater?.movies.map(\.name) ?? [])
        }
        #expect(fetched.0 == "My House")
        #expect(fetched.1 == ["Up"])
    }

    @Test func insertsOfEntitiesInTurnEachGetTheirOwnClassAndDefaults() throws {
        let stack = try typedStack(.inMemory)
        var made: [ManagedObject] = []
        for name in ["Movie", "Movie", "Theater", "Movie", "Employee", "Theater"] {
            made.append(try stack.context.insertNewObject(forEntityName: name))
        }
        let classes = made.map { String(describing: type(of: $0)) }
        #expect(classes == ["Movie", "Movie", "Theater", "Movie", "ManagedObject", "Theater"])
        #expect(made.compactMap { $0 as? Movie }.map(\.runtime) == [90, 90, 90])
        #expect(made.compactMap { $0 as? Theater }.map { $0.value(forKey: "isOpen") as? Bool } == [true, true])
        #expect(made[4].value(forKey: "runtime") == nil)
    }

    @Test func generatedStyleAccessorsKeepInversesInStep() throws {
        let stack = try typedStack(.inMemory)
        let theater = try stack.context.insertNewObject(of: Theater.self)
        theater.name = "Odeon"
        let up = try stack.context.insertNewObject(of: Movie.self)
        let alien = try stack.context.insertNewObject(of: Movie.self)
        up.name = "Up"
        alien.name = "Alien"

        theater.addToMovies([up, alien])
        #expect(alien.theater === theater)
        theater.removeFromMovies(up)
        #expect(up.theater == nil)
        #expect(theater.movies == [alien])
        up.theater = theater
        #expect(theater.movies.count == 2)
        theater.capacity = 120
        #expect(theater.capacity == 120)
        #expect(up.runtime == 90)
    }

    @Test func registryByEntityNameWinsOverClassName() throws {
        let registry = ManagedObjectClassRegistry()
        let model = try CinemaModel.make(movieClassName: "Cinema.Movie")
        let entity = try #require(model.entitiesByName["Movie"])
        #expect(registry.objectClass(for: entity) == ManagedObject.self)
        registry.register(Movie.self)
        #expect(registry.objectClass(for: entity) == Movie.self)
        registry.register(Theater.self, forEntityName: "Movie")
        #expect(registry.objectClass(for: entity) == Theater.self)
        #expect(registry.entityName(for: Theater.self, in: model) == "Movie")
    }

    @Test func insertingAnUnregisteredClassThrows() throws {
        final class Unregistered: ManagedObject, @unchecked Sendable {}
        let stack = try CinemaStack()
        #expect(throws: CoreDataError.self) { try stack.context.insertNewObject(of: Unregistered.self) }
    }
}
