import Foundation
import ObjectGraph
import TestSupport
import Testing

@testable import StoreInspector

/// Whether a store fits an expected model, decided by version hashes as Core Data decides it, and
/// each difference explained from the two models.
@Suite struct ModelDiffTests {
    private static func model(_ entities: [EntityDescription]) throws -> ManagedObjectModel {
        try ManagedObjectModel(entities: entities)
    }

    @Test func identicalModelsHaveNoDifferencesButNoHashesMeanNoVerdict() throws {
        let store = try Self.model([
            EntityDescription(name: "Movie", properties: [AttributeDescription(name: "name", type: .string)])
        ])
        let expected = try Self.model([
            EntityDescription(name: "Movie", properties: [AttributeDescription(name: "name", type: .string)])
        ])
        let diff = ModelDiff(storeHashes: [:], storeModel: store, expected: expected)
        #expect(diff.differences == [])
        #expect(!diff.hashesCompared)
        #expect(!diff.isCompatible)
    }

    @Test func theStoresOwnHashesMakeTheSameModelCompatible() throws {
        let expected = try Self.model([
            EntityDescription(name: "Movie", properties: [AttributeDescription(name: "name", type: .string)])
        ])
        let diff = ModelDiff(
            storeHashes: expected.entityVersionHashesByName, storeModel: expected, expected: expected)
        #expect(diff.hashesCompared)
        #expect(diff.mismatchedEntities == [])
        #expect(diff.isCompatible)
    }

    @Test func aRetypedAttributeMadeRequiredIsExplainedLineByLine() throws {
        let store = try Self.model([
            EntityDescription(name: "Movie", properties: [AttributeDescription(name: "year", type: .string)])
        ])
        let expected = try Self.model([
            EntityDescription(
                name: "Movie", properties: [AttributeDescription(name: "year", type: .integer32, isOptional: false)])
        ])
        let diff = ModelDiff(
            storeHashes: store.entityVersionHashesByName, storeModel: store, expected: expected)
        #expect(diff.mismatchedEntities == ["Movie"])
        #expect(!diff.isCompatible)
        #expect(diff.differences.count == 2)
        #expect(
            diff.differences.contains(
                .init(entity: "Movie", property: "year", message: "optional: store yes, expected no")))
        #expect(
            diff.differences.contains(
                .init(entity: "Movie", property: "year", message: "type: store String, expected Integer 32")))
    }

    @Test func entitiesOnOneSideOnlyAreNamedAsMissingOrUnexpected() throws {
        let store = try Self.model([
            EntityDescription(name: "Movie", properties: [AttributeDescription(name: "name", type: .string)]),
            EntityDescription(name: "Poster", properties: [AttributeDescription(name: "url", type: .uri)]),
        ])
        let expected = try Self.model([
            EntityDescription(name: "Movie", properties: [AttributeDescription(name: "name", type: .string)]),
            EntityDescription(name: "Theater", properties: [AttributeDescription(name: "name", type: .string)]),
        ])
        let diff = ModelDiff(storeHashes: store.entityVersionHashesByName, storeModel: store, expected: expected)
        #expect(diff.mismatchedEntities == ["Poster", "Theater"])
        #expect(
            diff.differences == [
                ModelDifference(entity: "Poster", property: nil, message: "entity is in the store but not expected"),
                ModelDifference(entity: "Theater", property: nil, message: "entity is missing from the store's model"),
            ])
    }

    @Test func anEntityRenamedByItsRenamingIdentifierIsExplainedAsARename() throws {
        let store = try Self.model([
            EntityDescription(name: "Car", properties: [AttributeDescription(name: "maker", type: .string)])
        ])
        let expected = try Self.model([
            EntityDescription(
                name: "Vehicle", properties: [AttributeDescription(name: "maker", type: .string)],
                renamingIdentifier: "Car")
        ])
        let diff = ModelDiff(storeHashes: [:], storeModel: store, expected: expected)
        #expect(
            diff.differences == [
                ModelDifference(
                    entity: "Vehicle", property: nil,
                    message: "renamed: the store calls it Car (renaming identifier); a migration is needed")
            ])
    }

    @Test func aRealStoreFitsItsOwnModelAndNotTheNextVersion() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.copyCorpusStore(Corpus.sampleModel)
        let inspection = try StoreInspection(path: path)
        defer { inspection.close() }
        let hashes = Dictionary(
            (inspection.metadata?.versionHashes ?? []).map { ($0.entity, $0.hash) }, uniquingKeysWith: { a, _ in a })
        #expect(!hashes.isEmpty)
        let own = try ManagedObjectModel(contentsOf: Fixtures.model("alemar11__CoreDataPlus__SampleModel.contents"))
        let same = ModelDiff(storeHashes: hashes, storeModel: inspection.storeModel?.model, expected: own)
        #expect(same.isCompatible)
        #expect(same.differences == [])
        let next = try ManagedObjectModel(contentsOf: Fixtures.model("alemar11__CoreDataPlus__SampleModel2.contents"))
        let other = ModelDiff(storeHashes: hashes, storeModel: inspection.storeModel?.model, expected: next)
        #expect(!other.isCompatible)
        #expect(other.mismatchedEntities.contains("LuxuryCar"))
        #expect(
            other.differences.contains(
                ModelDifference(
                    entity: "LuxuryCar", property: nil,
                    message:
                        "renamed: the store calls it ExpensiveSportCar (renaming identifier); a migration is needed"
                )))
    }
}
