import Foundation
import TestSupport
import Testing

/// What a lecturer's slip of the keyboard must not cost: `--reset` deletes only a Core Data
/// store, a kept store is not narrated twice, and a mistyped trace level is refused.
@Suite struct SampleStoreSafetyTests {
    /// A directory holding a folder with a file in it and a text file, as a project would.
    private func workspace() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reset-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("project/inner"), withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: directory.appendingPathComponent("project/inner/file.txt"))
        try Data("my thesis".utf8).write(to: directory.appendingPathComponent("thesis.txt"))
        return directory
    }

    @Test(arguments: ["theater", "books", "superdb"])
    func resetRefusesAFolderOrAFileThatIsNotAStoreAndKeepsThem(product: String) throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (target, reason) in [
            ("project", "it is a directory, not a Core Data store"),
            (".", "it is a directory, not a Core Data store"),
            ("thesis.txt", "it is not an SQLite file, so not a Core Data store"),
        ] {
            let outcome = try ProductRunner.run(
                product, ["--store", target, "--reset"], environment: ["SQLDEBUG": ""], directory: directory)
            #expect(outcome.status == 1)
            #expect(outcome.standardOutput.isEmpty)
            let lines = outcome.standardError.split(separator: "\n")
            #expect(lines.count == 1)
            #expect(lines.first?.hasPrefix("\(product): Will not delete \"") == true)
            #expect(outcome.standardError.contains(reason))
        }
        let kept = try String(contentsOf: directory.appendingPathComponent("project/inner/file.txt"), encoding: .utf8)
        #expect(kept == "keep")
        let thesis = try String(contentsOf: directory.appendingPathComponent("thesis.txt"), encoding: .utf8)
        #expect(thesis == "my thesis")
    }

    @Test(arguments: [("books", "books"), ("superdb", "heroes")])
    func aKeptStoreIsRefusedOnTheSecondRunUntilReset(product: String, contents: String) throws {
        let run = try SampleRun(product)
        defer { run.remove() }
        let first = try run.run()
        #expect(first.status == 0)

        let second = try run.run()
        #expect(second.status == 1)
        #expect(second.standardOutput.isEmpty)
        #expect(
            second.standardError
                == "\(product): \(run.store.path) already holds the \(contents) of an earlier run; "
                + "add --reset to start again from the seed\n")

        let reset = try run.run(["--reset"])
        #expect(reset.status == 0)
        #expect(reset.standardError.isEmpty)
        #expect(run.masked(reset.standardOutput) == run.masked(first.standardOutput))
    }

    @Test(arguments: ["books", "superdb"])
    func resetWithoutAStoreIsAUsageError(product: String) throws {
        let outcome = try ProductRunner.run(product, ["--reset"], environment: ["SQLDEBUG": ""])
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "\(product): --reset needs --store PATH (without it every run starts fresh)\n")
    }

    @Test(arguments: ["theater", "books", "superdb"])
    func aMissingOrMistypedTraceLevelIsAUsageError(product: String) throws {
        let run = try SampleRun(product)
        defer { run.remove() }
        let flag = "-com.apple.CoreData.SQLDebug"
        let levelHint = "give a whole number (0 off, 1 statements, 3 bound values, 4 query plans), YES or NO"
        let cases: [([String], [String: String], String)] = [
            (
                [flag], ["SQLDEBUG": ""],
                "\(flag) needs a level after it: 1 (statements), 3 (bound values) or 4 (query plans)"
            ),
            ([flag, "abc"], ["SQLDEBUG": ""], "\(flag) 'abc' is not a level: \(levelHint)"),
            ([], ["SQLDEBUG": "abc"], "SQLDEBUG='abc' is not a level: \(levelHint)"),
        ]
        for (arguments, environment, message) in cases {
            let outcome = try run.run(arguments, environment: environment)
            #expect(outcome.status == 2)
            #expect(outcome.standardOutput.isEmpty)
            #expect(outcome.standardError == "\(product): \(message)\n")
        }
        #expect(!FileManager.default.fileExists(atPath: run.store.path))
    }

    /// Two runs started at once on a new `--store`: both saw no store, and the one that lost the
    /// race for SQLite's lock removed the files it took for its own — the other's store — so
    /// often both failed and no store was left. Now one run makes the store and the other gets one
    /// line about the lock (or tells the story, when it comes later).
    @Test(arguments: ["theater", "books", "superdb"])
    func twoRunsAtOnceOnANewStoreLeaveTheStoreOneOfThemMade(product: String) throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        for round in 0..<6 {
            let store = "store-\(round).sqlite"
            let outcomes = LockedOutcomes()
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                let outcome = try? ProductRunner.run(
                    product, ["--store", store], environment: ["SQLDEBUG": ""], directory: directory)
                outcomes.append(outcome)
            }
            let runs = outcomes.all.compactMap { $0 }
            #expect(runs.count == 2)
            #expect(runs.contains { $0.status == 0 }, "round \(round): \(runs.map(\.standardError))")
            for run in runs where run.status != 0 {
                #expect(run.status == 1)
                #expect(run.standardError.split(separator: "\n").count == 1, "\(run.standardError)")
            }
            let again = try ProductRunner.run(
                product, ["--store", store], environment: ["SQLDEBUG": ""], directory: directory)
            if product == "theater" {
                #expect(again.status == 0, "\(again.standardError)")
            } else {
                #expect(again.status == 1)
                #expect(again.standardError.contains("already holds the"), "\(again.standardError)")
            }
        }
    }
}

/// Output a sample cannot write (`> /dev/full`) once vanished with status 0.
@Suite struct SampleOutputFailureTests {
    @Test(arguments: [["theater"], ["books"], ["superdb"], ["accelerometer-graph", "walking"], ["theater", "--help"]])
    func outputThatCannotBeWrittenIsAFailure(command: [String]) throws {
        let product = ProductRunner.binDirectory.appendingPathComponent(command[0]).path
        // In a scratch folder: theater's default store is ./Theater.sqlite, and the package's
        // folder may hold the one a lecturer made with `make run`.
        let scratch = try SampleRun(command[0])
        defer { scratch.remove() }
        let outcome = try ProductRunner.run(
            executable: URL(fileURLWithPath: "/bin/sh"),
            ["-c", "exec \"$0\" \"$@\" > /dev/full", product] + command.dropFirst(), directory: scratch.directory)
        #expect(outcome.status == 1)
        #expect(outcome.standardError.hasPrefix("\(command[0]): standard output: "), "\(outcome.standardError)")
        #expect(outcome.standardError.hasSuffix("; the output is incomplete\n"))
        #expect(outcome.standardError.split(separator: "\n").count == 1)
    }
}

/// Outcomes collected from concurrently running children.
private final class LockedOutcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [ProcessOutcome?] = []
    func append(_ outcome: ProcessOutcome?) { lock.withLock { outcomes.append(outcome) } }
    var all: [ProcessOutcome?] { lock.withLock { outcomes } }
}
