import Foundation
import Testing

@testable import ObjectGraph

/// Models built in code, copied property by property from the model caches of two corpus stores
/// whose `.xcdatamodel` is not in the corpus; layout and version hashes must equal what Apple's
/// Core Data wrote. Together they cover what the XML-backed pairs do not: sub-entity columns,
/// `Z<n>_` entity columns, decimals, UUIDs, URIs, derived attributes, abstract parents, fetched
/// properties and old-style to-ones with `minCount` 1.
@Suite struct InCodeModelStoreTests {
    /// `alemar11__CoreDataPlus__SampleModel2_V1.sqlite` (framework 1344).
    static func sampleModel2() throws -> ManagedObjectModel {
        let book = EntityDescription(
            name: "Book", managedObjectClassName: "Book",
            properties: [
                RelationshipDescription(
                    name: "author", destinationEntityName: "Author", inverseName: "books", minCount: 1,
                    deleteRule: .nullify, isOptional: false),
                RelationshipDescription(
                    name: "pages", destinationEntityName: "Page", inverseName: "book", isToMany: true, minCount: 1,
                    maxCount: 10000, deleteRule: .cascade, isOptional: false),
                AttributeDescription(name: "uniqueID", type: .uuid, isOptional: false),
                AttributeDescription(name: "price", type: .decimal, isOptional: false),
                AttributeDescription(name: "pagesCount", type: .integer64, derivationExpression: "pages.@count"),
                AttributeDescription(name: "publishedAt", type: .date, isOptional: false),
                AttributeDescription(name: "title", type: .string, isOptional: false, minValue: 3, maxValue: 50),
                AttributeDescription(
                    name: "cover", type: .transformable, isOptional: false, valueTransformerName: "CoverTransformer"),
            ],
            uniquenessConstraints: [["uniqueID"]])
        let graphicNovel = EntityDescription(
            name: "GraphicNovel", superentityName: "Book",
            properties: [
                AttributeDescription(name: "isBlackAndWhite", type: .boolean, isOptional: false, defaultValue: false)
            ])
        let feedback = EntityDescription(
            name: "Feedback",
            properties: [
                AttributeDescription(name: "bookID", type: .uuid, isOptional: false),
                AttributeDescription(name: "comment", type: .string),
                AttributeDescription(name: "authorAlias", type: .string, isOptional: false),
                AttributeDescription(name: "rating", type: .double, isOptional: false),
            ])
        let page = EntityDescription(
            name: "Page",
            properties: [
                AttributeDescription(name: "isBookmarked", type: .boolean, isOptional: false, defaultValue: false),
                AttributeDescription(name: "number", type: .integer32, isOptional: false),
                AttributeDescription(
                    name: "content", type: .transformable, isOptional: false, valueTransformerName: "ContentTransformer"
                ),
                RelationshipDescription(
                    name: "book", destinationEntityName: "Book", inverseName: "pages", minCount: 1, isOptional: false),
            ])
        let writer = EntityDescription(
            name: "Writer", isAbstract: true,
            properties: [AttributeDescription(name: "age", type: .integer16, isOptional: false)])
        let author = EntityDescription(
            name: "Author", superentityName: "Writer",
            properties: [
                AttributeDescription(name: "alias", type: .string, isOptional: false),
                AttributeDescription(name: "siteURL", type: .uri),
                RelationshipDescription(
                    name: "books", destinationEntityName: "Book", inverseName: "author", isToMany: true,
                    maxCount: -1, deleteRule: .cascade),
                FetchedPropertyDescription(
                    name: "feedbacks", destinationEntityName: "Feedback",
                    predicateFormat: "authorAlias == $FETCH_SOURCE.alias"),
            ],
            uniquenessConstraints: [["alias"]])
        return try ManagedObjectModel(entities: [author, book, feedback, graphicNovel, page, writer])
    }

