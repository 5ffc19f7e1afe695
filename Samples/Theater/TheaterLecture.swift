import Foundation
import ObjectGraph
import SampleSupport

/// The first lecture, step by step: build the stack, insert, save, fetch, read a value, delete
/// with the cascade rule, and show where the store is. Output is plain text for a projector.
struct TheaterLecture {
    let options: TheaterOptions
    /// Where the narration goes (standard output in the sample).
    let write: (String) -> Void

    /// The films of the lecture, with their one-line descriptions.
    static let films: [(name: String, description: String)] = [
        ("Up", "An old balloon seller flies his house to South America."),
        ("Ratatouille", "A rat who can cook makes an unusual alliance in Paris."),
        ("WALL-E", "A lonely robot cleans up an abandoned Earth."),
    ]

    func run() throws {
        let storeURL = URL(fileURLWithPath: options.storePath).standardizedFileURL
        let model = try Self.loadModel()
        let container = PersistentContainer(name: "Theater", managedObjectModel: model)
        // Refuses anything that is not a Core Data store (a folder, another program's file).
        if options.reset { try container.persistentStoreCoordinator.destroyPersistentStore(at: storeURL) }

        step(1, "Build the Core Data stack")
        let entityNames = model.entities.map(\.name).sorted().joined(separator: ", ")
        say("model: Theater.xcdatamodeld (entities: \(entityNames))")
        let existed = FileManager.default.fileExists(atPath: storeURL.path)
        try container.loadPersistentStore(at: storeURL)
        let context = container.viewContext
        say("store: \(storeURL.lastPathComponent) (\(existed ? "opened the existing file" : "created a new file"))")
        say(
            "context: viewContext, \(try context.count(for: Theater.fetchRequest())) theaters saved so far"
        )

        step(2, "Insert a theater with movies")
        // Theater and Movie are the classes generated from Theater.xcdatamodeld at build time
        // (the ObjectGraphCodegen plugin): typed properties instead of string keys.
        let theater = Theater(context: context)
        theater.name = "My House"
        theater.openingDate = "2009-05-29"
        say("Theater \"My House\", opening date \"2009-05-29\"")
        for film in Self.films {
            let movie = Movie(context: context)
            movie.name = film.name
            movie.movieDescription = film.description
            theater.addToMovies(movie)
            say("  + Movie \"\(film.name)\"")
        }
        say("theater.movies holds \(theater.movies.count) movies (the inverse of movie.theater)")
        say("inserted objects: \(context.insertedObjects.count), nothing is on disk yet")

        step(3, "Save")
        try context.save()
        say("context.save() wrote \(1 + Self.films.count) objects in one transaction")
        say("the theater's object ID is now permanent: \(theater.objectID.isTemporaryID ? "no" : "yes")")

        step(4, "Fetch the movies, sorted by name")
        let request = Movie.fetchRequest()
        request.sortDescriptors = [ObjectSortDescriptor(key: "name", ascending: true)]
        let fetched = try context.fetch(request, as: Movie.self)
        for (position, movie) in fetched.enumerated() {
            say("\(position + 1). \(movie.name ?? "?") (\(movie.theater?.name ?? "no theater"))")
        }

        step(5, "Read values with value(forKey:)")
        if let first = fetched.first {
            say("movie.value(forKey: \"name\")")
            say("  → \(describe(first.value(forKey: "name")))")
            say("movie.value(forKey: \"movieDescription\")")
            say("  → \(describe(first.value(forKey: "movieDescription")))")
            say("movie.value(forKeyPath: \"theater.name\")")
            say("  → \(describe(first.value(forKeyPath: "theater.name")))")
        }
        say("theater.value(forKeyPath: \"movies.@count\")")
        say("  → \(describe(theater.value(forKeyPath: "movies.@count")))")

        step(6, "Delete the theater: its movies go too (delete rule: cascade)")
        let before = try context.count(for: Movie.fetchRequest())
        context.delete(theater)
        let deletedMovies = context.deletedObjects.filter { $0 is Movie }.count
        say("context.delete(theater) also deleted \(deletedMovies) movies at once, before any save")
        try context.save()
        let after = try context.count(for: Movie.fetchRequest())
        say("movies in the store: \(before) before, \(after) after the save")
        // The store keeps something to look at in step 7 and for the optimistic-locking demo.
        let gaumont = Theater(context: context)
        gaumont.name = "Gaumont"
        let kept = Movie(context: context)
        kept.name = "Up"
        kept.theater = gaumont
        try context.save()
        say("a second theater is kept for what follows: \"Gaumont\", showing \"Up\"")

        step(7, "Inspect the store yourself")
        // Relative to the current folder when it is inside it, so the commands fit 80 columns.
        let shown = Self.displayPath(storeURL)
        say("the store is \(shown)")
        say("try: sqlite3 \"\(shown)\" .schema")
        say("     " + SampleCommand.companion("inspect \"\(shown)\""))
        say("the SQL of every step: " + SampleCommand.spelled("theater", "-com.apple.CoreData.SQLDebug 1"))
    }

    /// `url`'s path relative to the current folder when the file is inside it, else the full path.
    static func displayPath(_ url: URL) -> String {
        let folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        let path = url.standardizedFileURL.path
        return path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : path
    }

    /// The model from the sample's own resources (`Theater.xcdatamodeld`, copied by SwiftPM).
    static func loadModel() throws -> ManagedObjectModel {
        guard let url = Bundle.module.url(forResource: "Theater", withExtension: "xcdatamodeld") else {
            throw ResourceMissing()
        }
        return try ManagedObjectModel(contentsOf: url)
    }

    /// The model bundle is missing from the build's resources.
    struct ResourceMissing: Error, CustomStringConvertible {
        var description: String { "Theater.xcdatamodeld is missing from the sample's resources; rebuild the package" }
    }

    private func step(_ number: Int, _ title: String) {
        write(number == 1 ? "Step \(number). \(title)" : "\nStep \(number). \(title)")
    }

    private func say(_ line: String) {
        write("   " + line)
    }

    private func describe(_ value: Any?) -> String {
        switch value {
        case nil: return "nil"
        case let text as String: return "\"\(text)\""
        case let other?: return "\(other)"
        }
    }
}
