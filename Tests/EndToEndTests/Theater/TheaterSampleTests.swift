import Foundation
import TestSupport
import Testing

/// The Theater sample run as a lecturer runs it: its narration and its SQL trace are golden files
/// (`UPDATE_GOLDEN=1 swift test --filter TheaterSampleTests` rewrites them; review the diff).
@Suite struct TheaterSampleTests {
    @Test func narrationMatchesTheGoldenFile() throws {
        let run = try SampleRun("theater", storeFileName: "Theater.sqlite")
        defer { run.remove() }
        // Step 7 prints `swift run companion …` when `companion` is not installed: the golden file
        // is that form, whatever this machine has installed.
        let outcome = try run.run(
            exactly: ["--store", run.store.path, "--reset"], environment: ["SQLDEBUG": "", "PATH": "/usr/bin:/bin"])
        #expect(outcome.status == 0)
        #expect(outcome.standardError.isEmpty)
        try Golden.assert(run.masked(outcome.standardOutput), matches: "theater-narration.txt")
    }

    @Test func stepSevenPrintsTheInstalledCommandWhenCompanionIsOnThePath() throws {
        let run = try SampleRun("theater", storeFileName: "Theater.sqlite")
        defer { run.remove() }
        let bin = run.directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let companion = bin.appendingPathComponent("companion").path
        #expect(FileManager.default.createFile(atPath: companion, contents: Data("#!/bin/sh\n".utf8)))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: companion)
        let outcome = try run.run(
            exactly: ["--store", run.store.path, "--reset"],
            environment: ["SQLDEBUG": "", "PATH": bin.path + ":/usr/bin:/bin"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains("     companion inspect \"Theater.sqlite\""))
        #expect(!outcome.standardOutput.contains("swift run companion"))
    }

    @Test func sqlDebugLevelOneTraceMatchesTheGoldenFile() throws {
        let run = try SampleRun("theater", storeFileName: "Theater.sqlite")
        defer { run.remove() }
        let outcome = try run.run(exactly: ["--store", run.store.path, "-com.apple.CoreData.SQLDebug", "1"])
        #expect(outcome.status == 0)
        try Golden.assert(run.masked(outcome.standardError), matches: "theater-sqldebug-1.txt")
    }

    @Test func sqlDebugLevelThreeAddsBindingsAndFourAddsQueryPlans() throws {
        let run = try SampleRun("theater", storeFileName: "Theater.sqlite")
        defer { run.remove() }
        let three = try run.run(exactly: ["--store", run.store.path, "-com.apple.CoreData.SQLDebug", "3"])
        #expect(three.standardError.contains("CoreData: details: SQLite bind[3] = \"My House\""))
        #expect(!three.standardError.contains("EXPLAIN QUERY PLAN"))
        let four = try run.run(exactly: ["--store", run.store.path, "--reset", "-com.apple.CoreData.SQLDebug", "4"])
        #expect(
            four.standardError.contains("CoreData: details: SQLite: EXPLAIN QUERY PLAN SELECT 0, t0.Z_PK, t0.Z_OPT"))
        #expect(four.standardError.contains("SCAN t0"))
    }

    @Test func environmentVariableTurnsTheTraceOn() throws {
        let run = try SampleRun("theater", storeFileName: "Theater.sqlite")
        defer { run.remove() }
        let outcome = try run.run(exactly: ["--store", run.store.path], environment: ["SQLDEBUG": "1"])
        #expect(outcome.standardError.contains("CoreData: sql: BEGIN EXCLUSIVE"))
        let quiet = try run.run(exactly: ["--store", run.store.path], environment: ["SQLDEBUG": ""])
        #expect(quiet.standardError.isEmpty)
    }

    @Test func defaultStoreIsTheaterSqliteInTheWorkingDirectory() throws {
        let run = try SampleRun("theater", storeFileName: "Theater.sqlite")
        defer { run.remove() }
        let first = try run.run(exactly: [])
        #expect(first.status == 0)
        #expect(FileManager.default.fileExists(atPath: run.directory.appendingPathComponent("Theater.sqlite").path))
        #expect(first.standardOutput.contains("store: Theater.sqlite (created a new file)"))
        let second = try run.run(exactly: [])
        #expect(second.standardOutput.contains("store: Theater.sqlite (opened the existing file)"))
    }

    @Test func unknownArgumentIsAOneLineUsageError() throws {
        let run = try SampleRun("theater", storeFileName: "Theater.sqlite")
        defer { run.remove() }
        let outcome = try run.run(exactly: ["--colour"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "theater: unknown argument '--colour' (try --help)\n")
        #expect(outcome.standardOutput.isEmpty)
    }

    @Test func storeInAMissingDirectoryFailsWithOneLine() throws {
        let run = try SampleRun("theater", storeFileName: "Theater.sqlite")
        defer { run.remove() }
        let path = run.directory.appendingPathComponent("nowhere/Theater.sqlite").path
        let outcome = try run.run(exactly: ["--store", path])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.hasPrefix("theater: Cannot open the store \"\(path)\""))
        #expect(outcome.standardError.filter { $0 == "\n" }.count == 1)
    }
}
