import Testing

@testable import ObjectGraph

@Suite struct ModelGraphTests {
    private static func entities() -> [EntityDescription] {
        [
            EntityDescription(
                name: "Place", isAbstract: true,
                properties: [
                    AttributeDescription(name: "name", type: .string),
                    RelationshipDescription(
                        name: "visitors", destinationEntityName: "Person", inverseName: "visited", isToMany: true),
                ]),
            EntityDescription(
                name: "Theater", superentityName: "Place",
                properties: [
                    AttributeDescription(name: "seats", type: .integer64),
                    FetchedPropertyDescription(
                        name: "big", destinationEntityName: "Theater", predicateFormat: "seats > 100"),
                ]),
            EntityDescription(
                name: "Person",
                properties: [
                    RelationshipDescription(
                        name: "visited", destinationEntityName: "Place", inverseName: "visitors", isToMany: true)
                ]),
        ]
    }

    @Test func backPointersResolveThroughTheModelIncludingInheritedInverses() throws {
        let model = try ManagedObjectModel(entities: Self.entities())
        let place = try #require(model.entitiesByName["Place"])
        let theater = try #require(model.entitiesByName["Theater"])
        let person = try #require(model.entitiesByName["Person"])
        #expect(theater.superentity === place)
        #expect(place.superentity == nil)
        #expect(theater.managedObjectModel === model)
        let visitors = try #require(theater.relationshipsByName["visitors"])
        let visited = try #require(person.relationshipsByName["visited"])
        #expect(visitors.entity === place)
        #expect(visitors.destinationEntity === person)
        #expect(visitors.inverseRelationship === visited)
        #expect(visited.inverseRelationship === visitors)
        #expect(visited.destinationEntity === place)
        #expect(theater.fetchedPropertiesByName["big"]?.destinationEntity === theater)
        #expect(theater.attributesByName["seats"]?.entity === theater)
    }

    @Test func backPointersReadNilOnceTheModelIsGoneAndTheEntitiesCanJoinANewModel() throws {
        let entities = Self.entities()
        var model: ManagedObjectModel? = try ManagedObjectModel(entities: entities)
        #expect(entities[1].superentity === entities[0])
        #expect(throws: ModelError.self) { try ManagedObjectModel(entities: entities) }
        model = nil
        #expect(model == nil)
        #expect(entities[1].superentity == nil)
        #expect(entities[1].managedObjectModel == nil)
        #expect(entities[2].relationshipsByName["visited"]?.destinationEntity == nil)
        #expect(entities[2].relationshipsByName["visited"]?.inverseRelationship == nil)
        #expect(entities[1].properties[0].entity == nil)
        let again = try ManagedObjectModel(entities: entities)
        #expect(entities[1].superentity === entities[0])
        #expect(entities[1].managedObjectModel === again)
    }

    @Test func aFailedModelLeavesItsEntitiesFreeForAnother() throws {
        let entities = Self.entities()
        let template = FetchRequestTemplate(name: "ghosts", entityName: "Ghost", predicateFormat: nil)
        #expect(throws: ModelError.self) {
            try ManagedObjectModel(entities: entities, fetchRequestTemplates: [template])
        }
        #expect(entities[1].managedObjectModel == nil)
        let model = try ManagedObjectModel(entities: entities)
        #expect(entities[0].managedObjectModel === model)
    }
}
