import Foundation
import Testing

@testable import ObjectGraph

/// Random predicates run through the whole stack — `FetchRequest` → context → store — must find
/// exactly the managed objects that evaluating the predicate on every object in memory finds, for
/// the SQLite store (compiled SQL) and the in-memory store alike.
@Suite struct PredicateStoreDifferentialTests {
    enum Store: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case sqlite, inMemory
        var testDescription: String { rawValue }
    }

    static let predicatesPerRun = 300

    @Test(arguments: Store.allCases, [UInt64(11), 12])
    func fetchFindsWhatMemoryEvaluationFinds(store: Store, seed: UInt64) throws {
        var generator = PredicateRandomGenerator(seed: seed)
        let graph = try PredicateTestGraph(using: &generator, peopleCount: 14)
        let container = PersistentContainer(name: "Predicates", managedObjectModel: graph.model)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "PredicateStore-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        switch store {
        case .sqlite:
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try container.loadPersistentStore(at: directory.appendingPathComponent("Predicates.sqlite"))
        case .inMemory:
            try container.loadInMemoryStore()
        }
        let context = container.viewContext
        let objects = try Self.insert(graph, into: context)
        try context.save()

        var builder = RandomPredicateBuilder(generator: generator, graph: graph)
        let entityNames = ["Person", "Person", "Company", "Project", "Pet", "Dog"]
        var failures = 0
        for index in 0..<Self.predicatesPerRun {
            let entityName = entityNames[index % entityNames.count]
            let (format, arguments, _) = builder.makePredicate(
                for: try #require(graph.model.entitiesByName[entityName]))
            let predicate = try ObjectPredicate(
                format: format, argumentArray: arguments.map { Self.managed($0, objects) })
            let request = FetchRequest(entityName: entityName)
            request.predicate = predicate
            let context = "\(store) seed \(seed) #\(index) on \(entityName): \(predicate.predicateFormat)"
            do {
                let fetched = Set(try container.viewContext.fetch(request).map(\.objectID))
                let all = try container.viewContext.fetch(FetchRequest(entityName: entityName))
                let evaluated = Set(all.filter(predicate).map(\.objectID))
                if fetched != evaluated {
                    Issue.record("\(context): fetch found \(fetched.count), memory \(evaluated.count)")
                    failures += 1
                }
            } catch {
                Issue.record("\(context) failed: \(error)")
                failures += 1
            }
            if failures >= 5 { break }
        }
    }

    /// Copies the graph into the context through the public object API.
    private static func insert(_ graph: PredicateTestGraph, into context: ManagedObjectContext) throws
        -> [ObjectIdentifier: ManagedObject]
    {
        var objects: [ObjectIdentifier: ManagedObject] = [:]
        let all = graph.model.entities.flatMap { entity in
            graph.objects(of: entity.name).filter { $0.entity === entity }
        }
        for object in all {
            let managed = try context.insertNewObject(forEntityName: object.entity.name)
            for (key, value) in object.attributes { managed.setValue(value, forKey: key) }
            objects[ObjectIdentifier(object)] = managed
        }
        for object in all {
            guard let managed = objects[ObjectIdentifier(object)] else { continue }
            for (key, destination) in object.toOne {
                managed.setValue(objects[ObjectIdentifier(destination)], forKey: key)
            }
            for (key, destinations) in object.toMany {
                guard let relationship = object.entity.relationshipsByName[key],
                    relationship.inverseRelationship?.isToMany != false
                else { continue }
                let set = managed.mutableSetValue(forKey: key)
                for destination in destinations {
                    if let member = objects[ObjectIdentifier(destination)] { set.insert(member) }
                }
            }
        }
        return objects
    }

    /// A format argument with the graph's objects replaced by their managed copies.
    private static func managed(_ argument: Any?, _ objects: [ObjectIdentifier: ManagedObject]) -> Any? {
        switch argument {
        case let object as GraphObject: return objects[ObjectIdentifier(object)]
        case let array as [GraphObject]: return array.compactMap { objects[ObjectIdentifier($0)] }
        default: return argument
        }
    }
}
