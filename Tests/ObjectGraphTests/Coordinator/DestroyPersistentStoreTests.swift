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

    @Test func aPipeIsRefusedAndKept() throws {
        let fifo = path("pipe")
        try #require(mkfifo(fifo, 0o644) == 0)
        let error = #expect(throws: CoreDataError.self) {
            try coordinator.destroyPersistentStore(at: URL(fileURLWithPath: fifo))
        }
        #expect(error?.message.contains("it is not a regular file (a device, a pipe or a socket)") == true)
        #expect(FileManager.default.fileExists(atPath: fifo))
    }

    @Test func aSymbolicLinkIsRefusedAndNothingAppearsBesideItsTarget() throws {
        let url = directory.url.appendingPathComponent("Target.sqlite")
        let container = PersistentContainer(name: "Cinema", managedObjectModel: try CinemaModel.make())
        try container.loadPersistentStore(at: url)
        for store in container.persistentStoreCoordinator.persistentStores { (store as? SQLiteStore)?.close() }
        let link = path("Link.sqlite")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: url.path)
        let before = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()

        let error = #expect(throws: CoreDataError.self) {
            try coordinator.destroyPersistentStore(at: URL(fileURLWithPath: link))
        }
        #expect(error?.message.contains("it is a symbolic link") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted() == before)
    }
}

/// Opening a store at a path that is a device or a pipe is refused up front, and the path is
/// still there afterwards (a failed creation used to remove it).
@Suite struct StorePathThatIsNotAFileTests {
    @Test func aPipeIsRefusedAndLeftInPlace() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.url.appendingPathComponent("pipe.sqlite").path
        try #require(mkfifo(fifo, 0o644) == 0)
        let container = PersistentContainer(name: "Cinema", managedObjectModel: try CinemaModel.make())

        let error = #expect(throws: CoreDataError.self) {
            try container.loadPersistentStore(at: URL(fileURLWithPath: fifo))
        }
        #expect(error?.code == .fileReadCorruptFile)
        #expect(error?.message.contains("it is not a regular file") == true)
        var info = stat()
        #expect(stat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }
}
