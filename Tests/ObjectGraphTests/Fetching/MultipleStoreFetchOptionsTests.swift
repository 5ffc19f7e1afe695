import Foundation
import ObjectGraph
import Testing

/// Two SQLite stores holding the same entities on one coordinator: every fetch option merges
/// the stores' rows in the request's order, as one store would give them.
@Suite("Fetch options over two stores")
struct MultipleStoreFetchOptionsTests {
    private let directory: TemporaryDirectory
    private let container: PersistentContainer

    init() throws {
        directory = try TemporaryDirectory()
        let model = try CinemaModel.make()
        for (file, titles) in [("First", ["Alien", "Cars"]), ("Second", ["Brave", "Dune"])] {
            let filler = PersistentContainer(name: file, managedObjectModel: model)
            try filler.loadPersistentStore(at: directory.url.appendingPathComponent("\(file).sqlite"))
            for title in titles {
                try filler.viewContext.insertNewObject(forEntityName: "Movie")["name"] = title
            }
            try filler.viewContext.save()
        }
        container = PersistentContainer(name: "Both", managedObjectModel: model)
        try container.loadPersistentStore(at: directory.url.appendingPathComponent("First.sqlite"))
        try container.loadPersistentStore(at: directory.url.appendingPathComponent("Second.sqlite"))
    }

    @Test func objectIDsCountsAndBatchesMergeTheStoresInOrder() throws {
        let context = container.viewContext
        let request = ShowingsFixture.moviesByName()
        let identifiers = try context.fetchObjectIDs(request)
        #expect(Set(identifiers.compactMap(\.persistentStoreIdentifier)).count == 2)
        #expect(identifiers == (try context.fetch(request)).map(\.objectID))
        #expect(ShowingsFixture.names(try context.fetch(request)) == ["Alien", "Brave", "Cars", "Dune"])
        #expect(try context.count(for: request) == 4)

        try context.insertNewObject(forEntityName: "Movie")["name"] = "Bambi"
        request.fetchBatchSize = 3
        let batched = try context.fetchInBatches(request)
        #expect(ShowingsFixture.names(batched) == ["Alien", "Bambi", "Brave", "Cars", "Dune"])
        #expect(try context.count(for: request) == 5)
    }

    @Test func dictionariesMergeTheStoresInOrderThenWindow() throws {
        let request = ShowingsFixture.moviesByName()
        request.propertiesToFetch = ["name"]
        #expect(
            comparable(try container.viewContext.fetchDictionaries(request)) == [
                ["name": "Alien"], ["name": "Brave"], ["name": "Cars"], ["name": "Dune"],
            ])
        request.fetchOffset = 1
        request.fetchLimit = 2
        #expect(
            comparable(try container.viewContext.fetchDictionaries(request)) == [["name": "Brave"], ["name": "Cars"]])
    }
}
