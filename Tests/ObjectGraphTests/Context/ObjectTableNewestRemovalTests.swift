import Foundation
import Testing

@testable import ObjectGraph

/// A save's deleted objects leave the registry from the end of their list: while they are the
/// table's newest entries they are taken off at once, the rest one by one, and every entry left
/// stays findable.
@Suite("Object table: newest entries removed by their objects")
struct ObjectTableNewestRemovalTests {
    /// A table holding `count` objects, registered in order under keys 1, 2, …
    private struct Filled {
        var table = ObjectTable()
        let ids: [ManagedObjectID]
        let objects: [ManagedObject]

        init(count: Int) throws {
            let model = try ManagedObjectModel(entities: [EntityDescription(name: "Movie")])
            let entity = try #require(model.entitiesByName["Movie"])
            ids = (1...count).map {
                ManagedObjectID(entity: entity, primaryKey: Int64($0), persistentStoreIdentifier: "STORE")
            }
            objects = ids.map { _ in ManagedObject(entity: entity, insertInto: nil) }
            for (id, object) in zip(ids, objects) { table.insertNew(.passUnretained(object), for: id) }
        }

        /// Whether exactly the objects at `removed` are gone and every other one is found.
        func holdsAllBut(_ removed: Set<Int>) -> Bool {
            table.count == ids.count - removed.count
                && ids.indices.allSatisfy {
                    table[ids[$0]]?.takeUnretainedValue() === (removed.contains($0) ? nil : objects[$0])
                }
        }
    }

    @Test func aListEndingWithTheNewestObjectsRemovesThemAllAndSkipsItsHoles() throws {
        // 6,000 of 10,000 entries, across the table's chunks of 4,096: the index is built again.
        var filled = try Filled(count: 10_000)
        var members: [ManagedObject?] = [nil]
        for index in 4_000..<10_000 {
            members.append(filled.objects[index])
            if index % 1_000 == 0 { members.append(nil) }
        }
        #expect(filled.table.removeNewestEntries(holding: members) == 0)
        #expect(filled.holdsAllBut(Set(4_000..<10_000)))

        // The smaller table takes the same objects back.
        for index in 4_000..<10_000 {
            filled.table.insertNew(.passUnretained(filled.objects[index]), for: filled.ids[index])
        }
        #expect(filled.holdsAllBut([]))
    }

    @Test func aFewNewestObjectsLeaveOneByOne() throws {
        var filled = try Filled(count: 1_000)
        let members: [ManagedObject?] = Array(filled.objects[990...])
        #expect(filled.table.removeNewestEntries(holding: members) == 0)
        #expect(filled.holdsAllBut(Set(990..<1_000)))
    }

    @Test func theRunStopsAtTheFirstObjectThatIsNotTheNewestEntry() throws {
        var filled = try Filled(count: 100)
        // From the end: 99 and 98 are the newest entries; 50 is not the next one (97 is).
        let members: [ManagedObject?] = [
            filled.objects[10], filled.objects[50], filled.objects[98], filled.objects[99],
        ]
        #expect(filled.table.removeNewestEntries(holding: members) == 2)
        #expect(filled.holdsAllBut([98, 99]))
    }

    @Test func everyEntryLeavesWhenTheListHoldsThemAll() throws {
        var filled = try Filled(count: 5_000)
        let members: [ManagedObject?] = filled.objects + [nil]
        #expect(filled.table.removeNewestEntries(holding: members) == 0)
        #expect(filled.holdsAllBut(Set(0..<5_000)))
        #expect(filled.table.allValues.isEmpty)
    }
}
