import Foundation
import TestSupport
import Testing

/// `--csv` is RFC 4180 and nothing else (one header, rows of one shape), `--json` one JSON
/// document, and a batch's `--json` JSON Lines: every output is read back with a real parser.
@Suite struct InspectMachineOutputTests {
    /// Each store command with the arguments it needs, on the SampleModel2 store (history, inheritance).
    static let commands: [[String]] = [
        ["summary"], ["schema"], ["tables"], ["indexes"], ["metadata"], ["model"], ["rows", "Book", "--limit", "3"],
        ["fetch", "Author"], ["check"], ["history", "--limit", "2"],
    ]

    @Test(arguments: commands)
    func everyCSVOutputIsOneRFC4180Table(command: [String]) throws {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(InspectFixtures.sampleModel2)
        let outcome = try fixtures.inspect([InspectFixtures.sampleModel2] + command + ["--csv"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let csv = try CSVDocument(outcome.standardOutput)
        #expect(!csv.header.isEmpty)
        #expect(!outcome.standardOutput.contains("\r\n# "), "a section heading inside CSV")
        #expect(!outcome.standardOutput.hasPrefix("# "))
    }

    @Test(arguments: commands)
    func everyJSONOutputIsOneDocument(command: [String]) throws {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(InspectFixtures.sampleModel2)
        let outcome = try fixtures.inspect([InspectFixtures.sampleModel2] + command + ["--json"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) }
    }

    @Test func checkCSVCarriesFindingsProblemsAndResultInOneTable() throws {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(InspectFixtures.recipes)
        let outcome = try fixtures.inspect([InspectFixtures.recipes, "check", "--csv"])
        let csv = try CSVDocument(outcome.standardOutput)
        #expect(csv.header == ["section", "kind", "entity", "object", "key", "finding", "message"])
        #expect(csv.dictionaries.map { $0["section"] } == ["result"])
        #expect(csv.column("message") == ["no findings"])
    }

    @Test func aBatchWritesJSONLinesAndOneCSVTable() throws {
        let fixtures = try InspectFixtures()
        for name in [InspectFixtures.recipes, InspectFixtures.bookmarks] {
            try fixtures.copyCorpusStore(name, into: "stores")
        }
        let json = try fixtures.inspect(["stores", "--json"])
        let lines = json.standardOutput.split(separator: "\n")
        #expect(lines.count == 2)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["ok"] as? Bool == true)
        }
        let csv = try CSVDocument(try fixtures.inspect(["stores", "--csv"]).standardOutput)
        #expect(csv.column("section").filter { $0 == "stores" }.count == 2)
        #expect(csv.header.contains("problems") && csv.header.contains("check findings"))
    }
}
