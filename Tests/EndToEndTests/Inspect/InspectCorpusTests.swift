import Foundation
import TestSupport
import Testing

/// Every subcommand on a copy of every corpus store: nothing crashes, nothing is written beside
/// the store, and the copy's bytes are exactly what they were.
@Suite struct InspectCorpusTests {
    static let subcommands: [[String]] = [
        ["summary"], ["schema"], ["schema", "--indent"], ["tables"], ["indexes"], ["metadata"], ["model"], ["check"],
        ["history"], ["summary", "--json"], ["tables", "--csv"], ["tables", "--line"], ["tables", "--table"],
    ]

    @Test(arguments: InspectFixtures.storeNames)
    func everySubcommandLeavesTheStoreByteIdenticalWithNoNewFiles(store: String) throws {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(store, into: "store")
        let before = try fixtures.snapshot("store")
        let path = "store/" + store
        var runs = Self.subcommands.map { [path] + $0 }
        let entities = try fixtures.inspect([path, "summary", "--json"]).standardOutput
        for name in Self.entityNames(inSummaryJSON: entities) {
            runs.append([path, "rows", name, "--limit", "5"])
        }
        runs.append([path, "shell"])
        for arguments in runs {
            let outcome = try fixtures.inspect(arguments, input: "SELECT count(*) FROM sqlite_master;\n.tables\n")
            #expect(outcome.status == 0 || outcome.status == 1, "\(arguments): \(outcome.standardError)")
            #expect(!outcome.standardOutput.isEmpty, "\(arguments) printed nothing")
            #expect(!outcome.standardOutput.contains("\u{1B}"), "\(arguments) printed an escape")
        }
        #expect(try fixtures.snapshot("store") == before)
        #expect(try fixtures.leftoversInTemporaryDirectory() == [])
    }

    /// The entity names of a `summary --json` report.
    static func entityNames(inSummaryJSON text: String) -> [String] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
            let entities = object["entities"] as? [[String: Any]]
        else { return [] }
        return entities.compactMap { $0["entity"] as? String }
    }

    @Test func summaryOfTheRecipesStoreMatchesItsGoldenFile() throws {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(InspectFixtures.recipes)
        let outcome = try fixtures.inspect([InspectFixtures.recipes, "--markdown"])
        #expect(outcome.status == 0)
        try Golden.assert(outcome.standardOutput, matches: "recipes-summary.md")
    }

    @Test func rowsShowObjectsWithReadableValuesAndMatchTheGoldenFile() throws {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(InspectFixtures.recipes)
        let outcome = try fixtures.inspect([InspectFixtures.recipes, "rows", "Recipe", "--markdown"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains("| Recipe/p1 |"))
        #expect(outcome.standardOutput.contains("bytes: JPEG>"))
        #expect(outcome.standardOutput.contains("RecipeType/p2"))
        try Golden.assert(outcome.standardOutput, matches: "recipes-rows-recipe.md")
    }

    @Test func rowsFilterSortAndLimitThroughAPredicate() throws {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(InspectFixtures.recipes)
        let outcome = try fixtures.inspect([
            InspectFixtures.recipes, "rows", "Ingredient", "--where", "recipe.name == 'Recipe 2' AND displayOrder >= 1",
            "--sort", "-displayOrder", "--limit", "2", "--json",
        ])
        #expect(outcome.status == 0)
        let rows = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [[String: Any]])
        #expect(rows.count == 2)
        #expect(rows.allSatisfy { $0["recipe"] as? String == "Recipe/p2" })
        let orders = rows.compactMap { $0["displayOrder"] as? Int }
        #expect(orders == orders.sorted(by: >))
    }

    @Test func rowsWithAnUnknownKeyOrSortKeyIsOneLineNamingTheKey() throws {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(InspectFixtures.recipes)
        let predicate = try fixtures.inspect([InspectFixtures.recipes, "rows", "Recipe", "--where", "overveiw != nil"])
        #expect(predicate.status == 2)
        #expect(predicate.standardError.split(separator: "\n").count == 1, "\(predicate.standardError)")
        #expect(
            predicate.standardError.hasPrefix(
                "companion: --where: predicate \"overveiw != nil\": entity Recipe has "
                    + "no property 'overveiw'; did you mean 'overview'?"), "\(predicate.standardError)")
        #expect(predicate.standardOutput.isEmpty)
        let sort = try fixtures.inspect([InspectFixtures.recipes, "rows", "Recipe", "--sort", "flavour"])
        #expect(sort.status == 2)
        #expect(sort.standardError.hasPrefix("companion: --sort: cannot sort by 'flavour'"), "\(sort.standardError)")
        let syntax = try fixtures.inspect([InspectFixtures.recipes, "rows", "Recipe", "--where", "name == AND"])
        #expect(syntax.status == 2)
        #expect(syntax.standardError.contains("at column 9"), "\(syntax.standardError)")
    }

    @Test func storeWithoutModelCacheShowsAnInferredModelClearlyLabelled() throws {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(InspectFixtures.books)
        let outcome = try fixtures.inspect([InspectFixtures.books, "model"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains("INFERRED"))
        #expect(outcome.standardOutput.contains("entity Book"))
        let rows = try fixtures.inspect([InspectFixtures.books, "rows", "Book", "--limit", "1", "--line"])
        #expect(rows.standardOutput.contains("copyright = 1981-01-02T00:20:01Z"))
    }

    @Test func rowsKeptOnlyInTheWriteAheadLogAreCounted() throws {
        let fixtures = try InspectFixtures()
        let store = "wibosco__CoreDataMigration-Example__CoreDataMigration_Example_WAL.sqlite"
        try fixtures.copyCorpusStore(store)
        let outcome = try fixtures.inspect([store, "--json"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        let entities = try #require(object["entities"] as? [[String: Any]])
        #expect(entities.contains { $0["entity"] as? String == "Post" && ($0["rows"] as? Int ?? 0) > 0 })
    }

    @Test func historyShowsTheTransactionTimeline() throws {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(InspectFixtures.sampleModel2)
        let outcome = try fixtures.inspect([InspectFixtures.sampleModel2, "history", "--line"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains("timestamp = 2024-05-10T18:14:07.288Z"))
        #expect(outcome.standardOutput.contains("insert Page ×4970"))
        #expect(outcome.standardOutput.contains("bundle = com.apple.dt.xctest.tool"))
    }

    @Test func diffAgainstTheMatchingModelIsCleanAndAgainstVersionTwoExplainsTheChanges() throws {
        let fixtures = try InspectFixtures()
        let store = "alemar11__CoreDataPlus__SampleModel_V1.sqlite"
        try fixtures.copyCorpusStore(store)
        let models = InspectFixtures.corpus.appendingPathComponent("models")
        let same = try fixtures.inspect([
            store, "diff", "--expected",
            models.appendingPathComponent("alemar11__CoreDataPlus__SampleModel.contents").path,
        ])
        #expect(same.status == 0, "\(same.standardOutput)")
        #expect(same.standardOutput.contains("compatible"))
        let other = try fixtures.inspect([
            store, "diff", "--line", "--expected",
            models.appendingPathComponent("alemar11__CoreDataPlus__SampleModel2.contents").path,
        ])
        #expect(other.status == 1)
        #expect(other.standardOutput.contains("incompatible"))
        #expect(other.standardOutput.contains("entity = LuxuryCar"))
        #expect(other.standardOutput.contains("renamed: the store calls it ExpensiveSportCar"))
    }
}
