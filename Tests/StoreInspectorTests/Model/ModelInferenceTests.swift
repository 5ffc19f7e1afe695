import Foundation
import ObjectGraph
import SQLite
import TestSupport
import Testing

@testable import StoreInspector

/// The model inferred from a store's schema, checked against the model the same store's cache
/// holds: every corpus store is inspected once more with its `Z_MODELCACHE` dropped.
@Suite struct ModelInferenceTests {
    static let storesWithCache = [
        Corpus.recipes, Corpus.sampleModel, Corpus.sampleModel2, Corpus.bookmarks, Corpus.migration,
    ]

    /// The decoded and the inferred model of one corpus store.
    private func models(_ name: String) throws -> (decoded: ManagedObjectModel, inferred: StoreModel) {
        let scratch = try ScratchDirectory()
        let path = try scratch.copyCorpusStore(name)
        let withCache = try StoreInspection(path: path)
        let decoded = try #require(withCache.storeModel?.model)
        withCache.close()
        let database = try Database(path: path)
        try database.execute("DROP TABLE Z_MODELCACHE")
        database.close()
        let withoutCache = try StoreInspection(path: path)
        defer { withoutCache.close() }
        return (decoded, try #require(withoutCache.storeModel))
    }

    /// The stored properties of an entity's whole family (the inference puts them on the root), by upper-cased name.
    private func familyProperties(_ entity: EntityDescription) -> [String: PropertyDescription] {
        var result: [String: PropertyDescription] = [:]
        for member in entity.rootEntity.selfAndDescendants {
            for property in member.properties where !property.isTransient {
                result[property.name.uppercased()] = property
            }
        }
        return result
    }

    @Test(arguments: storesWithCache)
    func theInferredModelHasTheCachedModelsEntitiesAttributesAndRelationships(name: String) throws {
        let (decoded, inferred) = try models(name)
        guard case .inferred(let ambiguities) = inferred.source else {
            Issue.record("the model is not labelled as inferred")
            return
        }
        let model = inferred.model
        #expect(Set(model.entities.map(\.name)) == Set(decoded.entities.map(\.name)))
        for entity in decoded.entities {
            let guessed = try #require(model.entitiesByName[entity.name])
            #expect(guessed.superentity?.name == entity.superentity?.name, "\(entity.name)'s parent")
            let found = familyProperties(guessed)
            for property in entity.properties where !property.isTransient {
                let key = property.name.uppercased()
                if property is AttributeDescription {
                    #expect(found[key] is AttributeDescription, "\(entity.name).\(property.name) is an attribute")
                    continue
                }
                guard let relationship = property as? RelationshipDescription else { continue }
                if !relationship.isToMany {
                    // A to-one is found, or said to be undecidable (its keys fit several tables).
                    let said = ambiguities.contains { $0.contains(".Z\(key) is indexed like a to-one foreign key") }
                    let match = found[key] as? RelationshipDescription
                    #expect(
                        said
                            || match?.destinationEntity?.rootEntity.name
                                == relationship.destinationEntity?.rootEntity.name,
                        "\(entity.name).\(relationship.name)")
                    continue
                }
                // A to-many is found by its destination and inverse, since its own name is guessed.
                let candidates = guessed.rootEntity.selfAndDescendants.flatMap {
                    $0.properties.compactMap { $0 as? RelationshipDescription }
                }.filter {
                    $0.isToMany
                        && $0.destinationEntity?.rootEntity.name == relationship.destinationEntity?.rootEntity.name
                        && $0.inverseName?.uppercased() == relationship.inverseName?.uppercased()
                }
                let inverseUndecided = ambiguities.contains { $0.contains("is indexed like a to-one foreign key") }
                #expect(
                    candidates.count == 1 || inverseUndecided && candidates.isEmpty,
                    "\(entity.name).\(relationship.name)")
                if let candidate = candidates.first {
                    #expect(
                        candidate.isOrdered == relationship.isOrdered, "\(entity.name).\(relationship.name) ordering")
                }
            }
        }
    }

    @Test func recipesGetTheirToManyRelationshipsWithTheNamesTheAppGaveThem() throws {
        let (_, inferred) = try models(Corpus.recipes)
        let recipe = try #require(inferred.model.entitiesByName["Recipe"])
        #expect(recipe.relationshipsByName["ingredients"]?.isToMany == true)
        #expect(recipe.relationshipsByName["ingredients"]?.inverseName == "recipe")
        #expect(recipe.relationshipsByName["type"]?.destinationEntity?.name == "RecipeType")
        #expect(inferred.model.entitiesByName["RecipeType"]?.relationshipsByName["recipes"]?.isToMany == true)
    }

    @Test func orderedAndManyToManyRelationshipsAreReadFromJoinTablesAndOrderColumns() throws {
        let (_, inferred) = try models(Corpus.bookmarks)
        let bookmark = try #require(inferred.model.entitiesByName["BookmarkEntity"])
        let favorites = try #require(bookmark.relationshipsByName["favorites"])
        #expect(favorites.isToMany && favorites.isOrdered && favorites.inverseName == "favoritefolders")
        #expect(bookmark.relationshipsByName["favoritefolders"]?.isOrdered == false)
        let children = bookmark.relationshipsByName.values.first { $0.inverseName == "parent" }
        #expect(children?.isToMany == true && children?.isOrdered == true)
        guard case .inferred(let ambiguities) = inferred.source else { return }
        #expect(ambiguities.contains { $0.contains("its name is a guess") })
    }

    @Test func propertyNamesKeepTheCaseAnIndexNameSpells() throws {
        let (_, inferred) = try models(Corpus.sampleModel)
        let person = try #require(inferred.model.entitiesByName["Person"])
        #expect(person.attributesByName["firstName"] != nil)
        #expect(person.attributesByName["updatedat"] != nil)
        guard case .inferred(let ambiguities) = inferred.source else { return }
        #expect(ambiguities.first?.contains("the store does not keep their original case") == true)
        #expect(ambiguities.first?.contains("firstName, lastName, numberPlate") == true)
    }

    @Test func rowsOfAnInferredModelFilterThroughItsInferredRelationshipsInSQL() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.copyCorpusStore(Corpus.recipes)
        let database = try Database(path: path)
        try database.execute("DROP TABLE Z_MODELCACHE")
        database.close()
        let inspection = try StoreInspection(path: path)
        defer { inspection.close() }
        let reader = try RowReader(inspection: inspection, entity: try inspection.entity(named: "Recipe"))
        #expect(reader.columns.contains("ingredients"))
        var names: [String] = []
        try reader.read(
            RowQuery(predicate: try ObjectPredicate(format: "ANY ingredients.name CONTAINS[c] 'ingredient 1'"))
        ) { row in
            names.append(row.objectID)
            return true
        }
        #expect(reader.lastEvaluation == .sql)
        #expect(!names.isEmpty)
    }
}
