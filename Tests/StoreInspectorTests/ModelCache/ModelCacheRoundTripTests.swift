import Foundation
import ObjectGraph
import Testing

@testable import StoreInspector

/// Models written by ObjectGraph's `ModelCacheEncoder` and read back by the inspector's
/// `ModelCacheDecoder` keep their entities, properties, rules and Apple's version hashes.
@Suite struct ModelCacheRoundTripTests {
    /// Every Xcode model file of the corpus, by file name.
    static var corpusModelNames: [String] {
        let directory = Corpus.directory.appendingPathComponent("models")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".contents") }.sorted()
    }

    /// The lecture samples' own model bundles.
    static let sampleModelPaths = [
        "Samples/Theater/Theater.xcdatamodeld", "Samples/Books/Books.xcdatamodeld",
        "Samples/SuperDB/SuperDB.xcdatamodeld",
    ]

    private func roundTrip(_ model: ManagedObjectModel) throws -> ManagedObjectModel {
        try ModelCacheDecoder.decode(compressed: try ModelCacheEncoder.compressedArchive(of: model))
    }

    @Test func corpusHasModelsToRoundTrip() {
        #expect(Self.corpusModelNames.count >= 8)
    }

    @Test(arguments: corpusModelNames)
    func corpusModelKeepsItsVersionHashes(name: String) throws {
        let url = Corpus.directory.appendingPathComponent("models").appendingPathComponent(name)
        let model = try ManagedObjectModel(xcodeModelContents: try Data(contentsOf: url))
        let decoded = try roundTrip(model)
        #expect(decoded.entityVersionHashesByName == model.entityVersionHashesByName)
        #expect(decoded.entitiesDiffering(fromVersionHashes: model.entityVersionHashesByName) == [])
        #expect(decoded.versionHashesDigest == model.versionHashesDigest)
    }

    @Test(arguments: sampleModelPaths)
    func sampleModelKeepsItsVersionHashes(path: String) throws {
        let model = try ManagedObjectModel(contentsOf: Corpus.packageRoot.appendingPathComponent(path))
        let decoded = try roundTrip(model)
        #expect(!model.entities.isEmpty)
        #expect(decoded.entityVersionHashesByName == model.entityVersionHashesByName)
    }

    @Test func theaterModelKeepsEntitiesRelationshipsAndRules() throws {
        let model = try ManagedObjectModel(
            contentsOf: Corpus.packageRoot.appendingPathComponent("Samples/Theater/Theater.xcdatamodeld"))
        let decoded = try roundTrip(model)
        #expect(Set(decoded.entities.map(\.name)) == Set(model.entities.map(\.name)))
        for entity in model.entities {
            let other = try #require(decoded.entitiesByName[entity.name])
            #expect(
                Set(other.properties.map(\.name))
                    == Set(
                        entity.properties.map(\.name).filter {
                            !(entity.propertiesByName[$0] is FetchedPropertyDescription)
                        }))
            for relationship in entity.ownRelationships {
                let copy = try #require(other.relationshipsByName[relationship.name])
                #expect(copy.destinationEntityName == relationship.destinationEntityName)
                #expect(copy.inverseName == relationship.inverseName)
                #expect(copy.isToMany == relationship.isToMany)
                #expect(copy.deleteRule == relationship.deleteRule)
                #expect(copy.isOptional == relationship.isOptional)
            }
            for attribute in entity.ownAttributes {
                let copy = try #require(other.attributesByName[attribute.name])
                #expect(copy.attributeType == attribute.attributeType)
                #expect(copy.isOptional == attribute.isOptional)
                #expect(copy.isTransient == attribute.isTransient)
            }
        }
    }

    // MARK: - Models built in code

    /// Inheritance three levels deep with an abstract root, ordered and unordered many-to-many,
    /// a to-many without inverse, transient, derived and constrained attributes, every stored
    /// type with a default, hash modifiers, indexes and configurations.
    static func featureModel() throws -> ManagedObjectModel {
        let item = EntityDescription(
            name: "Item", managedObjectClassName: "Item", isAbstract: true,
            properties: [
                AttributeDescription(name: "title", type: .string, isOptional: false, defaultValue: "Untitled"),
                AttributeDescription(name: "count", type: .integer64, defaultValue: 7),
                AttributeDescription(name: "small", type: .integer16, defaultValue: -3),
                AttributeDescription(name: "ratio", type: .double, defaultValue: 0.25),
                AttributeDescription(name: "weight", type: .float, defaultValue: Float(1.5)),
                AttributeDescription(name: "flag", type: .boolean, defaultValue: true),
                AttributeDescription(
                    name: "stamp", type: .date, defaultValue: Date(timeIntervalSinceReferenceDate: 86400)),
                AttributeDescription(name: "identifier", type: .uuid, preservesValueInHistoryOnDeletion: true),
                AttributeDescription(name: "link", type: .uri),
                AttributeDescription(name: "price", type: .decimal),
                AttributeDescription(name: "picture", type: .binaryData, allowsExternalBinaryDataStorage: true),
                AttributeDescription(
                    name: "color", type: .transformable, valueTransformerName: "ColorTransformer",
                    attributeValueClassName: "UIColor"),
                AttributeDescription(name: "scratch", type: .string, isTransient: true),
                AttributeDescription(name: "tagCount", type: .integer64, derivationExpression: "tags.@count"),
                AttributeDescription(name: "ownerName", type: .string, derivationExpression: "owner.name"),
                AttributeDescription(name: "touched", type: .date, derivationExpression: "now()"),
                AttributeDescription(name: "légende", type: .string, versionHashModifier: "2"),
                RelationshipDescription(
                    name: "tags", destinationEntityName: "Tag", inverseName: "items", isToMany: true),
                RelationshipDescription(
                    name: "owner", destinationEntityName: "Person", inverseName: "items", isOptional: false),
            ],
            uniquenessConstraints: [["title", "count"]],
            fetchIndexes: [
                FetchIndexDescription(name: "byTitle", elements: [FetchIndexElementDescription(propertyName: "title")]),
                FetchIndexDescription(
                    name: "byTitleAndCount",
                    elements: [
                        FetchIndexElementDescription(propertyName: "title"),
                        FetchIndexElementDescription(propertyName: "count", isAscending: false),
                    ]),
            ],
            versionHashModifier: "v2", userInfo: ["note": "abstract root"])
        let book = EntityDescription(
            name: "Book", superentityName: "Item",
            properties: [
                AttributeDescription(name: "pages", type: .integer32, defaultValue: 0),
                RelationshipDescription(
                    name: "chapters", destinationEntityName: "Chapter", inverseName: "book", isToMany: true,
                    isOrdered: true, minCount: 1, maxCount: 40, deleteRule: .cascade),
            ])
        let comic = EntityDescription(
            name: "Comic", superentityName: "Book",
            properties: [
                AttributeDescription(name: "isColored", type: .boolean, isOptional: false, defaultValue: false)
            ])
        let chapter = EntityDescription(
            name: "Chapter",
            properties: [
                AttributeDescription(name: "title", type: .string),
                RelationshipDescription(
                    name: "book", destinationEntityName: "Book", inverseName: "chapters", deleteRule: .deny),
            ])
        let tag = EntityDescription(
            name: "Tag",
            properties: [
                AttributeDescription(name: "name", type: .string),
                RelationshipDescription(
                    name: "items", destinationEntityName: "Item", inverseName: "tags", isToMany: true),
                RelationshipDescription(
                    name: "related", destinationEntityName: "Tag", inverseName: "related", isToMany: true,
                    isOrdered: true),
            ])
        let person = EntityDescription(
            name: "Person",
            properties: [
                AttributeDescription(name: "name", type: .string),
                RelationshipDescription(
                    name: "items", destinationEntityName: "Item", inverseName: "owner", isToMany: true, maxCount: -1,
                    deleteRule: .noAction),
                RelationshipDescription(name: "favorites", destinationEntityName: "Tag", isToMany: true),
            ], renamingIdentifier: "Owner")
        return try ManagedObjectModel(
            entities: [item, book, comic, chapter, tag, person],
            configurations: ["Library": ["Item", "Book", "Comic", "Chapter"]], versionIdentifiers: ["3"])
    }

    @Test func featureModelKeepsItsVersionHashes() throws {
        let model = try Self.featureModel()
        let decoded = try roundTrip(model)
        #expect(decoded.entityVersionHashesByName == model.entityVersionHashesByName)
        #expect(decoded.versionIdentifiers == ["3"])
    }

    @Test func inheritanceKeepsParentsAbstractnessAndOwnProperties() throws {
        let decoded = try roundTrip(try Self.featureModel())
        let comic = try #require(decoded.entitiesByName["Comic"])
        #expect(comic.superentity?.name == "Book")
        #expect(comic.superentity?.superentity?.name == "Item")
        #expect(comic.properties.map(\.name) == ["isColored"])
        #expect(comic.attributesByName["title"] != nil && comic.relationshipsByName["chapters"] != nil)
        #expect(decoded.entitiesByName["Item"]?.isAbstract == true)
        #expect(decoded.entitiesByName["Book"]?.isAbstract == false)
        #expect(decoded.entitiesByName["Item"]?.managedObjectClassName == "Item")
        #expect(decoded.entitiesByName["Item"]?.uniquenessConstraints == [["title", "count"]])
        #expect(decoded.entitiesByName["Item"]?.versionHashModifier == "v2")
    }

    @Test func relationshipsKeepOrderCountsRulesAndInverses() throws {
        let decoded = try roundTrip(try Self.featureModel())
        let chapters = try #require(decoded.entitiesByName["Book"]?.relationshipsByName["chapters"])
        #expect(chapters.isToMany && chapters.isOrdered && chapters.deleteRule == .cascade)
        #expect(chapters.minCount == 1 && chapters.maxCount == 40 && chapters.inverseName == "book")
        let book = try #require(decoded.entitiesByName["Chapter"]?.relationshipsByName["book"])
        #expect(!book.isToMany && book.maxCount == 1 && book.deleteRule == .deny)
        let items = try #require(decoded.entitiesByName["Tag"]?.relationshipsByName["items"])
        #expect(items.isToMany && items.inverseRelationship?.name == "tags")
        let related = try #require(decoded.entitiesByName["Tag"]?.relationshipsByName["related"])
        #expect(related.isOrdered && related.inverseName == "related" && related.destinationEntityName == "Tag")
        let favorites = try #require(decoded.entitiesByName["Person"]?.relationshipsByName["favorites"])
        #expect(favorites.inverseName == nil && favorites.isToMany)
        #expect(decoded.entitiesByName["Person"]?.relationshipsByName["items"]?.maxCount == -1)
        #expect(decoded.entitiesByName["Item"]?.relationshipsByName["owner"]?.isOptional == false)
    }

    @Test func attributesKeepTypesFlagsDefaultsAndDerivations() throws {
        let decoded = try roundTrip(try Self.featureModel())
        let item = try #require(decoded.entitiesByName["Item"])
        #expect(item.attributesByName["title"]?.defaultValue as? String == "Untitled")
        #expect(item.attributesByName["title"]?.isOptional == false)
        #expect(item.attributesByName["count"]?.defaultValue as? Int == 7)
        #expect(item.attributesByName["small"]?.defaultValue as? Int == -3)
        #expect(item.attributesByName["ratio"]?.defaultValue as? Double == 0.25)
        #expect(item.attributesByName["weight"]?.defaultValue as? Double == 1.5)
        #expect(item.attributesByName["flag"]?.defaultValue as? Bool == true)
        #expect(decoded.entitiesByName["Comic"]?.attributesByName["isColored"]?.defaultValue as? Bool == false)
        #expect(item.attributesByName["scratch"]?.isTransient == true)
        #expect(item.attributesByName["identifier"]?.preservesValueInHistoryOnDeletion == true)
        #expect(item.attributesByName["picture"]?.allowsExternalBinaryDataStorage == true)
        #expect(item.attributesByName["color"]?.valueTransformerName == "ColorTransformer")
        #expect(item.attributesByName["color"]?.attributeValueClassName == "UIColor")
        #expect(item.attributesByName["tagCount"]?.derivationExpression == "tags.@count")
        #expect(item.attributesByName["ownerName"]?.derivationExpression == "owner.name")
        #expect(item.attributesByName["touched"]?.derivationExpression == "now()")
        #expect(item.attributesByName["légende"]?.versionHashModifier == "2")
        for type in [AttributeType.uuid, .uri, .decimal, .binaryData] {
            #expect(item.attributes(ofType: type).count == 1, "one \(type) attribute")
        }
    }
}

extension EntityDescription {
    fileprivate func attributes(ofType type: AttributeType) -> [AttributeDescription] {
        attributesByName.values.filter { $0.attributeType == type }
    }
}
