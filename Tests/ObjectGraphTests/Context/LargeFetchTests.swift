import Foundation
import Testing

@testable import ObjectGraph

/// A fetch with more rows than the coordinator's row cache makes its objects batch by batch as
/// the SQLite store reads the rows; the objects must be exactly those of a fetch made at once.
@Suite("Large fetches")
struct LargeFetchTests {
    /// More rows than the row cache keeps, and not a whole number of the store's batches.
    private static let personCount = PersistentStoreCoordinator.rowCacheCapacity + 613

    /// People with names in scrambled key order, each (but every fifth) mentored by another person
    /// whose row comes before or after theirs in name order.
    private static func mentor(of index: Int) -> Int? {
        index % 5 == 0 ? nil : (index &* 7_919 + 13) % personCount
    }

    private static func name(_ index: Int) -> String {
        "person \(String((index &* 104_729) % 1_000_003).leftPadded(to: 7))"
    }

    private static func makeStack() throws -> (PersistentContainer, TemporaryDirectory) {
        let person = EntityDescription(
            name: "Person",
            properties: [
                AttributeDescription(name: "name", type: .string),
                AttributeDescription(name: "rank", type: .integer64),
                RelationshipDescription(name: "mentor", destinationEntityName: "Person", inverseName: "mentees"),
                RelationshipDescription(
                    name: "mentees", destinationEntityName: "Person", inverseName: "mentor", isToMany: true),
            ])
        let container = PersistentContainer(
            name: "People", managedObjectModel: try ManagedObjectModel(entities: [person]))
        let directory = try TemporaryDirectory()
        try container.loadPersistentStore(at: directory.url.appendingPathComponent("People.sqlite"))
        let context = container.viewContext
        var people: [ManagedObject] = []
        for index in 0..<personCount {
            let person = try context.insertNewObject(forEntityName: "Person")
            person["name"] = name(index)
            person["rank"] = index
            people.append(person)
        }
        for index in 0..<personCount {
            if let mentor = mentor(of: index) { people[index]["mentor"] = people[mentor] }
        }
        try context.save()
        context.reset()
        return (container, directory)
    }

    @Test func aFetchLargerThanTheRowCacheMakesOneObjectPerRowWithItsValuesAndDestinations() throws {
        let (container, directory) = try Self.makeStack()
        defer { withExtendedLifetime(directory) {} }
        let context = container.viewContext
        let request = FetchRequest(entityName: "Person")
        request.sortDescriptors = [ObjectSortDescriptor(key: "name")]
        let people = try context.fetch(request)

        #expect(people.count == Self.personCount)
        #expect(Set(people.map(ObjectIdentifier.init)).count == Self.personCount)
        #expect(people.map { $0["name"] as? String } == (0..<Self.personCount).map(Self.name).sorted())
        #expect(people.allSatisfy { !$0.isFault })
        let byRank = Dictionary(uniqueKeysWithValues: people.map { ($0["rank"] as? Int ?? -1, $0) })
        #expect(byRank.count == Self.personCount)
        for (rank, person) in byRank {
            // The destination is the fetched object of that row, whether its row came before or after.
            let mentor = person["mentor"] as? ManagedObject
            #expect(mentor === Self.mentor(of: rank).flatMap { byRank[$0] })
            #expect(context.registeredObject(for: person.objectID) === person)
        }
    }

    @Test func aFetchOfSeveralStoreBatchesThatFitsTheRowCacheKeepsItsRowsInOrder() throws {
        let (container, directory) = try Self.makeStack()
        defer { withExtendedLifetime(directory) {} }
        let context = container.viewContext
        let request = FetchRequest(entityName: "Person")
        request.sortDescriptors = [ObjectSortDescriptor(key: "rank")]
        // Four of the store's batches of 256 and part of a fifth, all kept for the row cache.
        request.fetchLimit = 1_100
        let people = try context.fetch(request)

        #expect(people.count == 1_100)
        #expect(people.allSatisfy { $0.isFault })
        #expect(people.map { $0["rank"] as? Int } == Array(0..<1_100))
        #expect(people.map { $0["name"] as? String } == (0..<1_100).map(Self.name))
    }

    @Test func aLargeFetchKeepsTheObjectsTheContextAlreadyHas() throws {
        let (container, directory) = try Self.makeStack()
        defer { withExtendedLifetime(directory) {} }
        let context = container.viewContext
        let byRank = FetchRequest(entityName: "Person")
        byRank.sortDescriptors = [ObjectSortDescriptor(key: "rank")]
        byRank.fetchLimit = 3
        let first = try context.fetch(byRank)
        try #require(first.count == 3)
        let fault = context.object(with: first[0].objectID)
        let changed = first[1]
        changed["name"] = "changed but not saved"
        let untouched = first[2]
        context.refresh(fault, mergeChanges: false)
        #expect(fault.isFault)

        let request = FetchRequest(entityName: "Person")
        request.sortDescriptors = [ObjectSortDescriptor(key: "rank")]
        let people = try context.fetch(request)

        try #require(people.count == Self.personCount)
        // The same instances: the fault now has its values, the changed object keeps its change.
        #expect(people[0] === fault && !fault.isFault && fault["name"] as? String == Self.name(0))
        #expect(people[1] === changed && changed["name"] as? String == "changed but not saved")
        #expect(people[2] === untouched)
        #expect(Set(people.map(ObjectIdentifier.init)).count == Self.personCount)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
