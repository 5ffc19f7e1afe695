import Foundation
import ObjectGraph
import TestSupport
import Testing

/// Two processes, one row: this test process reads a movie, the built `theater` sample renames it
/// in another process, and this process's save of the same movie then fails with 133020 instead
/// of overwriting the other process's change (Core Data's `Z_OPT` optimistic locking).
@Suite struct OptimisticLockingTwoProcessTests {
    @Test func secondProcessChangingTheSameRowMakesThisSaveFail() throws {
        let run = try SampleRun("theater", storeFileName: "Theater.sqlite")
        defer { run.remove() }
        let modelURL = ProductRunner.packageRoot.appendingPathComponent("Samples/Theater/Theater.xcdatamodeld")
        let container = PersistentContainer(
            name: "Theater", managedObjectModel: try ManagedObjectModel(contentsOf: modelURL))
        try container.loadPersistentStore(at: run.store)
        let context = container.viewContext
        let theater = try context.insertNewObject(forEntityName: "Theater")
        theater.setValue("My House", forKey: "name")
        let movie = try context.insertNewObject(forEntityName: "Movie")
        movie.setValue("Up", forKey: "name")
        movie.setValue(theater, forKey: "theater")
        try context.save()

        let other = try ProductRunner.run(
            "theater", ["--store", run.store.path, "--rename-movie", "Up", "Up (2009)"], directory: run.directory)
        #expect(other.status == 0, "\(other.standardError)")
        #expect(other.standardOutput.contains("renamed the movie \"Up\" to \"Up (2009)\""))

        movie.setValue("Up!", forKey: "name")
        let error = #expect(throws: CoreDataError.self) { try context.save() }
        #expect(error?.code == .managedObjectMerge)
        #expect(error?.conflicts.count == 1)
        #expect(error?.conflicts.first?.oldVersion == 1)
        #expect(error?.conflicts.first?.newVersion == 2)
        #expect(error?.conflicts.first?.persistedRow?.values["name"] as? String == "Up (2009)")

        // The other process's change survived; nothing of the failed save reached the file.
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = ["sqlite3", run.store.path, "SELECT ZNAME, Z_OPT FROM ZMOVIE"]
        let pipe = Pipe()
        check.standardOutput = pipe
        try check.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        check.waitUntilExit()
        #expect(text == "Up (2009)|2\n")
    }
}
