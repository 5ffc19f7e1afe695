import Foundation
import Testing

/// `companion inspect DIR…`: every store below the directories, one line each, never stopping at a bad one.
@Suite struct InspectBatchTests {
    @Test func aDirectoryOfStoresIsSummarisedStoreByStoreWithTheRightExitStatus() throws {
        let fixtures = try InspectFixtures()
        for name in InspectFixtures.storeNames { try fixtures.copyCorpusStore(name, into: "class/" + name.prefix(8)) }
        // Same model twice, an odd name, a bad file, a link, and the siblings that must be skipped.
        try fixtures.copyCorpusStore(InspectFixtures.recipes, into: "class/student-b", as: "Default.store")
        try fixtures.write(
            "class/broken/Model.sqlite", Data("SQLite format 3\u{0}".utf8) + Data(repeating: 7, count: 200))
        try FileManager.default.createSymbolicLink(atPath: fixtures.path + "/class/link", withDestinationPath: "/")
        let before = try fixtures.snapshot("class")

        let outcome = try fixtures.inspect(["class", "--line"])
        #expect(outcome.status == 1, "a store that cannot be opened makes the batch exit 1")
        let text = outcome.standardOutput
        #expect(text.contains("Default.store"))
        #expect(text.contains("class/broken/Model.sqlite"))
        #expect(text.contains("error: database disk image is malformed"))
        #expect(!text.contains("-wal ") && !text.contains(".sqlite-shm"))
        #expect(text.contains("class/link: symbolic link, not followed"))
        #expect(try fixtures.snapshot("class") == before)
        #expect(try fixtures.leftoversInTemporaryDirectory() == [])
    }

    @Test func jsonWritesOneObjectPerStorePerLineAndGroupsIdenticalModels() throws {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(InspectFixtures.recipes, into: "a")
        try fixtures.copyCorpusStore(InspectFixtures.recipes, into: "b")
        try fixtures.copyCorpusStore(InspectFixtures.books, into: "c")
        let outcome = try fixtures.inspect(["a", "b", "c", "--json"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let lines = outcome.standardOutput.split(separator: "\n")
        #expect(lines.count == 3)
        let objects = try lines.map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.allSatisfy { $0["ok"] as? Bool == true })
        #expect(objects[0]["modelGroup"] as? String == "A" && objects[1]["modelGroup"] as? String == "A")
        #expect(objects[2]["modelGroup"] as? String == "B")
        #expect((objects[0]["entities"] as? [String: Any])?["Recipe"] as? Int == 3)
    }

    @Test func differencesFromTheExpectedModelAreCountedAndMakeTheExitStatusOne() throws {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore("alemar11__CoreDataPlus__SampleModel_V1.sqlite", into: "v1")
        let expected = InspectFixtures.corpus.appendingPathComponent(
            "models/alemar11__CoreDataPlus__SampleModel2.contents")
        let outcome = try fixtures.inspect(["v1", "--expected", expected.path, "--json"])
        #expect(outcome.status == 1)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        #expect((object["differences"] as? Int ?? 0) > 0)
    }

    @Test func twoHundredSmallStoresRunWithoutLeavingCopiesBehind() throws {
        let fixtures = try InspectFixtures()
        for index in 0..<200 {
            try fixtures.copyCorpusStore(InspectFixtures.books, into: "many/\(index)")
        }
        let outcome = try fixtures.inspect(["many", "--json"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.split(separator: "\n").count == 200)
        #expect(try fixtures.leftoversInTemporaryDirectory() == [])
    }

    @Test func aDirectoryGivenWithATrailingSlashNamesItsStoresWithOneSlash() throws {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(InspectFixtures.recipes, into: "stores")
        let outcome = try fixtures.inspect(["stores/", "--json"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let path = "\"path\":\"stores/\(InspectFixtures.recipes)\""
        #expect(outcome.standardOutput.contains(path), "\(outcome.standardOutput)")
        #expect(!outcome.standardOutput.contains("//"))
    }

    @Test func aNarrowTableShowsThePartOfEachPathThatTellsStoresApart() throws {
        let fixtures = try InspectFixtures()
        let folder = "stores/a-folder-whose-name-is-long-enough-to-crowd-the-table"
        for name in ["alpha.sqlite", "beta.sqlite"] {
            try fixtures.copyCorpusStore(InspectFixtures.recipes, into: folder, as: name)
        }
        let outcome = try fixtures.inspect(["stores", "--table"], environment: ["COLUMNS": "80"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let cells = outcome.standardOutput.split(separator: "\n").filter { $0.hasPrefix("│ ") }.dropFirst().map {
            $0.split(separator: "│").first?.trimmingCharacters(in: .whitespaces) ?? ""
        }
        #expect(cells.count == 2, "\(outcome.standardOutput)")
        #expect(cells.first?.hasPrefix("alp") == true && cells.last == "beta.sqlite", "\(cells)")
        #expect(outcome.standardOutput.contains("- paths are relative to"))
        #expect(outcome.standardOutput.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test func theDifferencesColumnIsShownOnlyWhenAModelIsExpected() throws {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(InspectFixtures.recipes, into: "stores")
        let outcome = try fixtures.inspect(["stores", "--markdown"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(
            outcome.standardOutput.contains("| path | open | entities (rows) | model | problems | check findings |"))
        #expect(!outcome.standardOutput.contains("NULL"))
    }
}
