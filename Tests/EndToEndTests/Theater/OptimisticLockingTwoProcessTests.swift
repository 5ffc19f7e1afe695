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

    /// Lesson 14's two terminals, as it tells them: the first `theater --rename-movie Up Upper --wait`
    /// renames in memory and waits; the second `theater --rename-movie Up Down` saves; Return in the
    /// first then fails with 133020 and the file keeps "Down".
    @Test func theLessonsTwoTerminalDemoFailsTheFirstSaveWith133020() throws {
        let run = try SampleRun("theater", storeFileName: "lesson14.sqlite")
        defer { run.remove() }
        #expect(try run.run().status == 0)

        let first = Process()
        first.executableURL = ProductRunner.binDirectory.appendingPathComponent("theater")
        first.arguments = ["--store", run.store.path, "--rename-movie", "Up", "Upper", "--wait"]
        first.currentDirectoryURL = run.directory
        let input = Pipe()
        let output = Pipe()
        first.standardInput = input
        first.standardOutput = output
        first.standardError = output
        try first.run()
        var shown = Data()
        while !String(decoding: shown, as: UTF8.self).contains("then press Return") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            shown.append(chunk)
        }
        #expect(String(decoding: shown, as: UTF8.self).contains("--rename-movie Up SOMETHING-ELSE"))

        let second = try run.run(["--rename-movie", "Up", "Down"])
        #expect(second.status == 0, "\(second.standardError)")

        input.fileHandleForWriting.write(Data("\n".utf8))
        try input.fileHandleForWriting.close()
        shown.append(output.fileHandleForReading.readDataToEndOfFile())
        first.waitUntilExit()
        let text = String(decoding: shown, as: UTF8.self)
        #expect(first.terminationStatus == 1)
        #expect(text.contains("(Core Data error 133020)"), "\(text)")
        #expect(text.contains("(it is now \"Down\"); nothing was overwritten"), "\(text)")
    }
}
