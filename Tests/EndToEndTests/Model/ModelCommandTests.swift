import Foundation
import TestSupport
import Testing

/// `companion model show|sql`, run as a user runs it.
@Suite struct ModelCommandTests {
    @Test(arguments: ModelFixtures.models)
    func showPrintsTheGoldenDescription(model: ModelFixtures.Model) throws {
        let outcome = try ProductRunner.run("companion", ["model", "show", model.url.path])
        #expect(outcome.status == 0)
        #expect(outcome.standardError.isEmpty)
        try Golden.assert(outcome.standardOutput, matches: "\(model.name).show.txt")
    }

    @Test(arguments: ModelFixtures.models)
    func sqlPrintsTheGoldenDDL(model: ModelFixtures.Model) throws {
        let outcome = try ProductRunner.run("companion", ["model", "sql", model.url.path])
        #expect(outcome.status == 0)
        #expect(outcome.standardError.isEmpty)
        #expect(
            outcome.standardOutput.split(separator: "\n").allSatisfy { $0.hasPrefix("CREATE ") && $0.hasSuffix(";") })
        try Golden.assert(outcome.standardOutput, matches: "\(model.name).sql.txt")
    }

    @Test(arguments: [
        ("alemar11__CoreDataPlus__SampleModel", "alemar11__CoreDataPlus__SampleModel_V1.sqlite"),
        ("duckduckgo__BrowserServicesKit__BookmarksModel_4", "duckduckgo__BrowserServicesKit__Bookmarks_V4.sqlite"),
        (
            "wibosco__CoreDataMigration-Example__CoreDataMigration_Example_4",
            "wibosco__CoreDataMigration-Example__CoreDataMigration_Example_WAL.sqlite"
        ),
    ])
    func sqlEqualsTheSchemaOfTheStoreAppleWroteWithTheModel(model: String, store: String) throws {
        let scratch = try ModelFixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let path = ModelFixtures.corpus.appendingPathComponent("models/\(model).contents").path
        let outcome = try ProductRunner.run("companion", ["model", "sql", path])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput == (try ModelFixtures.schemaOfStore(store, in: scratch)))
    }

    @Test func bundleSQLUsesTheVersionNamedByXccurrentversion() throws {
        let scratch = try ModelFixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let prefix = "wibosco__CoreDataMigration-Example__"
        let bundle = scratch.appendingPathComponent("CoreDataMigration_Example.xcdatamodeld")
        for (file, version) in [
            ("CoreDataMigration_Example.contents", "CoreDataMigration_Example"),
            ("CoreDataMigration_Example_4.contents", "CoreDataMigration_Example 4"),
        ] {
            let directory = bundle.appendingPathComponent(version + ".xcdatamodel")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: ModelFixtures.corpus.appendingPathComponent("models/" + prefix + file),
                to: directory.appendingPathComponent("contents"))
        }
        try FileManager.default.copyItem(
            at: ModelFixtures.corpus.appendingPathComponent("models/" + prefix + ".xccurrentversion"),
            to: bundle.appendingPathComponent(".xccurrentversion"))
        let outcome = try ProductRunner.run("companion", ["model", "sql", bundle.path])
        #expect(outcome.status == 0)
        let store = try ModelFixtures.schemaOfStore(prefix + "CoreDataMigration_Example_WAL.sqlite", in: scratch)
        #expect(outcome.standardOutput == store)
    }

    @Test func missingModelIsOneLineNamingThePath() throws {
        let outcome = try ProductRunner.run("companion", ["model", "show", "Nowhere.xcdatamodeld"])
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError == "companion: Nowhere.xcdatamodeld: no such file or directory\n")
    }

    @Test func malformedModelIsOneLineWithLineAndColumn() throws {
        let scratch = try ModelFixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let file = scratch.appendingPathComponent("contents")
        try Data("<model>\n  <entity name=\"A\">\n  </model>\n".utf8).write(to: file)
        let outcome = try ProductRunner.run("companion", ["model", "sql", file.path])
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError.hasPrefix("companion: \(file.path): malformed XML at line 3, column "))
        #expect(outcome.standardError.filter { $0 == "\n" }.count == 1)
    }

    @Test func aModelWithBytesThatAreNotUTF8IsOneLineNotACrash() throws {
        let scratch = try ModelFixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let file = scratch.appendingPathComponent("contents")
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<model>\n  <entity name=\"A\"/>\n</model>\n"
        var bytes = [UInt8](xml.utf8)
        let entity = try #require(bytes.indices.first { bytes[$0...].starts(with: Array("<entity".utf8)) })
        bytes[entity + 4] = 0xDC  // inside the element name: <entÜty
        try Data(bytes).write(to: file)
        for action in ["show", "sql"] {
            let outcome = try ProductRunner.run("companion", ["model", action, file.path])
            #expect(outcome.status == 1, "\(outcome.standardError)")
            #expect(outcome.standardOutput.isEmpty)
            #expect(outcome.standardError.hasPrefix("companion: \(file.path): malformed XML at line 3, column "))
            #expect(outcome.standardError.contains("byte 0xDC is not UTF-8 text"))
            #expect(outcome.standardError.filter { $0 == "\n" }.count == 1)
        }
    }

    @Test func brokenModelNamesWhatIsWrong() throws {
        let scratch = try ModelFixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let file = scratch.appendingPathComponent("contents")
        let xml =
            #"<model><entity name="Movie">"#
            + #"<relationship name="theater" maxCount="1" destinationEntity="Cinema"/></entity></model>"#
        try Data(xml.utf8).write(to: file)
        let outcome = try ProductRunner.run("companion", ["model", "show", file.path])
        #expect(outcome.status == 1)
        #expect(
            outcome.standardError
                == "companion: \(file.path): relationship Movie.theater points to entity \"Cinema\", "
                + "which is not in the model\n"
        )
    }

    @Test func aDeviceOrAnEmptyVersionDirectoryIsNamedForWhatItIs() throws {
        let scratch = try ModelFixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let version = scratch.appendingPathComponent("Empty.xcdatamodel")
        try FileManager.default.createDirectory(at: version, withIntermediateDirectories: true)
        for (path, message) in [
            ("/dev/null", "not a regular file"),
            (version.path, "not a Core Data model: Empty.xcdatamodel has no contents file"),
        ] {
            let outcome = try ProductRunner.run("companion", ["model", "show", path])
            #expect(outcome.status == 1)
            #expect(outcome.standardError == "companion: \(path): \(message)\n")
        }
    }

    @Test func binaryXcode3ModelSaysToResaveIt() throws {
        let scratch = try ModelFixtures.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let directory = scratch.appendingPathComponent("Old.xcdatamodel")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let plist = try PropertyListSerialization.data(
            fromPropertyList: ["$archiver": "NSKeyedArchiver"], format: .binary, options: 0)
        try plist.write(to: directory.appendingPathComponent("elements"))
        let outcome = try ProductRunner.run("companion", ["model", "show", directory.path])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.hasSuffix("open and re-save it in a newer Xcode\n"))
    }

    @Test(arguments: [
        (
            ["model"],
            "companion: model: say what to do: 'show MODEL', 'sql MODEL', 'codegen MODEL [-o DIR]' or "
                + "'migrate STORE --to MODEL [--from MODEL] (-o OUT | --in-place | --dry-run) [--allow-data-loss]'\n"
        ),
        (["model", "show"], "companion: model show: name a model to read\n"),
        (
            ["model", "print", "x"],
            "companion: print: unknown action (expected 'show', 'sql', 'codegen' or 'migrate')\n"
        ),
        (["model", "sql", "a", "b"], "companion: model sql: give exactly one model\n"),
        (["model", "show", "--json", "x"], "companion: --json: unknown option\n"),
        (["model", "show", ""], "companion: model show: the model path is empty\n"),
    ])
    func usageMistakesExitTwoWithOneLine(arguments: [String], message: String) throws {
        let outcome = try ProductRunner.run("companion", arguments)
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError == message)
    }

    @Test func helpDescribesEveryAction() throws {
        let outcome = try ProductRunner.run("companion", ["model", "--help"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains("companion model show MODEL"))
        #expect(outcome.standardOutput.contains("companion model sql MODEL"))
        #expect(outcome.standardOutput.contains("companion model codegen MODEL [-o DIR]"))
    }
}
