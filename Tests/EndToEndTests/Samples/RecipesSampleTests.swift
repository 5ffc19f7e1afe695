import Foundation
import TestSupport
import Testing

/// The Recipes sample: a copy of its preloaded store, and a copy of a store Apple's Core Data wrote.
@Suite struct RecipesSampleTests {
    static let appleStore = "alhoqbani__AppleSample-iPhoneCoreDataRecipes__Recipes.sqlite"

    @Test func thePreloadedStoreIsReadFromACopyAndMatchesTheGoldenFile() throws {
        let outcome = try ProductRunner.run("recipes", environment: ["SQLDEBUG": ""])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardError.isEmpty)
        try Golden.assert(outcome.standardOutput, matches: "recipes.txt")
    }

    @Test func aStoreAppleMadeShowsItsRecipesTypesOrderedIngredientsAndImages() throws {
        let folder = try ScratchDirectory.makeFolder(prefix: "recipes-apple")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try Fixtures.copyStore(Self.appleStore, into: folder)
        let before = try Data(contentsOf: store)
        let outcome = try ProductRunner.run("recipes", ["--store", store.path], environment: ["SQLDEBUG": ""])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        try Golden.assert(
            outcome.standardOutput.replacingOccurrences(of: folder.path, with: "<DIR>"),
            matches: "recipes-apple-store.txt")
        #expect(outcome.standardOutput.contains("Recipe 1 · Dessert · 5 min"))
        #expect(outcome.standardOutput.contains("  1. Ingredient 1 (2 packages)"))
        #expect(outcome.standardOutput.contains("thumbnail (transformable, in the recipe's row): JPEG"))
        // A copy is read: the original's bytes are the same, and no -wal or -shm appeared beside it.
        #expect(try Data(contentsOf: store) == before)
        #expect(!FileManager.default.fileExists(atPath: store.path + "-wal"))
    }
}
