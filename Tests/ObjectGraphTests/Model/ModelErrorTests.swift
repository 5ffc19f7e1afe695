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

    /// A model file with one entity named `entity` holding one string attribute named `attribute`.
    private func modelFile(entity: String, attribute: String) -> Data {
        Data(
            ("<model><entity name=\"\(entity)\"><attribute name=\"\(attribute)\" optional=\"YES\" "
                + "attributeType=\"String\"/></entity></model>").utf8)
    }

    @Test(arguments: ["", "   ", "Big Movie", "Movie-2", "2Movies"])
    func aModelFileWhoseEntityNameIsNotAnIdentifierIsRejected(_ name: String) {
        #expect(throws: ModelError.invalidName(name, entity: nil)) {
            try ManagedObjectModel(xcodeModelContents: modelFile(entity: name, attribute: "title"))
        }
    }

    @Test(arguments: ["", "a b", "release-date"])
    func aModelFileWhosePropertyNameIsNotAnIdentifierIsRejected(_ name: String) {
        #expect(throws: ModelError.invalidName(name, entity: "Movie")) {
            try ManagedObjectModel(xcodeModelContents: modelFile(entity: "Movie", attribute: name))
        }
    }

    @Test func aModelBuiltInCodeMayUseAnyNameAStoreHolds() throws {
        // The inspector infers models from stores others wrote, whatever their tables are called.
        let model = try ManagedObjectModel(entities: [EntityDescription(name: "Odd Name")])
        #expect(model.entitiesByName["Odd Name"] != nil)
    }

    @Test func anInvalidNameIsQuotedInTheMessage() {
        #expect(
            ModelError.invalidName("a b", entity: "Movie").description
                == "entity Movie has a property named \"a b\", which is not a name (use letters, digits and _, "
                + "not starting with a digit)")
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
