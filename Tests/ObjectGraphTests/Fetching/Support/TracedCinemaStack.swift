import Foundation
import ObjectGraph
import Testing

/// The cinema model in an SQLite store whose SQL trace (level 1) is kept for assertions.
///
/// Tests that count statements fill a store with one stack and read it through another
/// (``init(reopening:)``), as a fresh launch of an app would: the saving coordinator's row cache
/// would otherwise answer reads without SQL.
struct TracedCinemaStack {
    let container: PersistentContainer
    let directory: TemporaryDirectory
    let lines = SQLDebugLog.Lines()
    var context: ManagedObjectContext { container.viewContext }

    /// A fresh store, or the store of `other` opened again on a coordinator of its own (whose
    /// row cache is empty).
    init(reopening other: TracedCinemaStack? = nil) throws {
        container = PersistentContainer(
            name: "Cinema", managedObjectModel: try other?.container.managedObjectModel ?? CinemaModel.make())
        directory = try other?.directory ?? TemporaryDirectory()
        try container.loadPersistentStore(
            at: directory.url.appendingPathComponent("Cinema.sqlite"),
            options: [SQLiteStore.Options.debugLogKey: SQLDebugLog(level: 1, sink: lines.append)])
    }

    /// The statements traced since the last ``clear()``, without the `CoreData: sql: ` prefix.
    var statements: [String] {
        lines.all.compactMap { $0.hasPrefix("CoreData: sql: ") ? String($0.dropFirst("CoreData: sql: ".count)) : nil }
    }

    /// The `fault fulfilled from database` lines traced since the last ``clear()``.
    var faultLines: [String] {
        lines.all.filter { $0.contains("fault fulfilled from database") }
    }

    /// Forgets the trace so far.
    func clear() { lines.removeAll() }

    /// The first object of `entityName` whose `name` is `name`, fetched by the stack's context.
    func fetchFirst(_ entityName: String, named name: String) throws -> ManagedObject? {
        let request = FetchRequest(entityName: entityName)
        request.predicate = try ObjectPredicate(format: "name == %@", name)
        return try context.fetch(request).first
    }

    /// A stack of its own on a store that `fill` filled through another coordinator.
    static func filled(by fill: (ManagedObjectContext) throws -> Void) throws -> TracedCinemaStack {
        let writer = try TracedCinemaStack()
        try fill(writer.context)
        let reader = try TracedCinemaStack(reopening: writer)
        reader.clear()
        return reader
    }
}

/// Saved theaters and movies for the fetch-option tests: Rex shows Alien and Brave, Odeon shows
/// Cars, and Dune plays nowhere; runtimes 117, 93, 117, 155.
struct ShowingsFixture {
    static let runtimes = ["Alien": 117, "Brave": 93, "Cars": 117, "Dune": 155]

    /// Inserts and saves the fixture, then resets the context so nothing is registered.
    static func save(in context: ManagedObjectContext) throws {
        var theaters: [String: ManagedObject] = [:]
        for name in ["Rex", "Odeon"] {
            let theater = try context.insertNewObject(forEntityName: "Theater")
            theater["name"] = name
            theaters[name] = theater
        }
        for (title, theater) in [("Alien", "Rex"), ("Brave", "Rex"), ("Cars", "Odeon"), ("Dune", nil)] {
            let movie = try context.insertNewObject(forEntityName: "Movie")
            movie["name"] = title
            movie["runtime"] = runtimes[title]
            movie["theater"] = theater.flatMap { theaters[$0] }
        }
        try context.save()
        context.reset()
    }

    /// A request for movies sorted by name.
    static func moviesByName() -> FetchRequest {
        let request = FetchRequest(entityName: "Movie")
        request.sortDescriptors = [ObjectSortDescriptor(key: "name")]
        return request
    }

    /// The names of `objects`.
    static func names(_ objects: some Sequence<ManagedObject>) -> [String] {
        objects.map { $0["name"] as? String ?? "<nil>" }
    }
}

/// Dictionary results with hashable values, so tests can compare them with `==`.
func comparable(_ dictionaries: [[String: Any]]) -> [[String: AnyHashable]] {
    dictionaries.map { dictionary in dictionary.compactMapValues { $0 as? AnyHashable } }
}

/// The kinds of context every fetch option is checked through: each store, and a child context
/// of a context on each store.
enum FetchingContextKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case inMemory
    case sqlite
    case childOfSQLite

    var testDescription: String { rawValue }

    /// A stack of this kind with ``ShowingsFixture`` saved, and the context to fetch through.
    func makeStack() throws -> (stack: CinemaStack, context: ManagedObjectContext) {
        let stack = try CinemaStack(self == .inMemory ? .inMemory : .sqlite)
        try ShowingsFixture.save(in: stack.context)
        guard self == .childOfSQLite else { return (stack, stack.context) }
        return (stack, ManagedObjectContext(concurrencyType: .mainQueue, parent: stack.context))
    }
}
