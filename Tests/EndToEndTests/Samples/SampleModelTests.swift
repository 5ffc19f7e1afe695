import Foundation
import ObjectGraph
import TestSupport
import Testing

/// The samples' Xcode models load and say what the samples rely on.
@Suite struct SampleModelTests {
    private func model(_ name: String) throws -> ManagedObjectModel {
        let url = ProductRunner.packageRoot.appendingPathComponent("Samples/\(name)/\(name).xcdatamodeld")
        return try ManagedObjectModel(contentsOf: url)
    }

    @Test func booksModelHasCoreDataBooksBookEntity() throws {
        let book = try #require(try model("Books").entitiesByName["Book"])
        #expect(Set(book.attributesByName.keys) == ["author", "copyright", "title"])
        #expect(book.attributesByName["copyright"]?.attributeType == .date)
    }

    @Test func superDBModelHasHeroFetchedPropertiesAndPowers() throws {
        let superDB = try model("SuperDB")
        let hero = try #require(superDB.entitiesByName["Hero"])
        #expect(
            Set(hero.fetchedPropertiesByName.keys)
                == ["olderHeroes", "youngerHeroes", "sameSexHeroes", "oppositeSexHeroes"])
        #expect(hero.fetchedPropertiesByName["olderHeroes"]?.predicateFormat == "birthdate < $FETCH_SOURCE.birthdate")
        let powers = try #require(hero.relationshipsByName["powers"])
        #expect(powers.isToMany && powers.deleteRule == .cascade && powers.inverseName == "hero")
    }
}
