import Foundation
import ObjectGraph
import Testing

/// Optimistic locking between two real processes sharing one SQLite file: this test process and
/// a second copy of the test binary that runs only ``secondWriterChangesTheTheater()``.
@Suite("Two processes, one store")
struct TwoProcessConflictTests {
    /// Tells the second process which store to change.
    static let storeVariable = "OBJECTGRAPH_SECOND_WRITER_STORE"

    @Test func secondProcessChangingARowMakesOurSaveConflict() throws {
        let stack = try CinemaStack(.sqlite)
        let theater = try stack.theater("Odeon")
        theater["capacity"] = 100
        try stack.context.save()
        let store = try #require(stack.container.persistentStoreCoordinator.persistentStores.first?.url)

        try runSecondWriter(on: store)

        theater["name"] = "Rex"
        let error = try #require(throws: CoreDataError.self) { try stack.context.save() }
        #expect(error.code == .managedObjectMerge)
        #expect(error.conflicts.first?.persistedRow?.values["capacity"] as? Int == 999)
        #expect(error.conflicts.first?.newVersion == 2)

        stack.context.mergePolicy = .mergeByPropertyObjectTrump
        try stack.context.save()

        // A separate stack on the same file sees both writers' changes.
        let reader = PersistentContainer(name: "Reader", managedObjectModel: stack.model)
        try reader.loadPersistentStore(at: store)
        let stored = try #require(try reader.viewContext.fetch(FetchRequest(entityName: "Theater")).first)
        #expect(stored["name"] as? String == "Rex")
        #expect(stored["capacity"] as? Int == 999)
    }

    /// The second process's part; runs only when started by the test above.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[storeVariable] != nil))
    func secondWriterChangesTheTheater() throws {
        let path = try #require(ProcessInfo.processInfo.environment[Self.storeVariable])
        let container = PersistentContainer(name: "Writer", managedObjectModel: try CinemaModel.make())
        try container.loadPersistentStore(at: URL(fileURLWithPath: path))
        let theater = try #require(try container.viewContext.fetch(FetchRequest(entityName: "Theater")).first)
        theater["capacity"] = 999
        try container.viewContext.save()
    }

    /// Runs this test binary again, limited to the second writer's test, and waits for it.
    private func runSecondWriter(on store: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0])
        process.arguments = ["--testing-library", "swift-testing", "--filter", "secondWriterChangesTheTheater"]
        var environment = ProcessInfo.processInfo.environment
        environment[Self.storeVariable] = store.path
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "the second process failed to change the store")
    }
}
