import Foundation
import ObjectGraph
import Testing

/// A predicate key the entity does not have fails alike in the in-memory store and the SQLite
/// store, instead of matching nothing in memory.
@Suite struct InMemoryPredicateKeyTests {
    /// A context over one store of each kind, holding one theater with one movie.
    private func contexts() throws -> [ManagedObjectContext] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("predicate-keys-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let model = try CinemaModel.make()
        let inMemory = PersistentContainer(name: "Cinema", managedObjectModel: model)
        try inMemory.loadInMemoryStore()
        let onDisk = PersistentContainer(name: "Cinema", managedObjectModel: model)
        try onDisk.loadPersistentStore(at: directory.appendingPathComponent("Cinema.sqlite"))
        for context in [inMemory.viewContext, onDisk.viewContext] {
            let theater = try context.insertNewObject(forEntityName: "Theater")
            theater["name"] = "Odeon"
            let movie = try context.insertNewObject(forEntityName: "Movie")
            movie["name"] = "Up"
            movie["theater"] = theater
            try context.save()
        }
        return [inMemory.viewContext, onDisk.viewContext]
    }

    private func request(_ entity: String, _ format: String) throws -> FetchRequest {
        let request = FetchRequest(entityName: entity)
        request.predicate = try ObjectPredicate(format: format)
        return request
    }

    @Test(arguments: [
        ("Movie", "nam == 'Up'", "nam", "name"),
        ("Movie", "theater.nmae == 'Odeon'", "nmae", "name"),
        ("Theater", "ANY movies.rutime > 10", "rutime", "runtime"),
        ("Theater", "SUBQUERY(movies, $m, $m.nme == 'Up').@count > 0", "nme", "name"),
    ])
    func anUnknownKeyFailsInBothStoresAlike(entity: String, format: String, key: String, closest: String) throws {
        var messages: [String] = []
        for context in try contexts() {
            let fetch = try #require(throws: CoreDataError.self) { try context.fetch(request(entity, format)) }
            #expect(fetch.code == .persistentStoreOperation)
            let cause = try #require(fetch.underlyingError as? ObjectPredicateError)
            guard case .unknownKey(_, _, let named, let suggested) = cause else {
                Issue.record("\(cause)")
                continue
            }
            #expect(named == key)
            #expect(suggested == closest)
            let count = try #require(throws: CoreDataError.self) { try context.count(for: request(entity, format)) }
            #expect(count.underlyingError as? ObjectPredicateError == cause)
            messages.append(cause.description)
        }
        #expect(messages.count == 2 && messages[0] == messages[1])
    }

    @Test func aSubstitutionVariableLeftWithoutAValueFailsInBothStores() throws {
        for context in try contexts() {
            let error = try #require(throws: CoreDataError.self) {
                try context.fetch(request("Movie", "name == $NAME"))
            }
            #expect(error.code == .persistentStoreOperation)
            #expect(error.message.contains("$NAME"))
        }
        let inMemory = try contexts()[0]
        let error = try #require(throws: CoreDataError.self) {
            try inMemory.count(for: request("Movie", "name == $NAME"))
        }
        #expect(
            error.underlyingError as? ObjectPredicateError
                == .missingSubstitutionVariable(predicate: "name == $NAME", name: "NAME"))
    }

    @Test(arguments: [
        ("Movie", "name == 'Up'"),
        ("Movie", "theater.name == 'Odeon'"),
        ("Theater", "movies.@count == 1"),
        ("Theater", "ANY movies.name == 'Up'"),
        ("Theater", "SUBQUERY(movies, $m, $m.name == 'Up').@count > 0"),
        ("Movie", "SELF == SELF AND theater.movies.@count > 0"),
    ])
    func knownKeysStillMatchInBothStores(entity: String, format: String) throws {
        for context in try contexts() {
            #expect(try context.fetch(request(entity, format)).count == 1)
            #expect(try context.count(for: request(entity, format)) == 1)
        }
    }
}
