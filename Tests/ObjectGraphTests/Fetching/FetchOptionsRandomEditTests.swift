import Foundation
import ObjectGraph
import Testing

/// Object IDs, batched results and counts answer through the store's keys with the unsaved
/// changes merged in; ``ManagedObjectContext/fetch(_:)`` answers through whole rows. After random
/// unsaved edits, every request must get the same objects in the same order from all of them.
/// Set `FETCH_OPTIONS_SEED` to replay one seed.
@Suite("Fetch options agree with fetch after random edits")
struct FetchOptionsRandomEditTests {
    static let seeds: [UInt64] = {
        if let text = ProcessInfo.processInfo.environment["FETCH_OPTIONS_SEED"], let seed = UInt64(text) {
            return [seed]
        }
        return Array(1...6)
    }()

    private static let names = ["Alien", "Brave", "Cars", "Dune", "Brazil", "Up"]

    @Test(arguments: FetchingContextKind.allCases, seeds)
    func keysBatchesAndCountsMatchTheFetch(_ kind: FetchingContextKind, seed: UInt64) throws {
        var random = PredicateRandomGenerator(seed: seed)
        let stack = try CinemaStack(kind == .inMemory ? .inMemory : .sqlite)
        for _ in 0..<24 { try insertMovie(in: stack.context, using: &random) }
        try stack.context.save()
        stack.context.reset()
        let context =
            kind == .childOfSQLite
            ? ManagedObjectContext(concurrencyType: .mainQueue, parent: stack.context) : stack.context

        var movies = try context.fetch(FetchRequest(entityName: "Movie"))
        for _ in 0..<Int.random(in: 1...10, using: &random) {
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                try insertMovie(in: context, using: &random)
            case 1 where !movies.isEmpty:
                context.delete(movies.remove(at: Int.random(in: 0..<movies.count, using: &random)))
            case 2 where !movies.isEmpty:
                movies.randomElement(using: &random)?["name"] = Self.names.randomElement(using: &random)
            default:
                movies.randomElement(using: &random)?["runtime"] = Self.runtime(using: &random)
            }
        }
        for sorting in [["name"], ["-runtime", "name"], [], ["runtime"]] {
            for predicate in [nil, "runtime > 95", "name BEGINSWITH 'B'"] {
                for (offset, limit) in [(0, 0), (1, 3), (Int.random(in: 0...6, using: &random), 2)] {
                    let request = FetchRequest(entityName: "Movie")
                    request.sortDescriptors = sorting.map(Self.descriptor)
                    request.predicate = try predicate.map { try ObjectPredicate(format: $0) }
                    request.fetchOffset = offset
                    request.fetchLimit = limit
                    request.fetchBatchSize = 3
                    let expected = try context.fetch(request).map(\.objectID)
                    let described =
                        "seed \(seed), sorted by \(sorting), \(predicate ?? "all"), offset \(offset) limit \(limit)"
                    #expect(try context.fetchObjectIDs(request) == expected, "\(described)")
                    #expect(try context.fetchInBatches(request).map(\.objectID) == expected, "\(described)")
                    #expect(try context.count(for: request) == expected.count, "\(described)")
                }
            }
        }
    }

    /// `"name"` ascending, `"-runtime"` descending.
    private static func descriptor(_ text: String) -> ObjectSortDescriptor {
        let descending = text.hasPrefix("-")
        return ObjectSortDescriptor(key: descending ? String(text.dropFirst()) : text, ascending: !descending)
    }

    private func insertMovie(in context: ManagedObjectContext, using random: inout PredicateRandomGenerator) throws {
        let movie = try context.insertNewObject(forEntityName: "Movie")
        movie["name"] = Self.names.randomElement(using: &random)
        movie["runtime"] = Self.runtime(using: &random)
    }

    /// A runtime from 80 to 119, or nil one time in six.
    private static func runtime(using random: inout PredicateRandomGenerator) -> Int? {
        Int.random(in: 0..<6, using: &random) == 0 ? nil : Int.random(in: 80..<120, using: &random)
    }
}
