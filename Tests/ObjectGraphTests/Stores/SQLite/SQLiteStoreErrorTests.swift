import Foundation
import SQLite
import Testing

@testable import ObjectGraph

@Suite struct SQLiteStoreErrorTests {
    private func open(_ url: URL, readOnly: Bool = false, pages: Int? = nil) throws -> SQLiteStore {
        try SQLiteStore(
            url: url, model: try StoreFixtures.theaterModel(),
            options: .init(isReadOnly: readOnly, log: SQLDebugLog(), maximumPageCount: pages))
    }

    private func files(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    @Test func aPathInAMissingDirectoryIsRefusedAndNothingIsCreated() throws {
        let directory = try StoreFixtures.scratch()
        defer { StoreFixtures.remove(directory) }
        let url = directory.appendingPathComponent("missing/Theater.sqlite")
        let error = #expect(throws: CoreDataError.self) { try open(url) }
        #expect(error?.code == .fileReadNoSuchFile)
        #expect(error?.message.contains("does not exist") == true)
        #expect(files(in: directory).isEmpty)
    }

    @Test func aFileThatIsNotSQLiteIsRefusedAndLeftAlone() throws {
        let directory = try StoreFixtures.scratch()
        defer { StoreFixtures.remove(directory) }
        let url = directory.appendingPathComponent("Notes.sqlite")
        let bytes = Data("These are my lecture notes, not a database.\n".utf8)
        try bytes.write(to: url)
        let error = #expect(throws: CoreDataError.self) { try open(url) }
        #expect(error?.code == .fileReadCorruptFile)
        #expect(error?.message.contains("not an SQLite file (encrypted?)") == true)
        #expect(try Data(contentsOf: url) == bytes)
        #expect(files(in: directory) == ["Notes.sqlite"])
    }

    @Test func anSQLiteFileThatIsNotACoreDataStoreIsRefusedAndLeftAlone() throws {
        let directory = try StoreFixtures.scratch()
        defer { StoreFixtures.remove(directory) }
        let url = directory.appendingPathComponent("Grades.sqlite")
        try Database(path: url.path).execute("CREATE TABLE grades (student TEXT, grade INTEGER)")
        let before = try Data(contentsOf: url)
        let error = #expect(throws: CoreDataError.self) { try open(url) }
        #expect(error?.code == .persistentStoreIncompatibleSchema)
        #expect(error?.message.contains("not a Core Data store") == true)
        #expect(try Data(contentsOf: url) == before)
        #expect(files(in: directory) == ["Grades.sqlite"])
        #expect(try StoreFixtures.shell(url, ".tables") == "grades")
    }

    @Test(arguments: [
        ("UPDATE Z_METADATA SET Z_PLIST = NULL", "has no metadata (Z_METADATA.Z_PLIST is NULL)"),
        (
            "UPDATE Z_METADATA SET Z_PLIST = X'626F6F6B'",
            "has unreadable metadata: Z_METADATA.Z_PLIST is not a property list."
        ),
        ("DELETE FROM Z_METADATA", "has an empty Z_METADATA table"),
    ])
    func damagedMetadataIsNamedInASentence(damage: String, problem: String) throws {
        let directory = try StoreFixtures.scratch()
        defer { StoreFixtures.remove(directory) }
        let url = directory.appendingPathComponent("Theater.sqlite")
        try open(url).close()
        let database = try Database(path: url.path)
        try database.execute(damage)
        database.close()

        let error = #expect(throws: CoreDataError.self) { try open(url) }
        #expect(error?.code == .persistentStoreIncompatibleSchema)
        let ending = problem.hasSuffix(".") ? "" : ", so its model is unknown."
        #expect(error?.message == "The store \"\(url.path)\" \(problem)" + ending)
        #expect(error?.message.contains("Error Domain") == false)
    }

    @Test func aReadOnlyFileIsRefusedForWritingAndOpensReadOnly() throws {
        let directory = try StoreFixtures.scratch()
        defer {
            try? FileManager.default.setAttributes(
                [.posixPermissions: 0o644], ofItemAtPath: directory.path + "/Theater.sqlite")
            StoreFixtures.remove(directory)
        }
        let url = directory.appendingPathComponent("Theater.sqlite")
        let store = try open(url)
        let movie = store.model.entitiesByName["Movie"]!
        try store.insert(movie, [["name": "Up"]])
        store.close()
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: url.path)
        let error = #expect(throws: CoreDataError.self) { try open(url) }
        #expect(error?.code == .fileWriteNoPermission)
        #expect(error?.message.contains("read-only") == true)

        let reader = try open(url, readOnly: true)
        defer { reader.close() }
        #expect(try reader.fetchRows(StoreFetchRequest(entity: movie)).first?.values["name"] as? String == "Up")
        let saveError = #expect(throws: CoreDataError.self) { try reader.newObjectIDs(for: movie, count: 1) }
        #expect(saveError?.code == .fileWriteNoPermission)
    }

