import Foundation
import ObjectGraph

/// The objectgraph cases (insert, fetch, cascade) at any size, shared by the `objectgraph` and
/// `scaling` suites: its scratch directory, model, the stores it has filled, and the ObjectGraph
/// side of each case. The cases themselves are in `ObjectGraphBenchmark+Cases.swift`, the
/// baselines in `RawSQLite.swift`.
struct ObjectGraphBenchmark {
    /// The suite named in the BENCH lines.
    let suite: String
    /// How many paired runs each case times after its warm-up.
    let runs: Int
    let directory: URL
    let model: ManagedObjectModel
    private let filledStores = FilledStores()

    init(suite: String, runs: Int) throws {
        self.suite = suite
        self.runs = runs
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(suite)-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        model = try Self.benchmarkModel()
        SQLDebugLog.shared.level = 0
    }

    /// Removes the scratch directory and every store in it.
    func removeScratch() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Theater ⟷ Movie; a movie has four attributes and a to-one theater.
    static func benchmarkModel() throws -> ManagedObjectModel {
        try ManagedObjectModel(entities: [
            EntityDescription(
                name: "Movie",
                properties: [
                    AttributeDescription(name: "name", type: .string),
                    AttributeDescription(name: "year", type: .integer32),
                    AttributeDescription(name: "rating", type: .double),
                    AttributeDescription(name: "released", type: .date),
                    RelationshipDescription(name: "theater", destinationEntityName: "Theater", inverseName: "movies"),
                ]),
            EntityDescription(
                name: "Theater",
                properties: [
                    AttributeDescription(name: "name", type: .string),
                    RelationshipDescription(
                        name: "movies", destinationEntityName: "Movie", inverseName: "theater", isToMany: true,
                        deleteRule: .cascade),
                ]),
        ])
    }

    // MARK: - ObjectGraph work

    func openContainer(at url: URL) throws -> PersistentContainer {
        let container = PersistentContainer(name: "Bench", managedObjectModel: model)
        try container.loadPersistentStore(at: url)
        return container
    }

    /// Inserts `count` movies of one theater into a new store and saves; returns the time from
    /// the start until the save committed (the stack is let go after the clock stopped).
    @discardableResult
    func insertWithObjectGraph(at url: URL, count: Int) throws -> Double {
        let start = DispatchTime.now()
        let container = try openContainer(at: url)
        let context = container.viewContext
        let theater = try context.insertNewObject(forEntityName: "Theater")
        theater.setValue("Odeon", forKey: "name")
        for index in 0..<count {
            let movie = try context.insertNewObject(forEntityName: "Movie")
            let values = MovieValues(index: index)
            movie.setValue(values.name, forKey: "name")
            movie.setValue(values.year, forKey: "year")
            movie.setValue(values.rating, forKey: "rating")
            movie.setValue(values.released, forKey: "released")
            movie.setValue(theater, forKey: "theater")
        }
        try context.save()
        let elapsed = milliseconds(from: start)
        // Swift may let a value go right after its last use: without this, the context, the
        // theater and with them every object would be freed before the clock stopped.
        withExtendedLifetime((container, context, theater)) {}
        return elapsed
    }

    /// A store at `name` holding what ``insertWithObjectGraph(at:count:)`` writes for `count`
    /// movies: the first one asked for is filled by ObjectGraph, later ones are copies of it (the
    /// cases that only need a filled store, fetch and cascade, do not pay for a new insert each run).
    func filledStore(_ name: String, count: Int) throws -> URL {
        let url = fresh(name)
        guard let template = filledStores.template(count: count) else {
            let template = fresh("filled-\(count)")
            try insertWithObjectGraph(at: template, count: count)
            filledStores.record(template, count: count)
            return try filledStore(name, count: count)
        }
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: template.path + suffix) {
            try FileManager.default.copyItem(atPath: template.path + suffix, toPath: url.path + suffix)
        }
        return url
    }

    /// How the fetch case reads each fetched movie's values.
    enum ValueReading {
        /// `value(forKey:as:)`, the typed read a generated subclass's properties make
        /// (`movie.name`): the case's figure.
        case typed
        /// `value(forKey:)` and a cast of the `Any` it returns (`as? String`): an app reading by
        /// key, its note line.
        case keyValueCast
    }

    /// Fetches every movie sorted by name and reads each attribute and the to-one destination.
    func fetchAllWithObjectGraph(
        _ context: ManagedObjectContext, reading: ValueReading
    ) throws -> (Int, [ManagedObject]) {
        let request = FetchRequest(entityName: "Movie")
        request.sortDescriptors = [ObjectSortDescriptor(key: "name")]
        let movies = try context.fetch(request)
        var checksum = 0
        switch reading {
        case .typed:
            for movie in movies {
                checksum &+= movie.value(forKey: "name", as: String.self)?.utf8.count ?? 0
                checksum &+= movie.value(forKey: "year", as: Int.self) ?? 0
                checksum &+= Int(movie.value(forKey: "rating", as: Double.self) ?? 0)
                checksum &+= Int(movie.value(forKey: "released", as: Date.self)?.timeIntervalSinceReferenceDate ?? 0)
                checksum &+= movie.value(forKey: "theater", as: ManagedObject.self) == nil ? 0 : 1
            }
        case .keyValueCast:
            for movie in movies {
                checksum &+= (movie.value(forKey: "name") as? String)?.utf8.count ?? 0
                checksum &+= movie.value(forKey: "year") as? Int ?? 0
                checksum &+= Int(movie.value(forKey: "rating") as? Double ?? 0)
                checksum &+= Int((movie.value(forKey: "released") as? Date)?.timeIntervalSinceReferenceDate ?? 0)
                checksum &+= (movie.value(forKey: "theater") as? ManagedObject) == nil ? 0 : 1
            }
        }
        return (checksum, movies)
    }

    // MARK: - Timing

    /// ``Measurement/pairedMedians(runs:ours:base:)`` over this benchmark's runs.
    func pairedMedians(
        ours: (Int) throws -> Double, base: (Int) throws -> Double
    ) throws -> (ours: Double, base: Double) {
        try Measurement.pairedMedians(runs: runs, ours: ours, base: base)
    }

    /// A path in the scratch directory with no store (nor `-wal`, `-shm`) at it.
    func fresh(_ name: String) -> URL {
        let url = directory.appendingPathComponent(name + ".sqlite")
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
        return url
    }
}

/// The stores ObjectGraph filled so far, by movie count, to copy rather than fill again.
private final class FilledStores {
    private var templates: [Int: URL] = [:]

    func template(count: Int) -> URL? { templates[count] }

    func record(_ url: URL, count: Int) { templates[count] = url }
}
