import Foundation
import Testing

@testable import ObjectGraph

/// The registry's hash table keeps every entry findable through growth and removals.
@Suite("Object table")
struct ObjectTableTests {
    private static func ids(_ count: Int) throws -> (ManagedObjectModel, [ManagedObjectID]) {
        let model = try ManagedObjectModel(entities: [EntityDescription(name: "Movie")])
        let entity = try #require(model.entitiesByName["Movie"])
        let ids = (1...count).map {
            ManagedObjectID(entity: entity, primaryKey: Int64($0), persistentStoreIdentifier: "STORE")
        }
        return (model, ids)
    }

    @Test func entriesStayFindableThroughGrowthAndRemovals() throws {
        let (model, ids) = try Self.ids(5_000)
        let entity = try #require(model.entitiesByName["Movie"])
        let objects = ids.map { _ in ManagedObject(entity: entity, insertInto: nil) }
        var table = ObjectTable()
        for (id, object) in zip(ids, objects) { table.set(.passUnretained(object), for: id) }
        #expect(table.count == 5_000)

        // Remove every third entry; the rest must still be found, by an equal but distinct ID too.
        for (index, id) in ids.enumerated() where index % 3 == 0 { table.remove(id) }
        #expect(table.count == 5_000 - 1_667)
        for (index, object) in objects.enumerated() {
            let equalID = ManagedObjectID(
                entity: entity, primaryKey: Int64(index + 1), persistentStoreIdentifier: "STORE")
            let found = table[equalID]?.takeUnretainedValue()
            #expect(index % 3 == 0 ? found == nil : found === object)
        }
        #expect(table.allValues.count == table.count)
    }

    @Test func entriesStayFindableAcrossChunksWhileTheTableGrowsAndShrinks() throws {
        // More entries than two chunks of 4,096 hold, with and without room made in advance.
        for reserved in [0, 10_000] {
            let (model, ids) = try Self.ids(10_000)
            let entity = try #require(model.entitiesByName["Movie"])
            let objects = ids.map { _ in ManagedObject(entity: entity, insertInto: nil) }
            var table = ObjectTable()
            table.reserveCapacity(reserved)
            for (id, object) in zip(ids, objects) { table.insertNew(.passUnretained(object), for: id) }
            #expect(table.count == 10_000)
            #expect(Set(table.allValues.map { $0.toOpaque() }).count == 10_000)

            // Removing from the front moves entries of the last chunk into the first, and empties
            // the last chunks; what is left must still be found, and the table must grow again.
            for index in 0..<6_000 { table.remove(ids[index]) }
            #expect(table.count == 4_000)
            for (index, id) in ids.enumerated() {
                #expect(table[id]?.takeUnretainedValue() === (index < 6_000 ? nil : objects[index]))
            }
            for index in 0..<6_000 { table.insertNew(.passUnretained(objects[index]), for: ids[index]) }
            #expect(table.count == 10_000)
            for (id, object) in zip(ids, objects) { #expect(table[id]?.takeUnretainedValue() === object) }
        }
    }

    @Test func settingAnIDAgainReplacesItsObject() throws {
        let (model, ids) = try Self.ids(1)
        let entity = try #require(model.entitiesByName["Movie"])
        let first = ManagedObject(entity: entity, insertInto: nil)
        let second = ManagedObject(entity: entity, insertInto: nil)
        var table = ObjectTable()
        table.set(.passUnretained(first), for: ids[0])
        table.set(.passUnretained(second), for: ids[0])
        #expect(table.count == 1)
        #expect(table[ids[0]]?.takeUnretainedValue() === second)
        table.removeAll()
        #expect(table[ids[0]] == nil)
    }
}

/// Removal moves the table's last entry into the removed one's place; every entry stays findable.
@Suite("Object table removal")
struct ObjectTableRemovalTests {
    private static func mayContainAny(_ table: ObjectTable, _ ids: some Collection<ManagedObjectID>) -> Bool {
        let hashes = ids.map(\.identityHash)
        return hashes.withUnsafeBufferPointer { table.mayContainAny(ofHashes: $0) }
    }

    @Test func everyEntryStaysFindableWhicheverEntriesAreRemoved() throws {
        let model = try ManagedObjectModel(entities: [EntityDescription(name: "Movie")])
        let entity = try #require(model.entitiesByName["Movie"])
        let ids = (1...600).map {
            ManagedObjectID(entity: entity, primaryKey: Int64($0), persistentStoreIdentifier: "STORE")
        }
        let objects = ids.map { _ in ManagedObject(entity: entity, insertInto: nil) }
        var table = ObjectTable()
        for (id, object) in zip(ids, objects) { table.insertNew(.passUnretained(object), for: id) }
        #expect(Self.mayContainAny(table, ids[10..<20]))

        // Remove in a scrambled order: first, last and middle entries all move others around.
        var remaining = Set(ids.indices)
        for step in 0..<ids.count where step % 2 == 0 {
            let index = (step &* 389) % ids.count
            guard remaining.remove(index) != nil else { continue }
            let address = Unmanaged.passUnretained(objects[index]).toOpaque()
            table.remove(ids[index], ifObjectAt: address)
            if step % 50 == 0 {
                for kept in remaining { #expect(table[ids[kept]]?.takeUnretainedValue() === objects[kept]) }
            }
        }
        #expect(table.count == remaining.count)
        for index in ids.indices {
            #expect(table[ids[index]]?.takeUnretainedValue() === (remaining.contains(index) ? objects[index] : nil))
        }
        let removed = ids.indices.filter { !remaining.contains($0) }.map { ids[$0] }
        #expect(!Self.mayContainAny(table, removed))
        #expect(Set(table.allValues.map { $0.toOpaque() }).count == remaining.count)
    }

    @Test func anEntryIsNotRemovedForAnotherObject() throws {
        let model = try ManagedObjectModel(entities: [EntityDescription(name: "Movie")])
        let entity = try #require(model.entitiesByName["Movie"])
        let id = ManagedObjectID(entity: entity, primaryKey: 1, persistentStoreIdentifier: "STORE")
        let registered = ManagedObject(entity: entity, insertInto: nil)
        let other = ManagedObject(entity: entity, insertInto: nil)
        var table = ObjectTable()
        table.set(.passUnretained(registered), for: id)
        table.remove(id, ifObjectAt: Unmanaged.passUnretained(other).toOpaque())
        #expect(table[id]?.takeUnretainedValue() === registered)
    }
}
