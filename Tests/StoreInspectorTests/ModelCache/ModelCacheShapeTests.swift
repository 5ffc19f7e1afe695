import Foundation
import ObjectGraph
import TestSupport
import Testing

@testable import StoreInspector

/// Our archive of a corpus model has the shape of the cache Apple's Core Data wrote into the
/// store made with that model: the same classes, and for every entity and property the same
/// keys and the same packed `_P` flags, so Apple's decoder finds everything where it looks.
@Suite struct ModelCacheShapeTests {
    /// Corpus stores and the model file each was written with.
    static let storesAndModels = [
        (Corpus.bookmarks, "duckduckgo__BrowserServicesKit__BookmarksModel_4.contents"),
        (Corpus.sampleModel, "alemar11__CoreDataPlus__SampleModel.contents"),
        (Corpus.migration, "wibosco__CoreDataMigration-Example__CoreDataMigration_Example_4.contents"),
    ]

    /// What a property or entity of an archive looks like, keyed by `Entity.property` or `Entity`.
    private struct Shape: Equatable, CustomStringConvertible {
        var className: String
        var keys: [String]
        var flags: Int64?

        var description: String { "\(className) _P=\(flags.map(String.init) ?? "-") \(keys)" }
    }

    private func shapes(of archive: KeyedArchive) -> [String: Shape] {
        var result: [String: Shape] = [:]
        for index in archive.objects.indices {
            guard let object = archive.resolve(.uid(index)).asObject else { continue }
            let shape = Shape(className: object.className, keys: object.keys.sorted(), flags: object["_P"].integer)
            if object.className == "NSEntityDescription", let name = object["NSEntityName"].string {
                result[name] = shape
            } else if let property = object["NSPropertyName"].string,
                let entity = object["NSEntity"].asObject?["NSEntityName"].string, object["_P"].integer != nil
            {
                result[entity + "." + property] = shape
            }
        }
        return result
    }

    private func appleArchive(of store: String) throws -> KeyedArchive {
        let scratch = try ScratchDirectory()
        let inspected = try InspectedStore(path: try scratch.copyCorpusStore(store))
        defer { inspected.close() }
        let blob = try #require(try inspected.scalar("SELECT Z_CONTENT FROM Z_MODELCACHE")?.dataValue)
        return try KeyedArchive(data: RawInflate.inflate(blob))
    }

    @Test(arguments: storesAndModels)
    func entitiesAndPropertiesHaveApplesKeysAndFlags(store: String, modelName: String) throws {
        let url = Corpus.directory.appendingPathComponent("models").appendingPathComponent(modelName)
        let model = try ManagedObjectModel(xcodeModelContents: try Data(contentsOf: url))
        let ours = shapes(of: try KeyedArchive(data: ModelCacheEncoder.archive(of: model)))
        let apple = shapes(of: try appleArchive(of: store))
        #expect(!apple.isEmpty)
        #expect(Set(ours.keys) == Set(apple.keys))
        for (name, shape) in apple {
            #expect(ours[name] == shape, "\(name)")
        }
    }

    @Test func archiveIsAKeyedArchiveOfAManagedObjectModel() throws {
        let model = try ModelCacheRoundTripTests.featureModel()
        let archive = try KeyedArchive(data: ModelCacheEncoder.archive(of: model))
        #expect(archive.objects.first == .string("$null"))
        let root = try #require(archive.root)
        #expect(root.className == "NSManagedObjectModel")
        let entities = try #require(root["NSEntities"].asObject)
        #expect(entities.className == "NSKnownKeysDictionary1")
        let names = entities["searchMapping"].asObject?["keys"].asObject?.arrayElements.compactMap(\.string)
        #expect(names == ["Book", "Chapter", "Comic", "Item", "Person", "Tag"])
        let values = entities["values"].asObject?.arrayElements.compactMap { $0.asObject?["NSEntityName"].string }
        #expect(values == names)
    }
}
