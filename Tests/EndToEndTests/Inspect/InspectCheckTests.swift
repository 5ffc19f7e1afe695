import Foundation
import SQLite
import Testing

/// `check` on a copy of the Recipes store damaged on purpose, one fault per rule.
@Suite struct InspectCheckTests {
    @Test(arguments: InspectFixtures.storeNames)
    func checkFindsNothingInTheCorpusStoresIncludingTheRootsOfATree(name: String) throws {
        // Bookmarks_V4 keeps its folders in a tree (`parent`, cascading from `children`): the root
        // folders have no parent by design and are not orphans.
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(name)
        let outcome = try fixtures.inspect([name, "check", "--json"])
        #expect(outcome.status == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("\"findings\":[]"))
    }


    @Test func everyKindOfDamageIsFoundAndNamesEntityObjectAndKey() throws {
        let fixtures = try InspectFixtures()
        let store = try fixtures.copyCorpusStore(InspectFixtures.recipes)
        let clean = try fixtures.inspect([InspectFixtures.recipes, "check"])
        #expect(clean.status == 0, "\(clean.standardOutput)")

        let database = try Database(path: store)
        for statement in [
            "UPDATE Z_PRIMARYKEY SET Z_MAX = 1 WHERE Z_NAME = 'Ingredient'",
            "UPDATE ZINGREDIENT SET ZRECIPE = 99 WHERE Z_PK = 3",
            "UPDATE ZIMAGE SET ZRECIPE = NULL WHERE Z_PK = 1",
            "UPDATE ZINGREDIENT SET ZRECIPE = NULL WHERE Z_PK = 4",
            "UPDATE ZRECIPETYPE SET Z_ENT = 7 WHERE Z_PK = 2",
            "UPDATE ZRECIPE SET ZIMAGE = 3 WHERE Z_PK = 2",
        ] {
            try database.execute(statement)
        }
        database.close()

        let outcome = try fixtures.inspect([InspectFixtures.recipes, "check", "--json"])
        #expect(outcome.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        let findings = try #require(report["findings"] as? [[String: Any]])
        func has(_ kind: String, _ object: String, _ key: String) -> Bool {
            findings.contains { $0["kind"] as? String == kind && $0["object"] as? String == object && $0["key"] as? String == key }
        }
        #expect(has("Z_MAX below highest Z_PK", "ZINGREDIENT", "Z_MAX"))
        #expect(has("dangling to-one reference", "Ingredient/p3", "recipe"))
        #expect(has("required value is NULL", "Image/p1", "recipe"))
        #expect(has("orphan a cascade rule would have deleted", "Ingredient/p4", "recipe"))
        #expect(has("Z_ENT outside the entity's family", "RecipeType/p2", "Z_ENT"))
        // Recipe/p2.image now points at Image/p3 (whose recipe is Recipe/p3), and Image/p2.recipe still
        // points at Recipe/p2: both sides of the one-to-one disagree.
        #expect(has("inverse relationships disagree", "Recipe/p2", "image"), "\(findings)")
        #expect(has("inverse relationships disagree", "Image/p2", "recipe"), "\(findings)")
    }
}
