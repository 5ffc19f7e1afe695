import Foundation
import ObjectGraph
import SQLite
import TestSupport
import Testing

@testable import StoreInspector

@Suite struct ModelCacheDecoderTests {
    static let storesWithCache = [
        Corpus.recipes, Corpus.sampleModel, Corpus.sampleModel2, Corpus.bookmarks, Corpus.migration,
    ]

    private func decodedModel(_ name: String) throws -> (ManagedObjectModel, StoreMetadata) {
        let scratch = try ScratchDirectory()
        let store = try InspectedStore(path: try scratch.copyCorpusStore(name))
        defer { store.close() }
        let blob = try #require(try store.scalar("SELECT Z_CONTENT FROM Z_MODELCACHE")?.dataValue)
        let metadata = try #require(try StoreMetadata.read(from: store))
        return (try ModelCacheDecoder.decode(compressed: blob), metadata)
    }

    @Test(arguments: storesWithCache)
    func decodedModelReproducesTheStoresVersionHashes(name: String) throws {
        let (model, metadata) = try decodedModel(name)
        let stored = Dictionary(uniqueKeysWithValues: metadata.versionHashes.map { ($0.entity, $0.hash) })
        #expect(Set(model.entities.map(\.name)) == Set(stored.keys))
        // SampleModel2's Author.books is archived with NSMaxCount -1, which Apple hashes as
        // u32(0xFFFFFFFF); the decoder passes it through unchanged so the hash still matches.
        #expect(model.entitiesDiffering(fromVersionHashes: stored) == [])
    }

    @Test func recipesCacheHasItsEntitiesRelationshipsAndRules() throws {
        let (model, _) = try decodedModel(Corpus.recipes)
        #expect(model.entities.map(\.name).sorted() == ["Image", "Ingredient", "Recipe", "RecipeType"])
        let recipe = try #require(model.entitiesByName["Recipe"])
        let ingredients = try #require(recipe.relationshipsByName["ingredients"])
        #expect(
            ingredients.isToMany && ingredients.deleteRule == .cascade
                && ingredients.destinationEntityName == "Ingredient")
        #expect(recipe.attributesByName["thumbnailImage"]?.attributeType == .transformable)
        #expect(recipe.attributesByName["thumbnailImage"]?.valueTransformerName == "ImageToDataTransformer")
        let recipeOfImage = try #require(model.entitiesByName["Image"]?.relationshipsByName["recipe"])
        #expect(!recipeOfImage.isToMany && !recipeOfImage.isOptional)
        #expect(model.entitiesByName["Ingredient"]?.relationshipsByName["recipe"]?.isOptional == true)
    }

    @Test func inheritanceKeepsOnlyOwnPropertiesOnSubentities() throws {
        let (model, _) = try decodedModel(Corpus.sampleModel2)
        let author = try #require(model.entitiesByName["Author"])
        #expect(author.superentity?.name == "Writer")
        #expect(author.properties.contains { $0.name == "age" } == false)
        #expect(author.attributesByName["age"] != nil)
        #expect(model.entitiesByName["Writer"]?.isAbstract == true)
        #expect(model.entitiesByName["Book"]?.attributesByName["pagesCount"]?.derivationExpression == "pages.@count")
        #expect(model.entitiesByName["Book"]?.uniquenessConstraints == [["uniqueID"]])
    }

    @Test func garbageIsRejectedWithAReason() {
        #expect(throws: PropertyListError.self) { try ModelCacheDecoder.decode(compressed: Data("not deflate".utf8)) }
    }
}
