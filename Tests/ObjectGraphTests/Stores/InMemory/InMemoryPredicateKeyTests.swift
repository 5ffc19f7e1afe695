import Foundation
import ObjectGraph
import Testing

/// A predicate key the entity does not have fails alike in the in-memory store and the SQLite
/// store, instead of matching nothing in memory.
@Suite struct InMemoryPredicateKeyTests {
    /// A stack over one store of each kind, holding one theater with one movie.
    private func stacks() throws -> [CinemaStack] {
        try StoreKind.allCases.map { kind in
            let stack = try CinemaStack(kind)
            try stack.theater("Odeon", movies: ["Up"])
            try stack.context.save()
            return stack
        }
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
        for stack in try stacks() {
            let context = stack.context
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
        #expect(messages.count == 2 && Set(messages).count == 1)
    }

    @Test func aSubstitutionVariableLeftWithoutAValueFailsInBothStores() throws {
        for stack in try stacks() {
            let context = stack.context
            let error = try #require(throws: CoreDataError.self) {
                try context.fetch(request("Movie", "name == $NAME"))
            }
            #expect(error.code == .persistentStoreOperation)
            #expect(error.message.contains("$NAME"))
        }
        let both = try stacks()
        let inMemory = try #require(both.first).context
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
        for stack in try stacks() {
            let context = stack.context
            #expect(try context.fetch(request(entity, format)).count == 1)
            #expect(try context.count(for: request(entity, format)) == 1)
        }
    }
}
