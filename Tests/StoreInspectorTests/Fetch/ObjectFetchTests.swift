import Foundation
import ObjectGraph
import TestSupport
import Testing

@testable import StoreInspector

/// `inspect STORE fetch`, run in process: ObjectGraph fetches from a private copy of the Recipes
/// store, and the objects come back as listing rows with the SQL the fetch cost.
@Suite struct ObjectFetchTests {
    /// The Recipes store, copied and opened for inspection.
    private func recipes() throws -> (StoreInspection, ScratchDirectory) {
        let scratch = try ScratchDirectory()
        let path = try scratch.copyCorpusStore(Corpus.recipes)
        return (try StoreInspection(path: path), scratch)
    }

    @Test func sortTextBecomesDescriptorsInOrderWithTheirDirections() throws {
        let descriptors = try ObjectFetch.sortDescriptors("name, -displayOrder,recipe:desc")
        #expect(descriptors.map(\.key) == ["name", "displayOrder", "recipe"])
        #expect(descriptors.map(\.ascending) == [true, false, false])
    }

    @Test(arguments: ["", ",", " , ", "-"])
    func sortTextWithAnEmptyKeyIsRefusedWithTheTextQuoted(_ text: String) {
        #expect(throws: FetchError.badSortKey(text: text)) { try ObjectFetch.sortDescriptors(text) }
        #expect(
            FetchError.badSortKey(text: text).message
                == "--sort \"\(text)\": give one or more keys separated by commas, each KEY, -KEY or KEY:desc")
    }

    @Test func aSortedLimitedFetchReturnsThoseObjectsAndTracesItsSelect() throws {
        let (inspection, scratch) = try recipes()
        defer { inspection.close() }
        let outcome = try ObjectFetch(entityName: "Recipe", sort: "-name", limit: 2).run(on: inspection)
        #expect(outcome.rows.map(\.objectID) == ["Recipe/p3", "Recipe/p2"])
        #expect(outcome.rows.allSatisfy { $0.entityName == "Recipe" })
        let name = try #require(outcome.columns.firstIndex(of: "name"))
        #expect(outcome.rows.map { $0.values.element(at: name)?.text } == ["Recipe 3", "Recipe 2"])
        #expect(!outcome.showsEntityColumn)
        #expect(outcome.modelNote == nil)
        let selects = outcome.trace.filter { $0.hasPrefix("CoreData: sql: SELECT") }
        #expect(selects.count == 1, "\(outcome.trace)")
        #expect(selects.first?.contains("ORDER BY t0.ZNAME DESC LIMIT 2") == true, "\(selects)")
        withExtendedLifetime(scratch) {}
    }

    @Test func aPredicateSelectsTheMatchingObjectsOnly() throws {
        let (inspection, scratch) = try recipes()
        defer { inspection.close() }
        let outcome = try ObjectFetch(entityName: "Ingredient", predicate: "recipe.name == 'Recipe 2'", sort: "name")
            .run(on: inspection)
        #expect(!outcome.rows.isEmpty)
        let recipe = try #require(outcome.columns.firstIndex(of: "recipe"))
        #expect(outcome.rows.allSatisfy { $0.values.element(at: recipe)?.text == "Recipe/p2" })
        withExtendedLifetime(scratch) {}
    }

    @Test func anUnknownEntityIsRefusedWithTheEntitiesTheStoreHas() throws {
        let (inspection, scratch) = try recipes()
        defer { inspection.close() }
        #expect(throws: FetchError.unknownEntity(name: "Nope", known: ["Image", "Ingredient", "Recipe", "RecipeType"]))
        {
            try ObjectFetch(entityName: "Nope").run(on: inspection)
        }
        withExtendedLifetime(scratch) {}
    }

    @Test func aPredicateThatDoesNotParseIsABadPredicate() throws {
        let (inspection, scratch) = try recipes()
        defer { inspection.close() }
        let error = try #require(throws: FetchError.self) {
            try ObjectFetch(entityName: "Recipe", predicate: "name ==").run(on: inspection)
        }
        guard case .badPredicate(let detail) = error else {
            Issue.record("expected a bad predicate, got \(error)")
            return
        }
        #expect(!detail.isEmpty)
        #expect(error.message == "--where: " + detail)
        withExtendedLifetime(scratch) {}
    }
}