    @Test func aFullDiskFailsTheSaveAndKeepsEarlierData() throws {
        let directory = try StoreFixtures.scratch()
        defer { StoreFixtures.remove(directory) }
        let url = directory.appendingPathComponent("Theater.sqlite")
        let store = try open(url, pages: 16)
        defer { store.close() }
        let movie = store.model.entitiesByName["Movie"]!
        try store.insert(movie, [["name": "Up"]])
        let long = String(repeating: "A long synopsis. ", count: 20_000)
        let error = #expect(throws: CoreDataError.self) {
            try store.insert(movie, (0..<5).map { ["name": "Copy \($0)", "movieDescription": long] })
        }
        #expect(error?.code == .fileWriteOutOfSpace)
        #expect(error?.message.contains("the database or the disk is full") == true)
        let names = try store.fetchRows(StoreFetchRequest(entity: movie)).compactMap { $0.values["name"] as? String }
        #expect(names == ["Up"])
    }

    @Test func anEmptyFileBecomesANewStore() throws {
        let directory = try StoreFixtures.scratch()
        defer { StoreFixtures.remove(directory) }
        let url = directory.appendingPathComponent("Theater.sqlite")
        #expect(FileManager.default.createFile(atPath: url.path, contents: Data()))
        let store = try open(url)
        store.close()
        #expect(try StoreFixtures.shell(url, "SELECT count(*) FROM Z_PRIMARYKEY") == "2")
    }
}

/// A real store opened with another model is refused (134100) and left as it was: its file and
/// its write-ahead log unchanged and no file added. The check runs on a read-only connection, so
/// nothing moves the log into the file on the way out. (SQLite's shared-memory index beside a
/// log is a cache any reader rebuilds; one that was not there is not left behind.)
@Suite struct RefusedStoreIsLeftAloneTests {
    @Test(arguments: [CorpusStore.bookmarks, CorpusStore.migrationExample])
    func aStoreOfAnotherModelKeepsItsFileAndItsLogAsTheyWere(_ pair: ModelCorpus.Pair) throws {
        let scratch = try ModelCorpus.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let copy = try ModelCorpus.copyOfStore(pair.store, in: scratch)
        for name in try FileManager.default.contentsOfDirectory(atPath: scratch.path) {
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: scratch.path + "/" + name)
        }
        func snapshot() throws -> [String: Data] {
            var files: [String: Data] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: scratch.path) {
                let url = scratch.appendingPathComponent(name)
                files[name] = name.hasSuffix("-shm") ? Data() : try Data(contentsOf: url)
            }
            return files
        }
        let before = try snapshot()
        #expect(before.keys.contains { $0.hasSuffix("-wal") })

        let error = #expect(throws: CoreDataError.self) {
            _ = try SQLiteStore(url: copy, model: try StoreFixtures.theaterModel(), options: .init(log: SQLDebugLog()))
        }
        #expect(error?.code == .persistentStoreIncompatibleVersionHash)
        #expect(try snapshot() == before)
    }
}
