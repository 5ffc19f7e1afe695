import Foundation
import ObjectGraph
import TestSupport
import Testing

@testable import StoreInspector

/// "Allows External Storage" lives in bit value 4 of an attribute's `NSFlagsKey`, where Apple's
/// caches keep it: our encoder writes it there, the decoder reads it there, and the version hash
/// recomputed from the cache is the one the store holds.
@Suite struct ModelCacheExternalStorageTests {
    /// A model as Xcode writes it: a binary attribute stored externally and one kept in the row.
    static let contents = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
            <entity name="Photo" representedClassName="Photo" syncable="YES">
                <attribute name="caption" optional="YES" attributeType="String"/>
                <attribute name="image" optional="YES" attributeType="Binary" allowsExternalBinaryDataStorage="YES"/>
                <attribute name="thumbnail" optional="YES" attributeType="Binary"/>
            </entity>
        </model>
        """

    static func model() throws -> ManagedObjectModel {
        try ManagedObjectModel(xcodeModelContents: Data(contents.utf8))
    }

    /// The archived attribute object called `name` of entity `entity`.
    private func archivedAttribute(_ name: String, of entity: String, in model: ManagedObjectModel) throws
        -> ArchivedObject
    {
        let archive = try KeyedArchive(data: RawInflate.inflate(try ModelCacheEncoder.compressedArchive(of: model)))
        let root = try #require(archive.root)
        let entityObject = try #require(
            ModelCacheDecoder.entities(of: root).first { $0["NSEntityName"].string == entity })
        let properties = try #require(entityObject["NSProperties"].asObject)
        let attribute = properties.dictionaryEntries.compactMap(\.value.asObject).first {
            $0["NSPropertyName"].string == name
        }
        return try #require(attribute)
    }

    @Test func theEncoderSetsBitValueFourOfNSFlagsKeyAndNoOtherKey() throws {
        let model = try Self.model()
        let image = try archivedAttribute("image", of: "Photo", in: model)
        #expect(image["NSFlagsKey"].integer == 4)
        #expect(!image.keys.contains("NSAllowsExternalBinaryDataStorage"))
        let thumbnail = try archivedAttribute("thumbnail", of: "Photo", in: model)
        #expect(thumbnail["NSFlagsKey"].integer == 0)
    }

    @Test func theDecoderReadsTheFlagAndReproducesTheVersionHash() throws {
        let model = try Self.model()
        let decoded = try ModelCacheDecoder.decode(compressed: try ModelCacheEncoder.compressedArchive(of: model))
        let photo = try #require(decoded.entitiesByName["Photo"])
        #expect(photo.attributesByName["image"]?.allowsExternalBinaryDataStorage == true)
        #expect(photo.attributesByName["thumbnail"]?.allowsExternalBinaryDataStorage == false)
        #expect(decoded.entityVersionHashesByName == model.entityVersionHashesByName)
    }

    @Test func theFlagChangesTheVersionHash() throws {
        let plain = try ManagedObjectModel(
            xcodeModelContents: Data(
                Self.contents.replacingOccurrences(
                    of: " allowsExternalBinaryDataStorage=\"YES\"", with: ""
                ).utf8))
        #expect(plain.entityVersionHashesByName["Photo"] != (try Self.model()).entityVersionHashesByName["Photo"])
    }

    @Test func preserveAfterDeletionAndExternalStorageShareTheFlags() throws {
        let model = try ManagedObjectModel(entities: [
            EntityDescription(
                name: "Photo",
                properties: [
                    AttributeDescription(
                        name: "image", type: .binaryData, allowsExternalBinaryDataStorage: true,
                        preservesValueInHistoryOnDeletion: true)
                ])
        ])
        #expect(try archivedAttribute("image", of: "Photo", in: model)["NSFlagsKey"].integer == 20)
        let decoded = try ModelCacheDecoder.decode(compressed: try ModelCacheEncoder.compressedArchive(of: model))
        let image = try #require(decoded.entitiesByName["Photo"]?.attributesByName["image"])
        #expect(image.allowsExternalBinaryDataStorage && image.preservesValueInHistoryOnDeletion)
    }

    @Test func aStoreWithAnExternallyStoredAttributeAgreesWithItsCacheAndModel() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.path("Photos.sqlite")
        let model = try Self.model()
        try SQLiteStore(url: URL(fileURLWithPath: path), model: model).close()
        let inspection = try StoreInspection(path: path)
        defer { inspection.close() }
        #expect(inspection.storeModel?.source == .modelCache)
        #expect(!inspection.problems.contains { $0.contains("model cache disagrees") })
        let hashes = Dictionary(
            uniqueKeysWithValues: (inspection.metadata?.versionHashes ?? []).map { ($0.entity, $0.hash) })
        let diff = ModelDiff(storeHashes: hashes, storeModel: inspection.storeModel?.model, expected: model)
        #expect(diff.isCompatible)
        #expect(!diff.differences.contains { "\($0)".contains("external storage") })
        _ = try ObjectFetch(entityName: "Photo").run(on: inspection)
    }
}
