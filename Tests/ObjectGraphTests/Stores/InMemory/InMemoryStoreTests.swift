import Foundation
import ObjectGraph
import Testing

@Suite("In-memory store")
struct InMemoryStoreTests {
    private let model: ManagedObjectModel
    private let store: InMemoryStore

    init() throws {
        model = try CinemaModel.make()
        store = InMemoryStore(model: model)
    }

    private func entity(_ name: String) throws -> EntityDescription {
        try #require(model.entitiesByName[name])
    }

    @Test func primaryKeysAreNumberedPerEntityTree() throws {
        let movies = try store.newObjectIDs(for: entity("Movie"), count: 2)
        let documentaries = try store.newObjectIDs(for: entity("Documentary"), count: 1)
        let theaters = try store.newObjectIDs(for: entity("Theater"), count: 1)
        #expect(movies.map(\.primaryKey) == [1, 2])
        try #require(documentaries.map(\.primaryKey) == [3])
        #expect(theaters.map(\.primaryKey) == [1])
        #expect(documentaries[0].entity.name == "Documentary")
        #expect(try store.newObjectIDs(for: entity("Movie"), count: 0).isEmpty)
    }

    @Test func savedRowsAreFetchedCountedAndSorted() throws {
        let ids = try store.newObjectIDs(for: entity("Movie"), count: 3)
        try store.save(
            StoreChanges(
                insertedRows: zip(ids, ["Up", "Alien", "Brave"]).map {
                    StoreRow(objectID: $0, version: 1, values: ["name": $1])
                }))
        var request = StoreFetchRequest(entity: try entity("Movie"))
        #expect(try store.fetchRows(request).map { $0.values["name"] as? String } == ["Up", "Alien", "Brave"])
        request.sortDescriptors = [ObjectSortDescriptor(key: "name", ascending: false)]
        request.fetchLimit = 2
        #expect(try store.fetchRows(request).map { $0.values["name"] as? String } == ["Up", "Brave"])
        #expect(try store.countRows(request) == 2)
        #expect(try store.fetchRows(request).allSatisfy { $0.version == 1 })
    }

    @Test func staleUpdateIsAConflictAndChangesNothing() throws {
        let ids = try store.newObjectIDs(for: entity("Theater"), count: 2)
        try store.save(
            StoreChanges(insertedRows: ids.map { StoreRow(objectID: $0, version: 1, values: ["name": "A"]) }))
        try store.save(
            StoreChanges(updatedRows: [
                StoreUpdate(objectID: ids[0], version: 1, values: ["name": "B"], changedKeys: ["name"])
            ]))

        let stale = StoreChanges(
            updatedRows: [
                StoreUpdate(objectID: ids[1], version: 1, values: ["name": "C"], changedKeys: ["name"]),
                StoreUpdate(objectID: ids[0], version: 1, values: ["name": "D"], changedKeys: ["name"]),
            ])
        let error = try #require(throws: CoreDataError.self) { try store.save(stale) }
        #expect(error.code == .managedObjectMerge)
        #expect(error.conflicts.map(\.objectID) == [ids[0]])
        #expect(error.conflicts.first?.newVersion == 2)
        #expect(try store.row(for: ids[1])?.values["name"] as? String == "A")
        #expect(try store.row(for: ids[0])?.values["name"] as? String == "B")
    }

    @Test func toManyMembersKeepTheirOrderAndLoseDeletedObjects() throws {
        let playlist = try #require(try store.newObjectIDs(for: entity("Playlist"), count: 1).first)
        let movies = try store.newObjectIDs(for: entity("Movie"), count: 3)
        try #require(movies.count == 3)
        let relationship = try #require(try entity("Playlist").relationshipsByName["movies"])
        let order = [movies[2], movies[0], movies[1]]
        try store.save(
            StoreChanges(
                insertedRows: ([playlist] + movies).map { StoreRow(objectID: $0, version: 1, values: [:]) },
                toManyChanges: [
                    ToManyChange(
                        objectID: playlist, relationship: relationship, destinations: order,
                        insertedDestinations: order,
                        removedDestinations: [])
                ]))
        #expect(try store.relatedObjectIDs(of: relationship, for: playlist) == order)

        try store.save(StoreChanges(deletedObjects: [StoreDeletion(objectID: movies[0], version: 1)]))
        #expect(try store.relatedObjectIDs(of: relationship, for: playlist) == [movies[2], movies[1]])
        #expect(try store.row(for: movies[0]) == nil)
    }

    @Test func metadataNamesTheStore() {
        #expect(store.metadata["NSStoreUUID"] as? String == store.identifier)
        #expect((store.metadata["NSStoreModelVersionHashes"] as? [String: Data])?.count == model.entities.count)
    }
}
