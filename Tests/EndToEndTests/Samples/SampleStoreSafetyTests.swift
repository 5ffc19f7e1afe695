import Foundation
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
}
