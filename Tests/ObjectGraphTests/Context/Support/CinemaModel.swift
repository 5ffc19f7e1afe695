import Foundation
import ObjectGraph
import Testing

/// The model the context tests run against: the lecture's Theater and Movie plus enough around
/// them to exercise every rule (validation bounds, all four delete rules, ordered many-to-many,
/// inheritance).
enum CinemaModel {
    /// 1900-01-01, the earliest `opened` date allowed.
    static let earliestOpening = Date(timeIntervalSinceReferenceDate: -3_187_296_000)

    /// A fresh model (each test gets its own so tests stay independent).
    static func make(theaterClassName: String? = nil, movieClassName: String? = nil) throws -> ManagedObjectModel {
        let theater = EntityDescription(
            name: "Theater", managedObjectClassName: theaterClassName,
            properties: [
                AttributeDescription(name: "name", type: .string, isOptional: false, minValue: 1, maxValue: 40),
                AttributeDescription(name: "code", type: .string, regularExpression: "[A-Z]{3}"),
                AttributeDescription(name: "capacity", type: .integer16, minValue: 1, maxValue: 5000),
                AttributeDescription(name: "opened", type: .date, minValue: earliestOpening),
                AttributeDescription(name: "isOpen", type: .boolean, defaultValue: true),
                AttributeDescription(name: "note", type: .string, isTransient: true),
                RelationshipDescription(
                    name: "movies", destinationEntityName: "Movie", inverseName: "theater", isToMany: true,
                    deleteRule: .cascade),
                RelationshipDescription(
                    name: "staff", destinationEntityName: "Employee", inverseName: "theater", isToMany: true,
                    deleteRule: .deny),
            ])
        let movie = EntityDescription(
            name: "Movie", managedObjectClassName: movieClassName,
            properties: [
                AttributeDescription(name: "name", type: .string, isOptional: false),
                AttributeDescription(name: "summary", type: .string),
                AttributeDescription(name: "runtime", type: .integer32, defaultValue: 90),
                AttributeDescription(name: "rating", type: .double, minValue: 0.0, maxValue: 10.0),
                AttributeDescription(name: "budget", type: .decimal),
                AttributeDescription(name: "poster", type: .binaryData),
                AttributeDescription(name: "identifier", type: .uuid),
                AttributeDescription(name: "website", type: .uri),
                RelationshipDescription(
                    name: "theater", destinationEntityName: "Theater", inverseName: "movies", deleteRule: .nullify),
                RelationshipDescription(
                    name: "playlists", destinationEntityName: "Playlist", inverseName: "movies", isToMany: true,
                    deleteRule: .nullify),
            ])
        let documentary = EntityDescription(
            name: "Documentary", superentityName: "Movie",
            properties: [AttributeDescription(name: "subject", type: .string)])
        let employee = EntityDescription(
            name: "Employee",
            properties: [
                AttributeDescription(name: "name", type: .string, isOptional: false),
                RelationshipDescription(
                    name: "theater", destinationEntityName: "Theater", inverseName: "staff", deleteRule: .nullify),
                RelationshipDescription(
                    name: "badge", destinationEntityName: "Badge", inverseName: "holder", deleteRule: .noAction),
            ])
        let badge = EntityDescription(
            name: "Badge",
            properties: [
                AttributeDescription(name: "number", type: .integer64),
                RelationshipDescription(
                    name: "holder", destinationEntityName: "Employee", inverseName: "badge", deleteRule: .nullify),
            ])
        let playlist = EntityDescription(
            name: "Playlist",
            properties: [
                AttributeDescription(name: "title", type: .string, isOptional: false),
                RelationshipDescription(
                    name: "movies", destinationEntityName: "Movie", inverseName: "playlists", isToMany: true,
                    isOrdered: true, minCount: 1, maxCount: 3, deleteRule: .nullify, isOptional: false),
            ])
        return try ManagedObjectModel(entities: [theater, movie, documentary, employee, badge, playlist])
    }
}

/// The stores every behaviour test runs against.
enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case inMemory
    case sqlite

    var testDescription: String { rawValue }
}

/// A directory of its own under the system's temporary directory, removed when released.
final class TemporaryDirectory: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("ObjectGraphTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

/// A container with a fresh store of `kind` and the cinema model, plus handy inserts.
struct CinemaStack {
    let container: PersistentContainer
    /// Where an SQLite store lives (nil for the in-memory store); removed with the last copy.
    let directory: TemporaryDirectory?
    var context: ManagedObjectContext { container.viewContext }
    var model: ManagedObjectModel { container.managedObjectModel }

    init(_ kind: StoreKind = .inMemory, model: ManagedObjectModel? = nil) throws {
        container = PersistentContainer(name: "Cinema", managedObjectModel: try model ?? CinemaModel.make())
        switch kind {
        case .inMemory:
            directory = nil
            try container.loadInMemoryStore()
        case .sqlite:
            let directory = try TemporaryDirectory()
            self.directory = directory
            try container.loadPersistentStore(at: directory.url.appendingPathComponent("Cinema.sqlite"))
        }
    }

    /// A stack of `kind` holding what `fill` inserts, saved, with its context reset: every fetch
    /// then returns faults.
    static func savedAndReset(_ kind: StoreKind, _ fill: (CinemaStack) throws -> Void) throws -> CinemaStack {
        let stack = try CinemaStack(kind)
        try fill(stack)
        try stack.context.save()
        stack.context.reset()
        return stack
    }

    /// A second context on the same coordinator (a background context).
    func otherContext() -> ManagedObjectContext { container.newBackgroundContext() }

    /// Inserts a theater named `name` with movies named `movies`.
    @discardableResult
    func theater(_ name: String, movies: [String] = [], in context: ManagedObjectContext? = nil) throws -> ManagedObject
    {
        let context = context ?? self.context
        let theater = try context.insertNewObject(forEntityName: "Theater")
        theater["name"] = name
        for title in movies {
            let movie = try context.insertNewObject(forEntityName: "Movie")
            movie["name"] = title
            movie["theater"] = theater
        }
        return theater
    }

    /// Inserts a movie named `name`.
    @discardableResult
    func movie(_ name: String, in context: ManagedObjectContext? = nil) throws -> ManagedObject {
        let movie = try (context ?? self.context).insertNewObject(forEntityName: "Movie")
        movie["name"] = name
        return movie
    }

    /// All objects of `entity`, sorted by `key`.
    func fetch(_ entity: String, sortedBy key: String? = nil, in context: ManagedObjectContext? = nil) throws
        -> [ManagedObject]
    {
        let request = FetchRequest(entityName: entity)
        if let key { request.sortDescriptors = [ObjectSortDescriptor(key: key)] }
        return try (context ?? self.context).fetch(request)
    }
}

extension ManagedObject {
    /// The `name` attribute, for short assertions.
    var nameValue: String? { value(forKey: "name") as? String }

    /// The names of the members of a to-many relationship, sorted.
    func names(_ key: String) -> [String] {
        let members = value(forKey: key)
        let objects: [ManagedObject]
        if let set = members as? Set<ManagedObject> {
            objects = Array(set)
        } else if let ordered = members as? OrderedSet<ManagedObject> {
            objects = ordered.elements
        } else {
            objects = []
        }
        return objects.compactMap(\.nameValue).sorted()
    }
}
