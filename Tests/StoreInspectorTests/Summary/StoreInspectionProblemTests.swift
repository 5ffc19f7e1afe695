import Foundation
import SQLite
import TestSupport
import Testing

@testable import StoreInspector

/// Damaged Core Data tables, each made in the test on a copy of a real store: the problem is one
/// plain sentence saying what is wrong, never a Foundation error dump or a wrong diagnosis.
@Suite struct StoreInspectionProblemTests {
    /// A copy of the Recipes store after `statements` ran on it.
    private func damagedRecipes(_ scratch: ScratchDirectory, _ statements: [String]) throws -> String {
        let path = try scratch.copyCorpusStore(Corpus.recipes)
        let database = try Database(path: path)
        for statement in statements { try database.execute(statement) }
        database.close()
        return path
    }

    @Test func aMetadataTableWithoutARowIsAProblem() throws {
        let scratch = try ScratchDirectory()
        let inspection = try StoreInspection(path: try damagedRecipes(scratch, ["DELETE FROM Z_METADATA"]))
        defer { inspection.close() }
        #expect(inspection.metadata == nil)
        #expect(inspection.isCoreDataStore)
        #expect(inspection.problems.contains(StoreMetadata.missingRowProblem))
        #expect(StoreMetadata.missingRowProblem.hasPrefix("Z_METADATA has no row"))
    }

    @Test func aNullPlistIsSaidToBeNullNotAnEmptyTable() throws {
        let scratch = try ScratchDirectory()
        let path = try damagedRecipes(scratch, ["UPDATE Z_METADATA SET Z_PLIST = NULL"])
        let inspection = try StoreInspection(path: path)
        defer { inspection.close() }
        let problem = try #require(inspection.metadata?.plistProblem)
        #expect(problem.hasPrefix("Z_METADATA.Z_PLIST is NULL"))
        #expect(inspection.problems.contains(problem))
        // The fetch through ObjectGraph says the same instead of what the coordinator makes of it.
        #expect {
            _ = try ObjectFetch(entityName: "Recipe").run(on: inspection)
        } throws: { error in
            guard case .fetchFailed(let detail) = error as? FetchError else { return false }
            return detail.hasPrefix("Z_METADATA.Z_PLIST is NULL") && !detail.contains("empty Z_METADATA table")
        }
    }

    @Test func aPlistThatIsNotOneIsOnePlainSentence() throws {
        let scratch = try ScratchDirectory()
        // A binary plist's magic and nothing after it: Foundation's own error is an NSError dump.
        let inspection = try StoreInspection(
            path: try damagedRecipes(scratch, ["UPDATE Z_METADATA SET Z_PLIST = X'62706C6973743030FF'"]))
        defer { inspection.close() }
        let problem = try #require(inspection.metadata?.plistProblem)
        #expect(
            problem == "Z_METADATA.Z_PLIST is not a property list (9 bytes starting 62 70 6c 69 73 74 30 30), "
                + "so the store's metadata cannot be read")
        #expect(!problem.contains("Error Domain"))
    }

    @Test func aPlistThatIsNotADictionaryIsAProblem() throws {
        let scratch = try ScratchDirectory()
        // A binary property list holding the string "hello", not the dictionary Core Data writes.
        let plist =
            "62706C6973743030" + "5568656C6C6F" + "08" + "00000000000001010000000000000001"
            + "0000000000000000000000000000000E"
        let path = try damagedRecipes(scratch, ["UPDATE Z_METADATA SET Z_PLIST = X'\(plist)'"])
        let inspection = try StoreInspection(path: path)
        defer { inspection.close() }
        #expect(
            inspection.metadata?.plistProblem
                == "Z_METADATA.Z_PLIST holds a string, not the dictionary of metadata Core Data writes")
    }

    @Test func aModelCacheHoldingTextIsSaidNotToBeAModelCache() throws {
        let scratch = try ScratchDirectory()
        let path = try damagedRecipes(scratch, ["UPDATE Z_MODELCACHE SET Z_CONTENT = 'hello'"])
        let inspection = try StoreInspection(path: path)
        defer { inspection.close() }
        #expect(
            inspection.problems.contains(
                "Z_MODELCACHE.Z_CONTENT holds text, not a model cache (compressed data); the model was inferred instead"
            ))
        #expect(!inspection.problems.contains { $0.contains("is empty") })
    }

    @Test func aModelCacheOfOtherBytesIsNotAModelCacheCoreDataWrote() throws {
        let scratch = try ScratchDirectory()
        let path = try damagedRecipes(scratch, ["UPDATE Z_MODELCACHE SET Z_CONTENT = X'68656C6C6F'"])
        let inspection = try StoreInspection(path: path)
        defer { inspection.close() }
        #expect(
            inspection.problems.contains {
                $0.hasPrefix("Z_MODELCACHE.Z_CONTENT is not a model cache Core Data wrote")
            })
    }

    @Test func anEmptyOrMissingModelCacheIsSaidExactly() throws {
        let scratch = try ScratchDirectory()
        let inspection = try StoreInspection(path: try damagedRecipes(scratch, ["DELETE FROM Z_MODELCACHE"]))
        defer { inspection.close() }
        #expect(inspection.problems.contains("Z_MODELCACHE has no row; the model was inferred instead"))
    }

    @Test func anSQLiteFileWithoutCoreDatasTablesNamesTheMissingOnes() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.url.appendingPathComponent("plain.sqlite").path
        let database = try Database(path: path)
        try database.execute("CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR, Z_PLIST BLOB)")
        database.close()
        let inspection = try StoreInspection(path: path)
        defer { inspection.close() }
        #expect(inspection.missingCoreDataTables == ["Z_PRIMARYKEY"])
        #expect(!inspection.isCoreDataStore)
        #expect(throws: InspectorError.notCoreData(path: path, missingTables: ["Z_PRIMARYKEY"])) {
            try inspection.requireCoreDataStore()
        }
        #expect(
            InspectorError.notCoreData(path: path, missingTables: ["Z_PRIMARYKEY", "Z_METADATA"]).message
                == "not a Core Data store: it has no Z_PRIMARYKEY and Z_METADATA tables")
    }
}
