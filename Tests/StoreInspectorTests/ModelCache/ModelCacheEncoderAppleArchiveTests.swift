import Foundation
import ObjectGraph
import TestSupport
import Testing

@testable import StoreInspector

/// ObjectGraph's `ModelCacheEncoder` writes what Apple writes: for every fixture store that has a
/// model cache and the `.xcdatamodel` it was written with, the archive our encoder makes from the
/// XML holds, entity by entity and property by property, the same keys with the same values as
/// the cache Apple's Core Data wrote into the store.
///
/// Values are compared as text: strings, numbers and flags as they are; an archived entity or
/// property by its name (the graph is cyclic); collections member by member. What is left out
/// is what the archive's own object numbering decides, not the model.
@Suite struct ModelCacheEncoderAppleArchiveTests {
    /// The archive Apple wrote into `store` and the one our encoder makes from `modelName`.
    private static func archives(_ pair: [String]) throws -> (apple: KeyedArchive, ours: KeyedArchive) {
        let (model, blob, _) = try ModelCacheXMLDifferentialTests.sources(pair)
        return (
            try KeyedArchive(data: RawInflate.inflate(blob)),
            try KeyedArchive(data: ModelCacheEncoder.archive(of: model))
        )
    }

    /// Every archived fact of every entity and property, one per line, in name order.
    static func facts(of archive: KeyedArchive) throws -> [String] {
        let root = try #require(archive.root)
        var lines = root.keys.sorted().filter { $0 != "NSEntities" }.map { "model.\($0) = \(text(root[$0]))" }
        for entity in ModelCacheDecoder.entities(of: root) {
            let name = entity["NSEntityName"].string ?? "?"
            for key in entity.keys.sorted() where key != "NSProperties" {
                lines.append("\(name).\(key) = \(text(entity[key]))")
            }
            let properties = (entity["NSProperties"].asObject?.dictionaryEntries ?? []).compactMap(\.value.asObject)
            for property in properties.sorted(by: { text($0["NSPropertyName"]) < text($1["NSPropertyName"]) }) {
                let propertyName = text(property["NSPropertyName"])
                for key in property.keys.sorted() {
                    lines.append("\(name).\(propertyName).\(key) = \(text(property[key]))")
                }
            }
        }
        return lines
    }

    /// A value as comparable text; `depth` keeps a hostile or cyclic graph finite.
    static func text(_ value: ArchivedValue, depth: Int = 0) -> String {
        if let string = value.string { return "'\(string)'" }
        guard let object = value.asObject else { return "\(value.value)" }
        guard depth < 6 else { return object.className }
        switch object.className {
        case "NSEntityDescription":
            return "entity " + (object["NSEntityName"].string ?? "?")
        case "NSAttributeDescription", "NSDerivedAttributeDescription", "NSRelationshipDescription":
            return "property " + (object["NSPropertyName"].string ?? "?")
        case "NSManagedObjectModel":
            return "model"
        default:
            break
        }
        if object.keys.contains("NS.keys") {
            let entries = object.dictionaryEntries.map {
                text($0.key, depth: depth + 1) + ": " + text($0.value, depth: depth + 1)
            }
            return object.className + "{" + entries.sorted().joined(separator: ", ") + "}"
        }
        if object.keys.contains("NS.objects") {
            var members = object.arrayElements.map { text($0, depth: depth + 1) }
            if object.className.hasSuffix("Set") { members.sort() }
            return object.className + "[" + members.joined(separator: ", ") + "]"
        }
        let fields = object.keys.sorted().map { "\($0): " + text(object[$0], depth: depth + 1) }
        return object.className + "(" + fields.joined(separator: ", ") + ")"
    }

    /// The facts, by store, where our archive and Apple's differ for a reason the model files
    /// cannot settle; each must still differ (so an encoder change that settles one shows here).
    ///
    /// - The Migration example's store was written by framework 847 (iOS 11) from a model Xcode 9
    ///   compiled. That generation archived the version identifiers as an `NSMutableSet`, no
    ///   `NSSubentities` for an entity without sub-entities, and a Boolean default `NO` as the
    ///   integer 0. The newer caches (framework 1044, 1333, 1344 in the fixtures) archive an
    ///   `NSSet`, an empty `NSMutableDictionary` and a Boolean, and the encoder writes those.
    /// - SampleModel's transformable `color` names `customClassName="Color"` in the model file, and
    ///   the store's cache has no class name for it. The store (framework 1044) may predate that
    ///   setting of the model file; the cache SampleModel2's store holds (framework 1344, a model
    ///   built in code) keeps its transformables' class names, so the encoder keeps them too.
    static let explainedDifferences: [String: Set<String>] = [
        "alemar11__CoreDataPlus__SampleModel_V1.sqlite": [
            "Car.'color'.NSAttributeValueClassName", "ExpensiveSportCar.'color'.NSAttributeValueClassName",
            "SportCar.'color'.NSAttributeValueClassName",
        ],
        "wibosco__CoreDataMigration-Example__CoreDataMigration_Example_WAL.sqlite": [
            "model.NSVersionIdentifiers", "Color.NSSubentities", "Post.NSSubentities", "Post.'hide'.NSDefaultValue",
        ],
    ]

    @Test(arguments: ModelCacheXMLDifferentialTests.pairs)
    func theEncoderWritesTheKeysAndValuesAppleWrote(pair: [String]) throws {
        let (apple, ours) = try Self.archives(pair)
        let expected = try Self.facts(of: apple)
        let written = try Self.facts(of: ours)
        #expect(expected.count > 20)
        let differing = Set(expected).symmetricDifference(written).map { $0.components(separatedBy: " = ")[0] }
        let explained = Self.explainedDifferences[pair.first ?? ""] ?? []
        #expect(Set(differing) == explained, "Apple's archive and ours differ in: \(differing.sorted())")
        // Each side names the same facts; only the explained values differ.
        #expect(
            expected.map { $0.components(separatedBy: " = ")[0] }
                == written.map { $0.components(separatedBy: " = ")[0] })
    }
}
