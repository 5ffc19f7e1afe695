import Foundation
import ObjectGraph
import Testing

@Suite("Persistent container")
struct PersistentContainerTests {
    @Test func containerBuildsTheWholeStack() throws {
        let model = try CinemaModel.make()
        let container = PersistentContainer(name: "Cinema", managedObjectModel: model)
        let store = try container.loadInMemoryStore()

        #expect(container.name == "Cinema")
        #expect(container.managedObjectModel === model)
        #expect(container.viewContext.concurrencyType == .mainQueue)
        #expect(container.viewContext.persistentStoreCoordinator === container.persistentStoreCoordinator)
        #expect(container.persistentStoreCoordinator.persistentStores.map(\.identifier) == [store.identifier])
        #expect(store.type == .inMemory)
        #expect(store.url == nil)
        #expect(store.metadata["NSStoreType"] as? String == "InMemory")
    }

    @Test func backgroundContextsShareTheCoordinator() throws {
        let container = PersistentContainer(name: "Cinema", managedObjectModel: try CinemaModel.make())
        try container.loadInMemoryStore()
        let background = container.newBackgroundContext()
        #expect(background.concurrencyType == .privateQueue)
        #expect(background.persistentStoreCoordinator === container.persistentStoreCoordinator)
        #expect(background !== container.newBackgroundContext())
    }

    @Test func performBackgroundTaskRunsOnAPrivateContext() async throws {
        let container = PersistentContainer(name: "Cinema", managedObjectModel: try CinemaModel.make())
        try container.loadInMemoryStore()
        let type = await withCheckedContinuation { continuation in
            container.performBackgroundTask { context in
                continuation.resume(returning: context.concurrencyType)
            }
        }
        #expect(type == .privateQueue)
    }
}
