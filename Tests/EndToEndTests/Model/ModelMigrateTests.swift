import Foundation
import TestSupport
import Testing

/// `companion model migrate` and the migration line of `inspect … diff`, run as a user runs them.
@Suite struct ModelMigrateTests {
    private static let store = "duckduckgo__BrowserServicesKit__Bookmarks_V4.sqlite"

    private static func model(_ name: String) -> String { Fixtures.model(name + ".contents").path }

    /// The folder's files but SQLite's shared-memory index (`-shm`), a cache a reader may rebuild:
    /// the store and its write-ahead log must stay byte for byte.
    private static func files(_ scratch: ScratchDirectory) throws -> [String: Data] {
        try scratch.snapshot().filter { !$0.key.hasSuffix("-shm") }
    }
    private static let version6 = model("duckduckgo__BrowserServicesKit__BookmarksModel_6")

    @Test func dryRunPrintsTheMappingsAndTheSQLAndWritesNothing() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.copyCorpusStore(Self.store)
        let before = try Self.files(scratch)
        let outcome = try ProductRunner.run(
            "companion", ["model", "migrate", path, "--to", Self.version6, "--dry-run"])
        #expect(outcome.status == 0)
        #expect(outcome.standardError.isEmpty)
        let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "Mappings:")
        #expect(lines.contains("    isStub ← default value"))
        #expect(lines.contains("  ZBOOKMARKENTITY: altered in place"))
        #expect(lines.contains("  ALTER TABLE ZBOOKMARKENTITY ADD COLUMN ZISSTUB INTEGER"))
        #expect(try Self.files(scratch) == before)
    }

    @Test func outputFileIsMigratedCheckedCleanAndTheStoreIsUntouched() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.copyCorpusStore(Self.store)
        let before = try Self.files(scratch)
        let verdict = try ProductRunner.run("companion", ["inspect", path, "diff", "--expected", Self.version6])
        #expect(verdict.status == 1)
        #expect(verdict.standardOutput.contains("- lightweight migration possible (companion model migrate)"))
        let output = scratch.path("migrated.sqlite")
        let outcome = try ProductRunner.run(
            "companion", ["model", "migrate", path, "--to", Self.version6, "-o", output])
        #expect(outcome.status == 0)
        #expect(outcome.standardError.isEmpty)
        var after = try Self.files(scratch)
        after["migrated.sqlite"] = nil
        #expect(after == before)
        #expect(try ProductRunner.run("companion", ["inspect", output, "check"]).status == 0)
        let diff = try ProductRunner.run("companion", ["inspect", output, "diff", "--expected", Self.version6])
        #expect(diff.status == 0)
    }

    @Test func sqlDebugTracesTheMigrationsStatementsOnStandardError() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.copyCorpusStore(Self.store)
        let output = scratch.path("traced.sqlite")
        let outcome = try ProductRunner.run(
            "companion", ["model", "migrate", path, "--to", Self.version6, "-o", output],
            environment: ["SQLDEBUG": "1"])
        #expect(outcome.status == 0)
        let trace = outcome.standardError.split(separator: "\n")
        #expect(trace.contains { $0.hasPrefix("CoreData: sql: ALTER TABLE ZBOOKMARKENTITY ADD COLUMN ZISSTUB") })
        #expect(outcome.standardOutput.contains("written to \(output)"))
    }

    @Test func aSQLDebugValueThatIsNotALevelIsAUsageErrorAndMigratesNothing() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.copyCorpusStore(Self.store)
        let before = try Self.files(scratch)
        let outcome = try ProductRunner.run(
            "companion", ["model", "migrate", path, "--to", Self.version6, "--in-place"],
            environment: ["SQLDEBUG": "loud"])
        #expect(outcome.status == 2)
        let lines = outcome.standardError.split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.contains("SQLDEBUG") == true && lines.first?.contains("loud") == true)
        #expect(try Self.files(scratch) == before)
    }

    @Test func inPlaceKeepsABackupOfTheStoreAsItWas() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.copyCorpusStore(Self.store)
        let outcome = try ProductRunner.run(
            "companion", ["model", "migrate", path, "--to", Self.version6, "--in-place"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains("the store as it was is in \(path).backup"))
        #expect(try ProductRunner.run("companion", ["inspect", path, "diff", "--expected", Self.version6]).status == 0)
        let version4 = Self.model("duckduckgo__BrowserServicesKit__BookmarksModel_4")
        #expect(
            try ProductRunner.run("companion", ["inspect", path + ".backup", "diff", "--expected", version4]).status
                == 0)
    }

    @Test func modelSharingNoEntityIsRefusedUnlessDataLossIsAllowed() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.copyCorpusStore(Self.store)
        let posts = Self.model("wibosco__CoreDataMigration-Example__CoreDataMigration_Example_4")
        let refused = try ProductRunner.run("companion", ["model", "migrate", path, "--to", posts, "--dry-run"])
        #expect(refused.status == 1)
        #expect(refused.standardOutput.isEmpty)
        #expect(refused.standardError.hasPrefix("companion: \(path): the model \(posts) shares no entity"))
        #expect(refused.standardError.split(separator: "\n").count == 1)
        let allowed = try ProductRunner.run(
            "companion", ["model", "migrate", path, "--to", posts, "--dry-run", "--allow-data-loss"])
        #expect(allowed.status == 0)
        #expect(allowed.standardOutput.contains("  BookmarkEntityTo (remove): BookmarkEntity → nothing"))
    }

    @Test func mappingThatCannotBeInferredExitsOneWithTheReasons() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.copyCorpusStore(Self.store)
        let xml = try String(contentsOf: URL(fileURLWithPath: Self.version6), encoding: .utf8)
            .replacingOccurrences(
                of: "name=\"title\" optional=\"YES\" attributeType=\"String\"",
                with: "name=\"title\" optional=\"YES\" attributeType=\"Date\"")
        let target = try scratch.write("Changed.contents", Data(xml.utf8))
        let before = try Self.files(scratch)
        let outcome = try ProductRunner.run(
            "companion", ["model", "migrate", path, "--to", target, "-o", scratch.path("out.sqlite")])
        #expect(outcome.status == 1)
        #expect(
            outcome.standardError
                == "companion: \(path): lightweight migration is not possible: "
                + "BookmarkEntity.title changed type from String to Date\n")
        #expect(try Self.files(scratch) == before)
        let diff = try ProductRunner.run("companion", ["inspect", path, "diff", "--expected", target])
        #expect(
            diff.standardOutput.contains(
                "- lightweight migration not possible because BookmarkEntity.title changed type"))
    }

    @Test(arguments: [
        (
            ["model", "migrate", "S.sqlite", "--dry-run"],
            "companion: model migrate: name the model to migrate to: --to MODEL"
        ),
        (
            ["model", "migrate", "S.sqlite", "--to", "M"],
            "companion: model migrate: say where the migrated store goes: -o OUT, --in-place or --dry-run"
        ),
        (["model", "show", "M", "--dry-run"], "companion: --dry-run: 'model show' takes no --dry-run option"),
    ])
    func usageErrorsExitTwo(arguments: [String], message: String) throws {
        let outcome = try ProductRunner.run("companion", arguments)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix(message))
    }
}
