import Foundation
import ObjectGraph
import SQLite
import Testing

/// `destroyPersistentStore(at:)` deletes a Core Data store and its log files, and nothing else.
@Suite struct DestroyPersistentStoreTests {
    private let directory: TemporaryDirectory
    private let coordinator: PersistentStoreCoordinator

    init() throws {
        directory = try TemporaryDirectory()
        coordinator = PersistentStoreCoordinator(managedObjectModel: try CinemaModel.make())
    }

    private func path(_ name: String) -> String { directory.url.appendingPathComponent(name).path }

    @Test func aStoreAndItsLogFilesAreDeletedAndTheCoordinatorLetsItGo() throws {
        let url = directory.url.appendingPathComponent("Cinema.sqlite")
        let container = PersistentContainer(name: "Cinema", managedObjectModel: try CinemaModel.make())
        try container.loadPersistentStore(at: url)
        try container.viewContext.insertNewObject(forEntityName: "Theater")["name"] = "Odeon"
        try container.viewContext.save()
        #expect(FileManager.default.fileExists(atPath: url.path + "-wal"))

        try container.persistentStoreCoordinator.destroyPersistentStore(at: url)

        for suffix in ["", "-wal", "-shm"] { #expect(!FileManager.default.fileExists(atPath: url.path + suffix)) }
        #expect(container.persistentStoreCoordinator.persistentStores.isEmpty)
    }

    @Test func nothingAtThePathIsNothingToDo() throws {
        try coordinator.destroyPersistentStore(at: URL(fileURLWithPath: path("absent.sqlite")))
    }

    @Test func aDirectoryIsRefusedAndKeepsWhatItHolds() throws {
        let folder = path("project")
        try FileManager.default.createDirectory(atPath: folder + "/Sources", withIntermediateDirectories: true)
        try Data("print(1)".utf8).write(to: URL(fileURLWithPath: folder + "/Sources/main.swift"))

        let error = #expect(throws: CoreDataError.self) {
            try coordinator.destroyPersistentStore(at: URL(fileURLWithPath: folder))
        }
        #expect(error?.code == .fileReadCorruptFile)
        #expect(error?.message.contains("it is a directory, not a Core Data store") == true)
        #expect(FileManager.default.contents(atPath: folder + "/Sources/main.swift") == Data("print(1)".utf8))
    }

    @Test func aFileThatIsNotSQLiteIsRefusedAndKept() throws {
        let thesis = path("thesis.txt")
        try Data("my thesis".utf8).write(to: URL(fileURLWithPath: thesis))

        let error = #expect(throws: CoreDataError.self) {
            try coordinator.destroyPersistentStore(at: URL(fileURLWithPath: thesis))
        }
        #expect(error?.code == .fileReadCorruptFile)
        #expect(FileManager.default.contents(atPath: thesis) == Data("my thesis".utf8))
    }

    @Test func anotherProgramsSQLiteDatabaseIsRefusedAndKept() throws {
        let database = path("notes.sqlite")
        let notes = try Database(path: database, flags: .readWriteCreate)
        try notes.execute("CREATE TABLE notes (text)")
        notes.close()
        let before = try #require(FileManager.default.contents(atPath: database))

        let error = #expect(throws: CoreDataError.self) {
            try coordinator.destroyPersistentStore(at: URL(fileURLWithPath: database))
        }
        #expect(error?.code == .persistentStoreIncompatibleSchema)
        #expect(error?.message.contains("not a Core Data store (it has no Z_METADATA table)") == true)
        #expect(FileManager.default.contents(atPath: database) == before)
    }
}
