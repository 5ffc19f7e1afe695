import Foundation
import TestSupport
import Testing

/// At 80 and 50 columns, `rows` and `fetch` switch to one record per block when a table would not
/// fit (psql's `\\x auto`), and keep every value whole: wrapped, never cut.
@Suite struct InspectWidthTests {
    /// The value lines of each record joined back together (with a space where they wrapped), by
    /// column name.
    private static func records(_ text: String) -> [[String: String]] {
        var result: [[String: String]] = []
        var current: [String: String] = [:]
        var key = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("-[ RECORD ") {
                if !current.isEmpty { result.append(current) }
                current = [:]
                continue
            }
            guard let bar = line.range(of: " │ ") else { continue }
            let name = line[..<bar.lowerBound].trimmingCharacters(in: .whitespaces)
            let piece = String(line[bar.upperBound...])
            if name.isEmpty {
                // A continuation: the line broke at a space, which is not shown.
                current[key, default: ""] += " " + piece
            } else {
                key = name
                current[key] = piece
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    @Test(arguments: ["80", "50"], [["rows", "Recipe"], ["fetch", "Recipe"]])
    func aWideListingBecomesWholeRecords(columns: String, command: [String]) throws {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(InspectFixtures.recipes)
        let outcome = try fixtures.inspect(
            [InspectFixtures.recipes] + command + ["--table"], environment: ["COLUMNS": columns])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let width = try #require(Int(columns))
        // The fetch's SQL trace keeps Core Data's own one-line format; the listing fits.
        let lines = outcome.standardOutput.split(separator: "\n").filter { !$0.hasPrefix("CoreData: ") }
        #expect(lines.allSatisfy { $0.count <= width }, "\(lines.filter { $0.count > width })")
        let records = Self.records(outcome.standardOutput)
        #expect(records.compactMap { $0["objectID"] } == ["Recipe/p1", "Recipe/p2", "Recipe/p3"])
        let json = try fixtures.inspect([InspectFixtures.recipes, "rows", "Recipe", "--json"])
        let objects = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        let instructions = try #require(objects.first?["instructions"] as? String)
        // The whole text, its line breaks shown as ␊ on the terminal; only the spaces where a line
        // wraps are not shown.
        let shown = records.first?["instructions"]?.filter { $0 != " " }
        #expect(shown == instructions.replacingOccurrences(of: "\n", with: "␊").filter { $0 != " " })
    }

    @Test(arguments: ["80", "50"])
    func diffDifferencesWrapAndAreNeverCut(columns: String) throws {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore("alemar11__CoreDataPlus__SampleModel_V1.sqlite")
        let model = try Data(contentsOf: Fixtures.model("alemar11__CoreDataPlus__SampleModel2.contents"))
        try fixtures.write("SampleModel2.contents", model)
        let outcome = try fixtures.inspect(
            [
                "alemar11__CoreDataPlus__SampleModel_V1.sqlite", "diff", "--expected", "SampleModel2.contents",
                "--table",
            ],
            environment: ["COLUMNS": columns])
        #expect(outcome.status == 1)
        let width = try #require(Int(columns))
        #expect(outcome.standardOutput.split(separator: "\n").allSatisfy { $0.count <= width })
        #expect(!outcome.standardOutput.contains("…"))
        let differences = Self.records(outcome.standardOutput).compactMap { $0["difference"] }
        #expect(differences.contains { $0.contains("renamed: the store calls it ExpensiveSportCar") }, "\(differences)")
    }

    @Test func aNarrowListingThatFitsStaysATable() throws {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(InspectFixtures.recipes)
        let outcome = try fixtures.inspect(
            [InspectFixtures.recipes, "rows", "RecipeType", "--table"], environment: ["COLUMNS": "50"])
        #expect(outcome.standardOutput.hasPrefix("┌"))
        #expect(!outcome.standardOutput.contains("-[ RECORD"))
    }

    @Test(.enabled(if: TmuxSession.isAvailable, "needs tmux (make deps installs it)"))
    func onAFiftyColumnTerminalRowsAreRecords() throws {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(InspectFixtures.recipes)
        let binary = ProductRunner.binDirectory.appendingPathComponent("companion").path
        let command =
            "env TMPDIR=\(TmuxSession.quoted(fixtures.temporary.path)) NO_COLOR=1 TERM=xterm PAGER=cat "
            + "\(TmuxSession.quoted(binary)) inspect \(InspectFixtures.recipes) rows RecipeType --limit 1 "
            + "| cat; \(TmuxSession.quoted(binary)) inspect \(InspectFixtures.recipes) rows Ingredient --limit 2"
        let terminal = try TmuxSession(command: command, directory: fixtures.path, columns: 50)
        defer { terminal.close() }
        try terminal.start()
        #expect(terminal.waitFor("SHELL-EXITED-0", after: terminal.mark))
        let screen = try terminal.capture()
        #expect(screen.contains("-[ RECORD 2 ]"), "\(screen)")
        #expect(screen.split(separator: "\n").allSatisfy { $0.count <= 50 })
    }
}
