import Foundation
import Testing

/// How listings come out: every object ID whole in a table however late it comes, and the data
/// exact in the machine-readable formats.
@Suite struct InspectListingTests {
    /// The table's lines between the heading rule and the bottom rule.
    private func bodyLines(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { $0.hasPrefix("│") }.dropFirst().map { $0 }
    }

    @Test func rowsSizeTheObjectIDColumnFromEveryRowNotTheFirstFew() throws {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(InspectFixtures.sampleModel2)
        let outcome = try fixtures.inspect([InspectFixtures.sampleModel2, "rows", "Page", "--table", "--width", "120"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let lines = bodyLines(outcome.standardOutput)
        #expect(lines.count > 4000)
        // Page/p4970 is the 4970th row; the first thousand have IDs of at most nine characters.
        #expect(lines.last?.hasPrefix("│ Page/p4970 │") == true, "\(lines.last ?? "")")
        #expect(!lines.contains { $0.split(separator: "│").first?.contains("…") == true })
        #expect(outcome.standardOutput.split(separator: "\n").allSatisfy { $0.count <= 120 })
    }

    @Test func fetchSizesTheObjectIDColumnFromEveryObject() throws {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(InspectFixtures.sampleModel2)
        let outcome = try fixtures.inspect([InspectFixtures.sampleModel2, "fetch", "Page", "--table", "--width", "120"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let lines = bodyLines(outcome.standardOutput).filter { $0.hasPrefix("│ Page/") }
        #expect(lines.count > 4000)
        #expect(!lines.contains { $0.split(separator: "│").first?.contains("…") == true })
    }

    @Test func aTableTooWideForTheWidthBecomesOneRecordPerBlock() throws {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(InspectFixtures.recipes)
        let outcome = try fixtures.inspect([InspectFixtures.recipes, "rows", "Recipe", "--table", "--width", "60"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let lines = outcome.standardOutput.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("-[ RECORD ") }.count == 3)
        #expect(lines.allSatisfy { $0.count <= 60 }, "\(lines.filter { $0.count > 60 })")
        #expect(!outcome.standardOutput.contains("…"), "nothing is cut")
        let ids = lines.filter { $0.hasPrefix("objectID ") }.map {
            $0.split(separator: "│").last?.trimmingCharacters(in: .whitespaces)
        }
        #expect(ids == ["Recipe/p1", "Recipe/p2", "Recipe/p3"])
    }

    @Test func csvKeepsNewlinesInsideQuotedFieldsAsJSONDoes() throws {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(InspectFixtures.recipes)
        let csv = try fixtures.inspect([InspectFixtures.recipes, "rows", "Recipe", "--csv"])
        #expect(csv.status == 0, "\(csv.standardError)")
        #expect(!csv.standardOutput.contains("␊"))
        let json = try fixtures.inspect([InspectFixtures.recipes, "rows", "Recipe", "--json"])
        let objects = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        let instructions = try #require(objects.first?["instructions"] as? String)
        #expect(instructions.contains("\n"))
        // The first record's field, quoted, with its real line breaks.
        #expect(csv.standardOutput.contains(",\"" + instructions.replacingOccurrences(of: "\"", with: "\"\"") + "\","))
    }

    @Test func machineReadableFormatsKeepTabsAndLineBreaksButNeverAnEscape() throws {
        let fixtures = try InspectFixtures()
        try fixtures.makeDatabase(
            "odd.db",
            [
                "CREATE TABLE t (v TEXT)", "INSERT INTO t VALUES ('a\tb\r\nc\u{1B}[31mred')",
            ])
        let csv = try fixtures.inspect(["odd.db", "shell", "--csv"], input: "SELECT v FROM t;\n")
        #expect(csv.standardOutput == "v\r\n\"a\tb\r\nc␛[31mred\"\r\n", "\(csv.standardOutput.debugDescription)")
        let json = try fixtures.inspect(["odd.db", "shell", "--json"], input: "SELECT v FROM t;\n")
        #expect(json.standardOutput.contains(#""v":"a\tb\r\nc\u001b[31mred""#), "\(json.standardOutput)")
        // Only the human views show the stand-ins.
        let table = try fixtures.inspect(["odd.db", "shell", "--table"], input: "SELECT v FROM t;\n")
        #expect(table.standardOutput.contains("a b␍␊c␛[31mred"), "\(table.standardOutput)")
    }

    @Test func aNarrowWidthIsHonouredWhenNothingKeptStandsInTheWay() throws {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(InspectFixtures.recipes)
        for width in [30, 40] {
            let outcome = try fixtures.inspect([InspectFixtures.recipes, "tables", "--table", "--width", String(width)])
            #expect(outcome.status == 0, "\(outcome.standardError)")
            let widest = outcome.standardOutput.split(separator: "\n").map(\.count).max() ?? 0
            #expect(widest <= width, "\(outcome.standardOutput)")
        }
    }

    @Test func aShellQueryWidensItsColumnForALaterWiderRowInsteadOfCuttingIt() throws {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(InspectFixtures.recipes)
        // The shell draws its table after 256 rows (a query may never end); p1000 comes later.
        let query =
            "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 1000) "
            + "SELECT 'Page/p' || x AS id FROM c;\n"
        let outcome = try fixtures.inspect([InspectFixtures.recipes, "shell", "--table"], input: query)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let lines = outcome.standardOutput.split(separator: "\n")
        #expect(!lines.contains { $0.contains("…") })
        #expect(lines.contains("│ Page/p999 │"), "drawn 9 wide, from the first 256 rows")
        #expect(lines.contains("│ Page/p1000 │"))
        // The wider column starts below a rule.
        #expect(lines.filter { $0.hasPrefix("├") }.count == 2)
    }

    @Test func summaryJSONListsTheModelVersionIdentifiers() throws {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(InspectFixtures.bookmarks)
        let outcome = try fixtures.inspect([InspectFixtures.bookmarks, "--json"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        let store = try #require(object["store"] as? [String: Any])
        #expect(store["model version identifiers"] as? [String] == [""])
        #expect(store["framework version"] as? Int == 1333)
    }
}
