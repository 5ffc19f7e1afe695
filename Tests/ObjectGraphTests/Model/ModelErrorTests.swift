import Foundation
import Testing

@testable import ObjectGraph

/// Every bad model fails with one clear message (in code here; from files in XcodeModelReaderErrorTests).
@Suite struct ModelErrorTests {
    @Test func unknownDestinationEntityIsNamed() {
        let entity = EntityDescription(
            name: "Movie", properties: [RelationshipDescription(name: "theater", destinationEntityName: "Cinema")])
        #expect(
            throws: ModelError.unknownDestinationEntity(entity: "Movie", relationship: "theater", destination: "Cinema")
        ) {
            try ManagedObjectModel(entities: [entity])
        }
        let message = ModelError.unknownDestinationEntity(
            entity: "Movie", relationship: "theater", destination: "Cinema"
        )
        .description
        #expect(message == "relationship Movie.theater points to entity \"Cinema\", which is not in the model")
    }

    @Test func unknownInverseIsNamed() {
        let theater = EntityDescription(name: "Theater")
        let movie = EntityDescription(
            name: "Movie",
            properties: [
                RelationshipDescription(name: "theater", destinationEntityName: "Theater", inverseName: "films")
            ])
        #expect(
            throws: ModelError.unknownInverseRelationship(
                entity: "Movie", relationship: "theater", destination: "Theater", inverse: "films")
        ) { try ManagedObjectModel(entities: [theater, movie]) }
    }

    @Test func inverseThatIsAnAttributeIsRejected() {
        let theater = EntityDescription(
            name: "Theater", properties: [AttributeDescription(name: "films", type: .string)])
        let movie = EntityDescription(
            name: "Movie",
            properties: [
                RelationshipDescription(name: "theater", destinationEntityName: "Theater", inverseName: "films")
            ])
        #expect(throws: ModelError.self) { try ManagedObjectModel(entities: [theater, movie]) }
    }

    @Test func duplicateEntityNamesAreRejected() {
        #expect(throws: ModelError.duplicateEntity(name: "Movie")) {
            try ManagedObjectModel(entities: [EntityDescription(name: "Movie"), EntityDescription(name: "Movie")])
        }
    }

    @Test func anEmptyEntityOrPropertyNameIsRejected() {
        #expect(throws: ModelError.emptyName(entity: nil)) {
            try ManagedObjectModel(entities: [EntityDescription(name: ""), EntityDescription(name: "Movie")])
        }
        let movie = EntityDescription(name: "Movie", properties: [AttributeDescription(name: "", type: .string)])
        #expect(throws: ModelError.emptyName(entity: "Movie")) { try ManagedObjectModel(entities: [movie]) }
        #expect(ModelError.emptyName(entity: nil).description == "an entity has an empty name")
    }

    @Test func propertyRedeclaringAnInheritedOneIsADuplicate() {
        let parent = EntityDescription(name: "Car", properties: [AttributeDescription(name: "maker", type: .string)])
        let child = EntityDescription(
            name: "SportCar", superentityName: "Car", properties: [AttributeDescription(name: "maker", type: .string)])
        #expect(throws: ModelError.duplicateProperty(entity: "SportCar", property: "maker")) {
            try ManagedObjectModel(entities: [parent, child])
        }
    }

    @Test func parentCycleListsTheEntitiesInTheCycle() {
        let a = EntityDescription(name: "A", superentityName: "C")
        let b = EntityDescription(name: "B", superentityName: "A")
        let c = EntityDescription(name: "C", superentityName: "B")
        #expect(throws: ModelError.parentEntityCycle(entities: ["A", "C", "B"])) {
            try ManagedObjectModel(entities: [a, b, c])
        }
        #expect(
            ModelError.parentEntityCycle(entities: ["A", "C", "B"]).description
                == "parent entities form a cycle: A → C → B → A")
    }

    @Test func entityThatIsItsOwnParentIsACycle() {
        #expect(throws: ModelError.parentEntityCycle(entities: ["A"])) {
            try ManagedObjectModel(entities: [EntityDescription(name: "A", superentityName: "A")])
        }
    }

    @Test func unknownParentIsNamed() {
        #expect(throws: ModelError.unknownParentEntity(entity: "SportCar", parent: "Car")) {
            try ManagedObjectModel(entities: [EntityDescription(name: "SportCar", superentityName: "Car")])
        }
    }

    @Test func constraintsAndIndexesMustNameProperties() {
        let constrained = EntityDescription(name: "Car", uniquenessConstraints: [["plate"]])
        #expect(throws: ModelError.unknownName(entity: "Car", name: "plate", usedBy: "a uniqueness constraint")) {
            try ManagedObjectModel(entities: [constrained])
        }
        let indexed = EntityDescription(
            name: "Car",
            fetchIndexes: [FetchIndexDescription(name: "byPlate", elements: [.init(propertyName: "plate")])])
        #expect(throws: ModelError.unknownName(entity: "Car", name: "plate", usedBy: "fetch index \"byPlate\"")) {
            try ManagedObjectModel(entities: [indexed])
        }
    }

    @Test func templatesAndConfigurationsMustNameEntities() {
        #expect(throws: ModelError.unknownEntity(name: "Ghost", usedBy: "fetch request \"all\"")) {
            try ManagedObjectModel(
                entities: [], fetchRequestTemplates: [FetchRequestTemplate(name: "all", entityName: "Ghost")])
        }
        #expect(throws: ModelError.unknownEntity(name: "Ghost", usedBy: "configuration \"Cloud\"")) {
            try ManagedObjectModel(entities: [], configurations: ["Cloud": ["Ghost"]])
        }
    }

    @Test func anEntityBelongsToOneModel() throws {
        let entity = EntityDescription(name: "Movie")
        let first = try ManagedObjectModel(entities: [entity])
        #expect(throws: ModelError.entityAlreadyInAModel(name: "Movie")) { try ManagedObjectModel(entities: [entity]) }
        #expect(first.entities.count == 1)
    }

    @Test func failedBuildLeavesTheDescriptionsUnlinked() {
        let theater = EntityDescription(name: "Theater")
        let movie = EntityDescription(
            name: "Movie",
            properties: [
                RelationshipDescription(name: "theater", destinationEntityName: "Theater"),
                RelationshipDescription(name: "studio", destinationEntityName: "Studio"),
            ])
        #expect(throws: ModelError.self) { try ManagedObjectModel(entities: [theater, movie]) }
        #expect(movie.relationshipsByName.isEmpty)
        #expect(movie.managedObjectModel == nil)
        #expect(movie.versionHash.isEmpty)
    }
}
