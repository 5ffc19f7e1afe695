import Foundation
import SQLite
import TestSupport
import Testing

@testable import ObjectGraph
@testable import StoreInspector

/// Every fixture store that has both a model cache and the `.xcdatamodel` it was written with: the
/// model read from the XML and the model decoded from Apple's cache agree on every archived
/// property, and both reproduce the store's version hashes.
///
/// Apple's caches give every entity and property its own name as renaming identifier when the
/// model sets none (seen in all five caches of the fixtures), so a missing one counts as the name.
/// Fetch indexes are compared as Apple compiles them: an attribute that is the sole element of a
/// fetch index is flagged `NSIsIndexed` and gets an index of its own, named after it, listed
/// before the model's (Bookmarks' `isPendingDeletion`, sole element of `byIsPendingDeletion`, is;
/// `url`, in the two-element `byURL` only, is not).
@Suite struct ModelCacheXMLDifferentialTests {
    static let pairs = [
        ["alemar11__CoreDataPlus__SampleModel_V1.sqlite", "alemar11__CoreDataPlus__SampleModel.contents"],
        [
            "duckduckgo__BrowserServicesKit__Bookmarks_V4.sqlite",
            "duckduckgo__BrowserServicesKit__BookmarksModel_4.contents",
        ],
        [
            "wibosco__CoreDataMigration-Example__CoreDataMigration_Example_WAL.sqlite",
            "wibosco__CoreDataMigration-Example__CoreDataMigration_Example_4.contents",
        ],
    ]

    /// The pair's model read from its XML, the compressed cache Apple wrote into its store, and
    /// the store's version hashes.
    static func sources(_ pair: [String]) throws -> (xml: ManagedObjectModel, cache: Data, hashes: [String: Data]) {
        let store = try #require(pair.element(at: 0))
        let modelName = try #require(pair.element(at: 1))
        let scratch = try ScratchDirectory()
        let inspected = try InspectedStore(path: try scratch.copyCorpusStore(store))
        defer { inspected.close() }
        let blob = try #require(try inspected.scalar("SELECT Z_CONTENT FROM Z_MODELCACHE")?.dataValue)
        let metadata = try #require(try StoreMetadata.read(from: inspected))
        let hashes = Dictionary(uniqueKeysWithValues: metadata.versionHashes.map { ($0.entity, $0.hash) })
        let xml = try ManagedObjectModel(xcodeModelContents: try Data(contentsOf: Fixtures.model(modelName)))
        return (xml, blob, hashes)
    }

    private static func models(_ pair: [String]) throws -> (
        xml: ManagedObjectModel, cache: ManagedObjectModel, [String: Data]
    ) {
        let (xml, blob, hashes) = try sources(pair)
        return (xml, try ModelCacheDecoder.decode(compressed: blob), hashes)
    }

    /// A default value as a comparable text: Apple archives a Boolean `NO` as the integer 0.
    private static func text(_ value: Any?) -> String {
        switch value {
        case nil: "nil"
        case let flag as Bool: flag ? "1" : "0"
        case let number as Int: String(number)
        case let number as Double: String(number)
        case let number as Float: String(Double(number))
        case let other?: "\(other)"
        }
    }

    /// Everything the cache archives about a property, as lines; `compiled` applies Apple's
    /// index rule to a model read from XML, where the cache holds its outcome.
    private static func facts(of property: PropertyDescription, compiled: Bool) -> [String] {
        var lines = [
            "optional \(property.isOptional)", "transient \(property.isTransient)",
            "modifier \(property.versionHashModifier ?? "nil")",
            "renaming \(property.renamingIdentifier ?? property.name)",
        ]
        if let attribute = property as? AttributeDescription {
            lines += [
                "type \(attribute.attributeType)", "default \(text(attribute.defaultValue))",
                "external \(attribute.allowsExternalBinaryDataStorage)",
                "preserve \(attribute.preservesValueInHistoryOnDeletion)",
                "transformer \(attribute.valueTransformerName ?? "nil")",
                "derivation \(attribute.derivationExpression ?? "nil")",
                "indexed \(compiled ? ModelCacheEncoder.isIndexed(attribute) : attribute.isIndexed)",
            ]
        }
        if let relationship = property as? RelationshipDescription {
            lines += [
                "destination \(relationship.destinationEntityName)", "inverse \(relationship.inverseName ?? "nil")",
                "toMany \(relationship.isToMany)", "ordered \(relationship.isOrdered)",
                "min \(relationship.minCount)", "max \(relationship.maxCount)", "rule \(relationship.deleteRule)",
            ]
        }
        return lines
    }

    @Test(arguments: pairs)
    func theXMLAndTheCacheAgreeOnEveryArchivedProperty(pair: [String]) throws {
        let (xml, cache, _) = try Self.models(pair)
        #expect(xml.entities.map(\.name).sorted() == cache.entities.map(\.name).sorted())
        for entity in xml.entities {
            let other = try #require(cache.entitiesByName[entity.name])
            #expect(other.isAbstract == entity.isAbstract, "\(entity.name)")
            #expect(other.superentityName == entity.superentityName, "\(entity.name)")
            #expect(other.versionHashModifier == entity.versionHashModifier, "\(entity.name)")
            #expect((other.renamingIdentifier ?? other.name) == (entity.renamingIdentifier ?? entity.name))
            #expect(other.uniquenessConstraints == entity.uniquenessConstraints, "\(entity.name)")
            #expect(other.fetchIndexes == ModelCacheEncoder.archivedFetchIndexes(of: entity), "\(entity.name)")
            let stored = entity.properties.filter { !($0 is FetchedPropertyDescription) }
            #expect(Set(other.properties.map(\.name)) == Set(stored.map(\.name)), "\(entity.name)")
            for property in stored {
                let copy = try #require(other.propertiesByName[property.name], "\(entity.name).\(property.name)")
                #expect(
                    Self.facts(of: copy, compiled: false) == Self.facts(of: property, compiled: true),
                    "\(entity.name).\(property.name)")
            }
        }
    }

    @Test func theIndexRuleIsExercisedByARealCache() throws {
        let pair = try #require(Self.pairs.first { $0.first?.hasPrefix("duckduckgo") == true })
        let (_, cache, _) = try Self.models(pair)
        let bookmark = try #require(cache.entitiesByName["BookmarkEntity"])
        #expect(bookmark.fetchIndexes.map(\.name) == ["isPendingDeletion", "byUUID", "byURL", "byIsPendingDeletion"])
        #expect(bookmark.attributesByName["isPendingDeletion"]?.isIndexed == true)
        #expect(bookmark.attributesByName["url"]?.isIndexed == false)
    }

    @Test(arguments: pairs)
    func bothModelsReproduceTheStoresVersionHashes(pair: [String]) throws {
        let (xml, cache, hashes) = try Self.models(pair)
        #expect(!hashes.isEmpty)
        #expect(xml.entitiesDiffering(fromVersionHashes: hashes) == [])
        #expect(cache.entitiesDiffering(fromVersionHashes: hashes) == [])
    }
}
