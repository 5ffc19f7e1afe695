import Foundation
import SQLite
import TestSupport
import Testing

@testable import StoreInspector

/// The consistency check, run in process on copies of the Recipes store, each damaged in one way
/// with SQL: one rule per kind of damage, each finding naming the entity, the object and the key.
@Suite struct ConsistencyCheckerTests {
    /// The findings on a copy of the Recipes store after `statements` ran on it.
    private func findings(afterRunning statements: [String]) throws -> [Finding] {
        let scratch = try ScratchDirectory()
        let path = try scratch.copyCorpusStore(Corpus.recipes)
        let database = try Database(path: path)
        for statement in statements { try database.execute(statement) }
        database.close()
        let inspection = try StoreInspection(path: path)
        defer { inspection.close() }
        return try ConsistencyChecker.check(inspection)
    }

    @Test func theUndamagedRecipesStoreHasNoFindings() throws {
        #expect(try findings(afterRunning: []) == [])
    }

    @Test func aZMaxBelowTheHighestPrimaryKeyIsReportedForTheWholeTable() throws {
        let found = try findings(afterRunning: ["UPDATE Z_PRIMARYKEY SET Z_MAX = 1 WHERE Z_NAME = 'Ingredient'"])
        #expect(
            found == [
                Finding(
                    kind: .primaryKeyAboveMaximum, entity: "Ingredient", object: "ZINGREDIENT", key: "Z_MAX",
                    message: "Z_PRIMARYKEY.Z_MAX is 1 but ZINGREDIENT holds Z_PK 19: the next insert would reuse a key")
            ])
    }

    @Test func aToOneNamingAMissingRowIsADanglingReference() throws {
        let found = try findings(afterRunning: ["UPDATE ZINGREDIENT SET ZRECIPE = 99 WHERE Z_PK = 3"])
        #expect(
            found.filter { $0.kind == .danglingToOne } == [
                Finding(
                    kind: .danglingToOne, entity: "Ingredient", object: "Ingredient/p3", key: "recipe",
                    message: "recipe points to Recipe/p99, which does not exist")
            ])
    }

    @Test func anEntityNumberOutsideTheEntitysFamilyIsFound() throws {
        let found = try findings(afterRunning: ["UPDATE ZRECIPETYPE SET Z_ENT = 7 WHERE Z_PK = 2"])
        #expect(
            found.filter { $0.kind == .entityNumberOutsideFamily } == [
                Finding(
                    kind: .entityNumberOutsideFamily, entity: "RecipeType", object: "RecipeType/p2", key: "Z_ENT",
                    message: "row of ZRECIPETYPE has Z_ENT 7, which is not RecipeType or one of its sub-entities")
            ])
    }

    @Test func aNullRequiredToOneIsAMissingRequiredValue() throws {
        let found = try findings(afterRunning: ["UPDATE ZIMAGE SET ZRECIPE = NULL WHERE Z_PK = 1"])
        #expect(
            found.filter { $0.kind == .missingRequiredValue } == [
                Finding(
                    kind: .missingRequiredValue, entity: "Image", object: "Image/p1", key: "recipe",
                    message: "recipe is required (not optional) in the model but is NULL")
            ])
    }

    @Test func anIngredientWithoutItsCascadingRecipeIsAnOrphan() throws {
        let found = try findings(afterRunning: ["UPDATE ZINGREDIENT SET ZRECIPE = NULL WHERE Z_PK = 4"])
        #expect(
            found.filter { $0.kind == .cascadeOrphan } == [
                Finding(
                    kind: .cascadeOrphan, entity: "Ingredient", object: "Ingredient/p4", key: "recipe",
                    message: "has no recipe, but Recipe.ingredients cascades: deleting its Recipe would have deleted "
                        + "it too (was the row left behind by a direct SQL delete?)")
            ])
    }

    @Test func aOneToOneWhoseSidesPointElsewhereIsReportedFromBothSides() throws {
        // Recipe/p2.image now names Image/p3, whose recipe is Recipe/p3; Image/p2 still names Recipe/p2.
        let found = try findings(afterRunning: ["UPDATE ZRECIPE SET ZIMAGE = 3 WHERE Z_PK = 2"])
        let disagreements = found.filter { $0.kind == .inverseDisagreement }
        #expect(disagreements.map(\.object) == ["Image/p2", "Recipe/p2"])
        #expect(disagreements.map(\.key) == ["recipe", "image"])
        #expect(disagreements.last?.message == "image points to Image/p3, whose recipe points to Recipe/p3")
    }
}