    /// `alhoqbani__AppleSample-iPhoneCoreDataRecipes__Recipes.sqlite` (framework 754).
    static func recipes() throws -> ManagedObjectModel {
        let image = EntityDescription(
            name: "Image",
            properties: [
                AttributeDescription(
                    name: "image", type: .transformable, valueTransformerName: "ImageToDataTransformer"),
                RelationshipDescription(
                    name: "recipe", destinationEntityName: "Recipe", inverseName: "image", minCount: 1,
                    isOptional: false),
            ])
        let ingredient = EntityDescription(
            name: "Ingredient",
            properties: [
                AttributeDescription(name: "amount", type: .string),
                AttributeDescription(name: "displayOrder", type: .integer16, isOptional: false, defaultValue: 0),
                RelationshipDescription(
                    name: "recipe", destinationEntityName: "Recipe", inverseName: "ingredients", minCount: 1),
                AttributeDescription(name: "name", type: .string, isOptional: false, defaultValue: "Ingredient Name"),
            ])
        let recipe = EntityDescription(
            name: "Recipe",
            properties: [
                AttributeDescription(
                    name: "thumbnailImage", type: .transformable, valueTransformerName: "ImageToDataTransformer"),
                RelationshipDescription(
                    name: "ingredients", destinationEntityName: "Ingredient", inverseName: "recipe", isToMany: true,
                    deleteRule: .cascade),
                AttributeDescription(name: "instructions", type: .string),
                RelationshipDescription(
                    name: "image", destinationEntityName: "Image", inverseName: "recipe", minCount: 1,
                    deleteRule: .cascade),
                AttributeDescription(name: "prepTime", type: .string),
                RelationshipDescription(
                    name: "type", destinationEntityName: "RecipeType", inverseName: "recipes", minCount: 1),
                AttributeDescription(name: "overview", type: .string),
                AttributeDescription(name: "name", type: .string),
            ])
        let recipeType = EntityDescription(
            name: "RecipeType",
            properties: [
                AttributeDescription(name: "name", type: .string),
                RelationshipDescription(
                    name: "recipes", destinationEntityName: "Recipe", inverseName: "type", isToMany: true),
            ])
        return try ManagedObjectModel(entities: [image, ingredient, recipe, recipeType], versionIdentifiers: [""])
    }

    static let cases: [(store: String, model: @Sendable () throws -> ManagedObjectModel)] = [
        ("alemar11__CoreDataPlus__SampleModel2_V1.sqlite", sampleModel2),
        ("alhoqbani__AppleSample-iPhoneCoreDataRecipes__Recipes.sqlite", recipes),
    ]

    @Test(arguments: 0..<2)
    func versionHashesEqualTheStores(caseIndex: Int) throws {
        let (storeName, makeModel) = Self.cases[caseIndex]
        let scratch = try ModelCorpus.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let metadata = try ModelCorpus.metadata(of: try ModelCorpus.copyOfStore(storeName, in: scratch))
        let storeHashes = try #require(metadata["NSStoreModelVersionHashes"] as? [String: Data])
        let model = try makeModel()
        #expect(model.entitiesDiffering(fromVersionHashes: storeHashes) == [])
        if let digest = metadata["NSStoreModelVersionHashesDigest"] as? String {
            #expect(model.versionHashesDigest == digest)
        }
        if let checksum = metadata["NSStoreModelVersionChecksumKey"] as? String {
            #expect(model.versionChecksum == checksum)
        }
    }

    /// Persistent-history tables (`A…`) and derived-attribute triggers are Core Data's own
    /// additions, not part of the model's layout, so they are left out of the comparison.
    @Test(arguments: 0..<2)
    func schemaIsByteIdenticalToTheStoresEntityTables(caseIndex: Int) throws {
        let (storeName, makeModel) = Self.cases[caseIndex]
        let scratch = try ModelCorpus.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let store = try ModelCorpus.copyOfStore(storeName, in: scratch)
        let expected = ModelCorpus.removingTriggers(from: try ModelCorpus.sqlite3(store, ".schema"))
            .split(separator: "\n").map(String.init)
            .filter { !$0.hasPrefix("CREATE TABLE A") && !$0.contains(" ON A") }
        let generated = SQLiteLayout(model: try makeModel()).createStatements.map { $0 + ";" }
        #expect(generated == expected)
    }
}
