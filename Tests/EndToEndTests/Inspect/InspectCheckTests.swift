import Foundation
import SQLite
import TestSupport
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

    /// Bookmarks_V4 checked with its own model made stricter by `edits`: the findings of kind
    /// "relationship count outside min/max".
    private func countFindings(_ edits: [(String, String)]) throws -> [[String: Any]] {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(InspectFixtures.bookmarks)
        let modelURL = InspectFixtures.corpus.appendingPathComponent(
            "models/duckduckgo__BrowserServicesKit__BookmarksModel_4.contents")
        var model = try String(contentsOf: modelURL, encoding: .utf8)
        for (old, new) in edits {
            let edited = model.replacingOccurrences(of: old, with: new)
            #expect(edited != model, "\(old) is not in the model")
            model = edited
        }
        try fixtures.write("Strict.contents", Data(model.utf8))
        let outcome = try fixtures.inspect([InspectFixtures.bookmarks, "check", "--model", "Strict.contents", "--json"])
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        return try #require(report["findings"] as? [[String: Any]]).filter {
            $0["kind"] as? String == "relationship count outside min/max"
        }
    }

    @Test func anOptionalRelationshipIsCheckedOnlyWhenItHoldsObjects() throws {
        // Only BookmarkEntity/p3 has favorites (5); the empty ones are valid whatever the minimum.
        let findings = try countFindings([
            (
                #"<relationship name="favorites" optional="YES" toMany="YES""#,
                #"<relationship name="favorites" optional="YES" toMany="YES" minCount="1" maxCount="2""#
            )
        ])
        #expect(findings.map { $0["object"] as? String } == ["BookmarkEntity/p3"])
        #expect(findings.first?["finding"] as? String == "favorites has 5 objects; the model allows none or 1…2")
    }

    @Test func anEmptyRequiredToManyWithoutAMinimumIsNoFinding() throws {
        // Minimum 0 means "not set" (NSRelationshipDescription): Core Data saves the empty set.
        let findings = try countFindings([
            (#"<relationship name="favoriteFolders" optional="YES""#, #"<relationship name="favoriteFolders""#)
        ])
        #expect(findings.isEmpty, "\(findings)")
    }

    @Test func anEmptyRequiredToManyWithAMinimumIsAFinding() throws {
        let findings = try countFindings([
            (
                #"<relationship name="favoriteFolders" optional="YES""#,
                #"<relationship name="favoriteFolders" minCount="1""#
            )
        ])
        // Every bookmark outside the favorites folder has no favoriteFolders.
        #expect(!findings.isEmpty && findings.count < 10, "\(findings)")
        #expect(
            findings.allSatisfy {
                ($0["finding"] as? String)?.hasPrefix("favoriteFolders has 0 objects; the model allows 1…∞") == true
            })
    }

    @Test func joinTableRowsPointingAtMissingObjectsAreFound() throws {
        let fixtures = try InspectFixtures()
        let store = try fixtures.copyCorpusStore(InspectFixtures.bookmarks)
        let database = try Database(path: store)
        try database.execute("INSERT INTO Z_1FAVORITES VALUES (5, 999, 9)")
        database.close()
        let outcome = try fixtures.inspect([InspectFixtures.bookmarks, "check", "--csv"])
        #expect(outcome.status == 1)
        #expect(
            outcome.standardOutput.contains(
                "dangling join-table row,BookmarkEntity,BookmarkEntity/p5,favorites,"
                    + "\"Z_1FAVORITES pairs BookmarkEntity/p5 with BookmarkEntity/p999, but BookmarkEntity/p999 does not exist\""
            ))
    }

    @Test func externalStorageRecordsWithoutTheirFileAreFound() throws {
        // CoreDataBooks read with a model whose Book has an external-storage cover: one record's
        // file exists in .books_SUPPORT/_EXTERNAL_DATA, one does not, one names a path outside it.
        let fixtures = try InspectFixtures()
        let store = try fixtures.copyCorpusStore(InspectFixtures.books, as: "books.sqlite")
        let database = try Database(path: store)
        try database.execute("ALTER TABLE ZBOOK ADD COLUMN ZCOVER BLOB")
        for (key, name) in [(1, "AAAA-1111"), (11, "BBBB-2222"), (14, "../../etc/passwd")] {
            try database.execute(
                "UPDATE ZBOOK SET ZCOVER = ? WHERE Z_PK = ?",
                [.blob(Data([2] + Array(name.utf8) + [0])), .integer(Int64(key))])
        }
        database.close()
        try fixtures.write(".books_SUPPORT/_EXTERNAL_DATA/AAAA-1111", Data("cover".utf8))
        try fixtures.write(
            "Books.contents",
            Data(
                """
                <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
                <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
                    <entity name="Book" representedClassName="Book" syncable="YES">
                        <attribute name="author" optional="YES" attributeType="String"/>
                        <attribute name="copyright" optional="YES" attributeType="Date"/>
                        <attribute name="title" optional="YES" attributeType="String"/>
                        <attribute name="cover" optional="YES" attributeType="Binary" allowsExternalBinaryDataStorage="YES"/>
                    </entity>
                </model>
                """.utf8))
        let outcome = try fixtures.inspect(["books.sqlite", "check", "--model", "Books.contents", "--csv"])
        #expect(outcome.status == 1, "\(outcome.standardError)")
        let missing = try CSVDocument(outcome.standardOutput).dictionaries.filter {
            $0["kind"] == "external storage file missing"
        }
        #expect(missing.count == 2, "\(outcome.standardOutput)")
        #expect(
            missing.map { [$0["entity"], $0["object"], $0["key"]] } == [
                ["Book", "Book/p11", "cover"], ["Book", "Book/p14", "cover"],
            ])
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
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        let findings = try #require(report["findings"] as? [[String: Any]])
        func has(_ kind: String, _ object: String, _ key: String) -> Bool {
            findings.contains {
                $0["kind"] as? String == kind && $0["object"] as? String == object && $0["key"] as? String == key
            }
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
