import Foundation
import ObjectGraph
import TestSupport
import Testing

/// `companion inspect STORE fetch ENTITY`: the fetch run through ObjectGraph on a copy of the
/// store, showing the SQL trace and the objects, and never touching the user's files.
@Suite struct InspectFetchTests {
    private let recipes = InspectFixtures.recipes

    /// Runs `fetch` on a fresh copy of the Recipes store and checks that the copy's files are
    /// byte-identical afterwards and that no private copy was left behind.
    private func fetch(_ arguments: [String], store: String = InspectFixtures.recipes) throws -> ProcessOutcome {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(store)
        let before = try fixtures.snapshot()
        let outcome = try fixtures.inspect([store, "fetch"] + arguments)
        #expect(try fixtures.snapshot() == before, "the store's files changed")
        #expect(try fixtures.leftoversInTemporaryDirectory() == [])
        return outcome
    }

    /// The lines of the SQL section that are statements.
    private func statements(_ output: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("CoreData: sql: ") }
    }

    /// The object IDs of a markdown listing, in order.
    private func objectIDs(_ output: String) -> [String] {
        output.split(separator: "\n").compactMap { line -> String? in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let first = cells.first, first.contains("/p") else { return nil }
            return first
        }
    }

    @Test func showsTheSelectOnTheEntitysTableWithAliasT0() throws {
        let outcome = try fetch(["Recipe", "--format", "markdown"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.hasPrefix("## SQL\n\n```text\n"))
        let sql = statements(outcome.standardOutput)
        #expect(sql.count == 1, "\(outcome.standardOutput)")
        #expect(sql.first?.hasPrefix("CoreData: sql: SELECT ") == true)
        #expect(sql.first?.contains(" FROM ZRECIPE t0") == true)
        #expect(outcome.standardOutput.contains("CoreData: annotation: total fetch execution time: "))
        #expect(outcome.standardOutput.contains("for 3 rows."))
        #expect(outcome.standardOutput.contains("## Result"))
        #expect(objectIDs(outcome.standardOutput) == ["Recipe/p1", "Recipe/p2", "Recipe/p3"])
        #expect(outcome.standardOutput.hasSuffix("(3 objects)\n"))
    }

    @Test func whereFiltersToExactlyTheMatchingObjects() throws {
        let outcome = try fetch(["Recipe", "--where", "name == 'Recipe 2'", "--format", "markdown"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(objectIDs(outcome.standardOutput) == ["Recipe/p2"])
        #expect(outcome.standardOutput.contains("| Recipe/p2 |"))
        #expect(outcome.standardOutput.contains("10 min"))
        #expect(outcome.standardOutput.contains("RecipeType/p3"))
        #expect(outcome.standardOutput.hasSuffix("(1 object)\n"))
        #expect(statements(outcome.standardOutput).first?.contains("WHERE") == true)
    }

    @Test func whereThroughARelationshipWithSortAndLimit() throws {
        let outcome = try fetch([
            "Ingredient", "--where", "recipe.name == 'Recipe 1'", "--sort", "-name,amount", "--limit", "3",
            "--format", "markdown",
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        // Recipe 1's ingredients are Ingredient 1…7 (p1…p7); by name descending: 7, 6, 5.
        #expect(objectIDs(outcome.standardOutput) == ["Ingredient/p4", "Ingredient/p7", "Ingredient/p2"])
        let sql = statements(outcome.standardOutput).first ?? ""
        #expect(sql.contains("ORDER BY"), "\(sql)")
        #expect(sql.contains("LIMIT 3"), "\(sql)")
    }

    @Test func sqlDebugThreeShowsTheBoundValues() throws {
        let outcome = try fetch(["Recipe", "--where", "name == 'Recipe 3'", "--sql-debug", "3", "--format", "markdown"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("CoreData: details: SQLite bind[0] = \"Recipe 3\""))
        #expect(objectIDs(outcome.standardOutput) == ["Recipe/p3"])
    }

    @Test func sqlDebugOneShowsNoBoundValues() throws {
        let outcome = try fetch(["Recipe", "--where", "name == 'Recipe 3'", "--format", "markdown"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(!outcome.standardOutput.contains("SQLite bind["))
    }

    @Test func jsonKeepsStandardOutputParseableAndTracesToStandardError() throws {
        let outcome = try fetch(["RecipeType", "--sort", "name", "--json"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let parsed = try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [[String: Any]]
        #expect(parsed?.map { $0["name"] as? String } == ["Bread", "Dessert", "Entrée", "Snack"])
        #expect(outcome.standardError.contains("CoreData: sql: SELECT "))
        #expect(outcome.standardError.contains(" FROM ZRECIPETYPE t0"))
    }

    @Test func badPredicateIsOneLineNamingTheColumnWithExitOne() throws {
        let outcome = try fetch(["Recipe", "--where", "name == AND"])
        #expect(outcome.status == 1)
        let lines = outcome.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(outcome.standardError)")
        #expect(outcome.standardError.hasPrefix("companion: "))
        #expect(outcome.standardError.contains(InspectFixtures.recipes + ": --where: invalid predicate"))
        #expect(outcome.standardError.contains("\"name == AND\""))
        #expect(outcome.standardError.contains("at column 9"))
        #expect(outcome.standardOutput.isEmpty)
    }

    @Test func predicateOnAnUnknownKeyNamesTheKey() throws {
        let outcome = try fetch(["Recipe", "--where", "colour == 'red'"])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.split(separator: "\n").count == 1, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("colour"))
    }

    @Test func unknownEntityListsTheEntitiesAsAUsageErrorLikeRows() throws {
        let outcome = try fetch(["Dessert"])
        #expect(outcome.status == 2)
        #expect(
            outcome.standardError == "companion: \(InspectFixtures.recipes): fetch Dessert: no such entity in this "
                + "store's model (entities: Image, Ingredient, Recipe, RecipeType)\n")
    }

    @Test func unknownSortKeyIsOneLineWithExitOne() throws {
        let outcome = try fetch(["Recipe", "--sort", "flavour"])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.split(separator: "\n").count == 1, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("flavour"))
        #expect(!outcome.standardError.contains("companion-inspect."), "the private copy's path leaked")
    }

    @Test func anInferredModelIsSaidInOneLineAndStillFetches() throws {
        let outcome = try fetch(
            ["Book", "--sort", "-title", "--limit", "2", "--format", "markdown"], store: InspectFixtures.books)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let notes = outcome.standardOutput.split(separator: "\n").filter {
            $0.hasPrefix("note: the model was inferred")
        }
        #expect(notes.count == 1, "\(outcome.standardOutput)")
        #expect(
            statements(outcome.standardOutput).first?.contains(" FROM ZBOOK t0 ORDER BY t0.ZTITLE DESC LIMIT 2") == true
        )
        #expect(outcome.standardOutput.contains("| Book/p21 | Richard Dawkins |"))
        #expect(outcome.standardOutput.contains("| Book/p16 | P. G. Wodehouse |"))
        #expect(objectIDs(outcome.standardOutput) == ["Book/p21", "Book/p16"])
    }

    @Test func aModelThatDoesNotMatchTheStoreIsOneLineWithExitOne() throws {
        let model = ProductRunner.packageRoot.appendingPathComponent("Samples/Theater/Theater.xcdatamodeld").path
        let outcome = try fetch(["Movie", "--model", model])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.split(separator: "\n").count == 1, "\(outcome.standardError)")
        #expect(outcome.standardError.hasPrefix("companion: \(InspectFixtures.recipes): model mismatch: "))
        #expect(!outcome.standardError.contains("companion-inspect."), "the private copy's path leaked")
    }

    @Test func missingEntityArgumentIsAUsageError() throws {
        let outcome = try fetch([])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("fetch ENTITY"))
    }

    @Test func theShellRunsFetchAsADotCommand() throws {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(recipes)
        let outcome = try fixtures.inspect(
            [recipes, "shell", "--format", "markdown"], input: ".fetch RecipeType --where \"name BEGINSWITH 'D'\"\n")
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("FROM ZRECIPETYPE t0"))
        #expect(objectIDs(outcome.standardOutput) == ["RecipeType/p2"])
        #expect(try fixtures.leftoversInTemporaryDirectory() == [])
    }

    @Test func helpListsFetch() throws {
        let outcome = try ProductRunner.run("companion", ["inspect", "--help"])
        #expect(outcome.standardOutput.contains("fetch ENTITY") || outcome.standardError.contains("fetch ENTITY"))
    }

    /// The theater lecture leaves its store empty (the last step deletes the theater, cascading),
    /// so two theaters and three movies are saved into it with the sample's own model.
    private func fillTheaterStore(_ path: String) throws {
        let modelURL = ProductRunner.packageRoot.appendingPathComponent("Samples/Theater/Theater.xcdatamodeld")
        let container = PersistentContainer(
            name: "Theater", managedObjectModel: try ManagedObjectModel(contentsOf: modelURL))
        try container.loadPersistentStore(
            at: URL(fileURLWithPath: path), options: [SQLiteStore.Options.debugLogKey: SQLDebugLog(level: 0)])
        let context = container.viewContext
        try context.performAndWait {
            let odeon = try context.insertNewObject(forEntityName: "Theater")
            odeon["name"] = "Odeon"
            let rex = try context.insertNewObject(forEntityName: "Theater")
            rex["name"] = "Rex"
            for (name, theater) in [("Alien", odeon), ("Brazil", rex), ("Casablanca", odeon)] {
                let movie = try context.insertNewObject(forEntityName: "Movie")
                movie["name"] = name
                movie["theater"] = theater
            }
            try context.save()
        }
        for store in container.persistentStoreCoordinator.persistentStores { (store as? SQLiteStore)?.close() }
    }

    @Test func fetchesFromAStoreMadeByTheTheaterSample() throws {
        let fixtures = try InspectFixtures()
        let store = fixtures.path + "/Theater.sqlite"
        let made = try ProductRunner.run(
            "theater", ["--store", store], environment: ["SQLDEBUG": ""], directory: fixtures.url)
        #expect(made.status == 0, "theater: \(made.standardError)")
        try fillTheaterStore(store)
        let before = try fixtures.snapshot()
        let outcome = try fixtures.inspect([
            "Theater.sqlite", "fetch", "Movie", "--where", "theater.name == 'Odeon'",
            "--sort", "-name", "--sql-debug", "3", "--format", "markdown",
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let sql = statements(outcome.standardOutput)
        #expect(sql.count == 1, "\(outcome.standardOutput)")
        #expect(sql.first?.hasPrefix("CoreData: sql: SELECT ") == true)
        #expect(sql.first?.contains(" FROM ZMOVIE t0") == true)
        #expect(outcome.standardOutput.contains("CoreData: details: SQLite bind[0] = \"Odeon\""))
        #expect(outcome.standardOutput.contains("| Casablanca |"))
        #expect(outcome.standardOutput.contains("| Alien |"))
        #expect(!outcome.standardOutput.contains("Brazil"))
        let ids = objectIDs(outcome.standardOutput)
        #expect(ids.count == 2 && ids.allSatisfy { $0.hasPrefix("Movie/p") }, "\(ids)")
        #expect(try fixtures.snapshot() == before, "the store's files changed")
        #expect(try fixtures.leftoversInTemporaryDirectory() == [])
    }
}
