import Foundation
import Testing

@testable import ObjectGraph

/// Building a model in code: linking by name, inheritance, and what the model answers.
@Suite struct ManagedObjectModelTests {
    static func theater() throws -> ManagedObjectModel {
        let theater = EntityDescription(
            name: "Theater", managedObjectClassName: "Theater",
            properties: [
                AttributeDescription(name: "name", type: .string, isOptional: false, minValue: 1),
                AttributeDescription(name: "openingDate", type: .string),
                RelationshipDescription(
                    name: "movies", destinationEntityName: "Movie", inverseName: "theater", isToMany: true,
                    deleteRule: .cascade),
            ])
        let movie = EntityDescription(
            name: "Movie",
            properties: [
                AttributeDescription(name: "movieDescription", type: .string),
                AttributeDescription(name: "name", type: .string, isOptional: false, minValue: 1),
                RelationshipDescription(name: "theater", destinationEntityName: "Theater", inverseName: "movies"),
            ])
        return try ManagedObjectModel(entities: [theater, movie], versionIdentifiers: [""])
    }

    @Test func relationshipsAreLinkedToDestinationsAndInverses() throws {
        let model = try Self.theater()
        let movies = try #require(model.entitiesByName["Theater"]?.relationshipsByName["movies"])
        let theater = try #require(model.entitiesByName["Movie"]?.relationshipsByName["theater"])
        #expect(movies.destinationEntity === model.entitiesByName["Movie"])
        #expect(movies.inverseRelationship === theater)
        #expect(theater.inverseRelationship === movies)
        #expect(movies.isToMany && !theater.isToMany)
        #expect(theater.maxCount == 1)
        #expect(movies.maximumCount == nil)
        #expect(movies.deleteRule == .cascade && theater.deleteRule == .nullify)
        #expect(movies.entity === model.entitiesByName["Theater"])
    }

    @Test func inCodeModelHashesEqualTheSameModelReadFromXcode() throws {
        let inCode = try Self.theater()
        let fromXcode = try ManagedObjectModel(
            contentsOf: ModelCorpus.packageRoot.appendingPathComponent("Samples/Theater/Theater.xcdatamodeld"))
        #expect(inCode.entityVersionHashesByName == fromXcode.entityVersionHashesByName)
        #expect(inCode.versionHashesDigest == fromXcode.versionHashesDigest)
        #expect(inCode.entityVersionHashesByName.values.allSatisfy { $0.count == 32 })
    }

    @Test func entitiesKeepTheirGivenOrderAndAreFoundByName() throws {
        let model = try Self.theater()
        #expect(model.entities.map(\.name) == ["Theater", "Movie"])
        #expect(Set(model.entitiesByName.keys) == ["Theater", "Movie"])
        #expect(model.entitiesByName["Movie"]?.managedObjectClassName == "ManagedObject")
        #expect(model.entitiesByName["Theater"]?.managedObjectClassName == "Theater")
    }

    @Test func subEntitiesInheritPropertiesAndAreOrderedByName() throws {
        let car = EntityDescription(
            name: "Car", properties: [AttributeDescription(name: "maker", type: .string)])
        let zeta = EntityDescription(name: "zeta", superentityName: "Car")
        let sport = EntityDescription(
            name: "SportCar", superentityName: "Car",
            properties: [AttributeDescription(name: "topSpeed", type: .integer32)])
        let expensive = EntityDescription(
            name: "ExpensiveSportCar", superentityName: "SportCar",
            properties: [AttributeDescription(name: "isLimitedEdition", type: .boolean)])
        let model = try ManagedObjectModel(entities: [expensive, zeta, car, sport])
        #expect(car.subentities.map(\.name) == ["SportCar", "zeta"])
        #expect(expensive.superentity === sport)
        #expect(expensive.rootEntity === car)
        #expect(expensive.isKind(of: car) && expensive.isKind(of: sport) && !car.isKind(of: sport))
        #expect(Set(expensive.propertiesByName.keys) == ["maker", "topSpeed", "isLimitedEdition"])
        #expect(expensive.allProperties.map(\.name) == ["maker", "topSpeed", "isLimitedEdition"])
        #expect(expensive.properties.map(\.name) == ["isLimitedEdition"])
        #expect(expensive.attributesByName["maker"] === car.attributesByName["maker"])
        #expect(car.selfAndDescendants.map(\.name) == ["Car", "SportCar", "ExpensiveSportCar", "zeta"])
        #expect(model.entitiesSortedByName.map(\.name) == ["Car", "ExpensiveSportCar", "SportCar", "zeta"])
    }

    @Test func fetchedPropertiesTemplatesAndConfigurationsAreKept() throws {
        let hero = EntityDescription(
            name: "Hero",
            properties: [
                AttributeDescription(name: "name", type: .string),
                FetchedPropertyDescription(
                    name: "namesakes", destinationEntityName: "Hero", predicateFormat: "name == $FETCH_SOURCE.name"),
            ])
        let model = try ManagedObjectModel(
            entities: [hero], fetchRequestTemplates: [FetchRequestTemplate(name: "all", entityName: "Hero")],
            configurations: ["Cloud": ["Hero"]], userInfo: ["course": "iOS"])
        let fetched = try #require(hero.fetchedPropertiesByName["namesakes"])
        #expect(fetched.destinationEntity === hero)
        #expect(fetched.predicateFormat == "name == $FETCH_SOURCE.name")
        #expect(model.fetchRequestTemplatesByName["all"]?.entityName == "Hero")
        #expect(model.entities(forConfiguration: "Cloud").map(\.name) == ["Hero"])
        #expect(model.entities(forConfiguration: nil).map(\.name) == ["Hero"])
        #expect(model.userInfo == ["course": "iOS"])
    }

    @Test func changedHashesNameTheEntitiesThatDiffer() throws {
        let model = try Self.theater()
        var storeHashes = model.entityVersionHashesByName
        storeHashes["Movie"] = Data(repeating: 0, count: 32)
        storeHashes["Cinema"] = Data(repeating: 1, count: 32)
        storeHashes["Theater"] = nil
        #expect(model.entitiesDiffering(fromVersionHashes: storeHashes) == ["Cinema", "Movie", "Theater"])
        #expect(model.entitiesDiffering(fromVersionHashes: model.entityVersionHashesByName).isEmpty)
    }

    @Test func versionHashModifierAndRenamingChangeOnlyWhatCoreDataHashes() throws {
        func hash(_ entity: EntityDescription) throws -> Data {
            try ManagedObjectModel(entities: [entity]).entityVersionHashesByName[entity.name] ?? Data()
        }
        let plain = try hash(EntityDescription(name: "A", properties: [AttributeDescription(name: "x", type: .string)]))
        let modified = try hash(
            EntityDescription(
                name: "A", properties: [AttributeDescription(name: "x", type: .string)], versionHashModifier: "2"))
        let renamed = try hash(
            EntityDescription(
                name: "A", properties: [AttributeDescription(name: "x", type: .string)], renamingIdentifier: "Old"))
        let withUserInfo = try hash(
            EntityDescription(
                name: "A", properties: [AttributeDescription(name: "x", type: .string, defaultValue: "d")],
                userInfo: ["k": "v"]))
        #expect(plain != modified)
        #expect(plain == renamed)
        #expect(plain == withUserInfo)
    }
}
