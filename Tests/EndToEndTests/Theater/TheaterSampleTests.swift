import Foundation
import Testing

/// The Theater sample run as a lecturer runs it: its narration and its SQL trace are golden files
/// (`UPDATE_GOLDEN=1 swift test --filter TheaterSampleTests` rewrites them; review the diff).
@Suite struct TheaterSampleTests {
    @Test func narrationMatchesTheGoldenFile() throws {
        let run = try TheaterRun()
        defer { run.remove() }
        let outcome = try run.theater(["--store", run.store.path, "--reset"])
        #expect(outcome.status == 0)
        #expect(outcome.standardError.isEmpty)
        try Golden.compare(run.masked(outcome.standardOutput), to: "theater-narration.txt")
    }

    @Test func sqlDebugLevelOneTraceMatchesTheGoldenFile() throws {
        let run = try TheaterRun()
        defer { run.remove() }
        let outcome = try run.theater(["--store", run.store.path, "-com.apple.CoreData.SQLDebug", "1"])
        #expect(outcome.status == 0)
        try Golden.compare(run.masked(outcome.standardError), to: "theater-sqldebug-1.txt")
    }

    @Test func sqlDebugLevelThreeAddsBindingsAndFourAddsQueryPlans() throws {
        let run = try TheaterRun()
        defer { run.remove() }
        let three = try run.theater(["--store", run.store.path, "-com.apple.CoreData.SQLDebug", "3"])
        #expect(three.standardError.contains("CoreData: details: SQLite bind[3] = \"My House\""))
        #expect(!three.standardError.contains("EXPLAIN QUERY PLAN"))
        let four = try run.theater(["--store", run.store.path, "--reset", "-com.apple.CoreData.SQLDebug", "4"])
        #expect(four.standardError.contains("CoreData: details: SQLite: EXPLAIN QUERY PLAN SELECT 0, t0.Z_PK, t0.Z_OPT"))
        #expect(four.standardError.contains("SCAN t0"))
    }

    @Test func environmentVariableTurnsTheTraceOn() throws {
        let run = try TheaterRun()
        defer { run.remove() }
        let outcome = try run.theater(["--store", run.store.path], environment: ["SQLDEBUG": "1"])
        #expect(outcome.standardError.contains("CoreData: sql: BEGIN EXCLUSIVE"))
        let quiet = try run.theater(["--store", run.store.path], environment: ["SQLDEBUG": ""])
        #expect(quiet.standardError.isEmpty)
    }

    @Test func defaultStoreIsTheaterSqliteInTheWorkingDirectory() throws {
        let run = try TheaterRun()
        defer { run.remove() }
        let first = try run.theater([])
        #expect(first.status == 0)
        #expect(FileManager.default.fileExists(atPath: run.directory.appendingPathComponent("Theater.sqlite").path))
        #expect(first.standardOutput.contains("store: Theater.sqlite (created a new file)"))
        let second = try run.theater([])
        #expect(second.standardOutput.contains("store: Theater.sqlite (opened the existing file)"))
    }

    @Test func unknownArgumentIsAOneLineUsageError() throws {
        let run = try TheaterRun()
        defer { run.remove() }
        let outcome = try run.theater(["--colour"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "theater: unknown argument '--colour' (try --help)\n")
        #expect(outcome.standardOutput.isEmpty)
    }

    @Test func storeInAMissingDirectoryFailsWithOneLine() throws {
        let run = try TheaterRun()
        defer { run.remove() }
        let path = run.directory.appendingPathComponent("nowhere/Theater.sqlite").path
        let outcome = try run.theater(["--store", path])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.hasPrefix("theater: Cannot open the store \"\(path)\""))
        #expect(outcome.standardError.filter { $0 == "\n" }.count == 1)
    }
}

/// A scratch directory for one run of the sample, and the masking its golden files need.
struct TheaterRun {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("theater-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    var store: URL { directory.appendingPathComponent("Theater.sqlite") }

    func theater(_ arguments: [String], environment: [String: String] = ["SQLDEBUG": ""]) throws -> ProcessOutcome {
        try ProductRunner.run("theater", arguments, environment: environment, directory: directory)
    }

    /// Replaces what differs between runs: the scratch path, store UUIDs and durations.
    func masked(_ text: String) -> String {
        var result = text.replacingOccurrences(of: directory.path, with: "<DIR>")
        result = result.replacingOccurrences(
            of: "[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}", with: "<UUID>",
            options: .regularExpression)
        result = result.replacingOccurrences(of: "[0-9]+\\.[0-9]{4}s", with: "#.####s", options: .regularExpression)
        return result
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Golden files next to this test, compared byte for byte; `UPDATE_GOLDEN=1` rewrites them.
enum Golden {
    static var directory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    }

    static func compare(_ actual: String, to name: String) throws {
        let url = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(actual == expected, "\(name) differs; run with UPDATE_GOLDEN=1 to rewrite it and review the diff")
    }
}
