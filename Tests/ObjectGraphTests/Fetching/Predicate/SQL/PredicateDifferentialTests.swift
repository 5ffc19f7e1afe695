import Foundation
import Testing

@testable import ObjectGraph

/// Random predicates over a random object graph: the SQL the store runs and the in-memory evaluator
/// must select exactly the same objects, every time. Set `PREDICATE_SEED` to replay one seed.
@Suite struct PredicateDifferentialTests {
    static let predicatesPerGraph = 700

    static var seeds: [UInt64] {
        if let text = ProcessInfo.processInfo.environment["PREDICATE_SEED"], let seed = UInt64(text) { return [seed] }
        return [1, 2, 3, 4, 5]
    }

    @Test(arguments: seeds)
    func sqlAndMemorySelectTheSameObjects(seed: UInt64) throws {
        var generator = PredicateRandomGenerator(seed: seed)
        let graph = try PredicateTestGraph(using: &generator, peopleCount: 16 + Int(seed % 3) * 8)
        var builder = RandomPredicateBuilder(generator: generator, graph: graph)
        let entityNames = ["Person", "Person", "Person", "Company", "Project", "Pet", "Dog"]
        var failures = 0
        for index in 0..<Self.predicatesPerGraph {
            let entityName = entityNames[index % entityNames.count]
            guard let entity = graph.model.entitiesByName[entityName] else { continue }
            let (format, arguments, _) = builder.makePredicate(for: entity)
            let context = "seed \(seed), predicate #\(index) on \(entityName): \(format)"
            let predicate: ObjectPredicate
            do {
                predicate = try ObjectPredicate(format: format, argumentArray: arguments)
            } catch {
                Issue.record("\(context) did not parse: \(error)")
                failures += 1
                continue
            }
            do {
                let fromSQL = try graph.sqlResult(predicate, entityName: entityName)
                let fromMemory = graph.memoryResult(predicate, entityName: entityName)
                if fromSQL != fromMemory {
                    let sql = try predicate.sql(for: entity, layout: graph.layout)
                    Issue.record(
                        """
                        \(context)
                        canonical: \(predicate.predicateFormat)
                        SQL: \(sql.joinClause) WHERE \(sql.whereClause) \(sql.bindings)
                        only SQL: \(fromSQL.subtracting(fromMemory).sorted())
                        only memory: \(fromMemory.subtracting(fromSQL).sorted())
                        """)
                    failures += 1
                }
            } catch {
                Issue.record("\(context) failed in SQL: \(error)")
                failures += 1
            }
            if failures >= 5 { break }
        }
    }

    @Test(arguments: seeds)
    func canonicalFormatParsesBackToAnEqualPredicate(seed: UInt64) throws {
        var generator = PredicateRandomGenerator(seed: seed &+ 1000)
        let graph = try PredicateTestGraph(using: &generator, peopleCount: 6)
        var builder = RandomPredicateBuilder(generator: generator, graph: graph)
        builder.allowsObjects = false
        let entityNames = ["Person", "Company", "Project", "Pet", "Dog"]
        for index in 0..<Self.predicatesPerGraph {
            guard let entity = graph.model.entitiesByName[entityNames[index % entityNames.count]] else { continue }
            let (format, arguments, _) = builder.makePredicate(for: entity)
            let predicate = try ObjectPredicate(format: format, argumentArray: arguments)
            let reparsed = try ObjectPredicate(format: predicate.predicateFormat)
            #expect(reparsed == predicate, "seed \(seed) #\(index): \(format) printed as \(predicate.predicateFormat)")
            #expect(reparsed.predicateFormat == predicate.predicateFormat)
            if reparsed != predicate { break }
        }
    }
}
