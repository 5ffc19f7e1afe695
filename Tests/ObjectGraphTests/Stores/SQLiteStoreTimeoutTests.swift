import Foundation
import ObjectGraph
import SQLite
import Testing

/// `NSPersistentStoreTimeoutOption`: how long a save waits for another connection's lock (another
/// process saving, or `BEGIN IMMEDIATE` typed into the sqlite3 shell) before failing with 134090.
@Suite struct SQLiteStoreTimeoutTests {
    private static let modelXML = """
        <model><entity name="Note" representedClassName="Note">
        <attribute name="text" optional="YES" attributeType="String"/></entity></model>
        """

    /// A container on a new store in a fresh folder, opened with `options`.
    private func container(options: [String: Any], folder: URL) throws -> PersistentContainer {
        let model = try ManagedObjectModel(xcodeModelContents: Data(Self.modelXML.utf8))
        let container = PersistentContainer(name: "Notes", managedObjectModel: model)
        _ = try container.loadPersistentStore(at: folder.appendingPathComponent("notes.sqlite"), options: options)
        return container
    }

    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("timeout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func theTimeoutOptionUsesCoreDatasKeyAndDefaultsToThirtySeconds() {
        #expect(SQLiteStore.Options.timeoutKey == "NSPersistentStoreTimeoutOption")
        #expect(SQLiteStore.Options([:]).timeout == 30)
        #expect(SQLiteStore.Options([SQLiteStore.Options.timeoutKey: 2]).timeout == 2)
        #expect(SQLiteStore.Options([SQLiteStore.Options.timeoutKey: 0.5]).timeout == 0.5)
    }

    @Test func aSaveMeetingALockWithNoTimeoutFailsWith134090() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let container = try container(options: [SQLiteStore.Options.timeoutKey: 0], folder: folder)
        let other = try Database(path: folder.appendingPathComponent("notes.sqlite").path)
        defer { other.close() }
        try other.execute("BEGIN IMMEDIATE")
        _ = try container.viewContext.insertNewObject(forEntityName: "Note")
        let error = try #require(throws: CoreDataError.self) { try container.viewContext.save() }
        #expect(error.code == .persistentStoreTimeout)
        try other.execute("ROLLBACK")
        try container.viewContext.save()
    }

    /// The other connection lets go while (or before) the save waits: either way the save succeeds.
    @Test func aSaveWaitsForALockLetGoWithinTheTimeout() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let container = try container(options: [:], folder: folder)
        let other = try Database(path: folder.appendingPathComponent("notes.sqlite").path)
        defer { other.close() }
        try other.execute("BEGIN IMMEDIATE")
        let starting = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var failure: Error?
        let writer = Thread {
            let context = container.newBackgroundContext()
            context.performAndWait {
                _ = try? context.insertNewObject(forEntityName: "Note")
                starting.signal()
                do { try context.save() } catch { failure = error }
            }
            done.signal()
        }
        writer.start()
        starting.wait()
        try other.execute("COMMIT")
        done.wait()
        #expect(failure == nil, "\(String(describing: failure))")
    }

    /// `BEGIN IMMEDIATE` typed into the sqlite3 shell in another terminal: our save waits for the
    /// shell's `COMMIT`, which is typed once the save has started.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")))
    func aSaveWaitsForTheSQLiteShellsTransaction() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let container = try container(options: [:], folder: folder)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        shell.arguments = [folder.appendingPathComponent("notes.sqlite").path]
        let input = Pipe()
        let output = Pipe()
        shell.standardInput = input
        shell.standardOutput = output
        try shell.run()
        input.fileHandleForWriting.write(Data("BEGIN IMMEDIATE;\nSELECT 'locked';\n".utf8))
        // The shell holds the write lock once it has answered.
        var answer = Data()
        while !String(decoding: answer, as: UTF8.self).contains("locked") {
            let chunk = output.fileHandleForReading.availableData
            try #require(!chunk.isEmpty, "the sqlite3 shell ended early")
            answer += chunk
        }
        let context = container.newBackgroundContext()
        let saved = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var failure: Error?
        Thread {
            context.performAndWait {
                _ = try? context.insertNewObject(forEntityName: "Note")
                do { try context.save() } catch { failure = error }
            }
            saved.signal()
        }.start()
        input.fileHandleForWriting.write(Data("COMMIT;\n.quit\n".utf8))
        try input.fileHandleForWriting.close()
        shell.waitUntilExit()
        saved.wait()
        #expect(failure == nil, "\(String(describing: failure))")
    }
}
