import Foundation
import TestSupport
import Testing

/// The Habr practical: key paths with collection operators, and the schema of its store.
@Suite struct HabrSampleTests {
    @Test func theTourMatchesTheGoldenFile() throws {
        let run = try SampleRun("habr")
        defer { run.remove() }
        let outcome = try run.run()
        #expect(outcome.status == 0, "\(outcome.standardError)")
        try Golden.assert(outcome.standardOutput, matches: "habr.txt")
        #expect(outcome.standardOutput.contains("  employees.@avg.karma = 75.0"))
    }

    /// The schema is the one DESIGN.md §3.3's rules give, as lesson 12 prints it, byte for byte.
    @Test func theStoresSchemaIsTheOneLessonTwelvePrints() throws {
        let run = try SampleRun("habr")
        defer { run.remove() }
        #expect(try run.run().status == 0)
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        sqlite.arguments = ["sqlite3", run.store.path, ".schema"]
        let pipe = Pipe()
        sqlite.standardOutput = pipe
        try sqlite.run()
        let schema = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        sqlite.waitUntilExit()
        let lesson = try String(
            contentsOf: ProductRunner.packageRoot.appendingPathComponent("Lessons/12-pro-core-data-practical.md"),
            encoding: .utf8)
        let printed = lesson.split(separator: "\n").filter { $0.hasPrefix("CREATE ") }.joined(separator: "\n")
        #expect(!printed.isEmpty)
        #expect(schema.trimmingCharacters(in: .newlines) == printed)
    }
}
