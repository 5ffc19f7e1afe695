import Foundation
import Testing

@testable import ObjectGraph

/// A fetched row's to-one slot holds its destination's ID, read from the foreign key column:
/// NULL reads as no ID, a run of rows naming one destination shares one ID instance, and a
/// change of destination makes a new one.
@Suite struct SQLiteStoreFetchingTests {
    @Test func toOneColumnsReadAsTheDestinationsIDs() throws {
        let directory = try StoreFixtures.scratch()
        defer { StoreFixtures.remove(directory) }
        let model = try StoreFixtures.theaterModel()
        let store = try SQLiteStore(url: directory.appendingPathComponent("Theater.sqlite"), model: model)
        defer { store.close() }
        let theater = try #require(model.entitiesByName["Theater"])
        let movie = try #require(model.entitiesByName["Movie"])
        let houses = try store.insert(theater, [["name": "Odeon"], ["name": "Rex"]])
        try #require(houses.count == 2)
        try store.insert(
            movie,
            [
                ["name": "A", "theater": houses[0]], ["name": "B", "theater": houses[0]], ["name": "C"],
                ["name": "D", "theater": houses[1]], ["name": "E", "theater": houses[0]],
            ])

        let byName = StoreFetchRequest(entity: movie, sortDescriptors: [ObjectSortDescriptor(key: "name")])
        let rows = try store.fetchRows(byName)
        let slot = try #require(rows.first?.values.layout?.slot(of: "theater"))
        let destinations = rows.map { $0.values.objectID(inSlot: slot) }
        #expect(rows.map { $0.values["name"] as? String } == ["A", "B", "C", "D", "E"])
        try #require(destinations == [houses[0], houses[0], nil, houses[1], houses[0]])
        #expect(destinations[0] === destinations[1])
        #expect(destinations.allSatisfy { $0?.entity !== movie })
        #expect(destinations.compactMap { $0 }.allSatisfy { $0.entity === theater && !$0.isTemporaryID })
    }
}
