import Foundation

@testable import ObjectGraph

/// The model the predicate SQL and differential tests run against: every attribute class, to-one
/// and to-many relationships (inverse foreign key, ordered, many-to-many join table, no-inverse hidden key),
/// a self-relationship and a sub-entity sharing its parent's table.
enum PredicateTestModel {
    static func make() throws -> ManagedObjectModel {
        let person = EntityDescription(
            name: "Person",
            properties: [
                AttributeDescription(name: "name", type: .string),
                AttributeDescription(name: "nickname", type: .string),
                AttributeDescription(name: "age", type: .integer32),
                AttributeDescription(name: "score", type: .double),
                AttributeDescription(name: "birthday", type: .date),
                AttributeDescription(name: "isActive", type: .boolean),
                AttributeDescription(name: "token", type: .uuid),
                AttributeDescription(name: "homepage", type: .uri),
                AttributeDescription(name: "size", type: .integer16),
                RelationshipDescription(name: "employer", destinationEntityName: "Company", inverseName: "staff"),
                RelationshipDescription(name: "mentor", destinationEntityName: "Person", inverseName: "mentees"),
                RelationshipDescription(
                    name: "mentees", destinationEntityName: "Person", inverseName: "mentor",
                    isToMany: true),
                RelationshipDescription(
                    name: "pets", destinationEntityName: "Pet", inverseName: "owner", isToMany: true,
                    isOrdered: true),
                RelationshipDescription(
                    name: "projects", destinationEntityName: "Project", inverseName: "members",
                    isToMany: true),
            ])
        let company = EntityDescription(
            name: "Company",
            properties: [
                AttributeDescription(name: "name", type: .string),
                AttributeDescription(name: "founded", type: .date),
                AttributeDescription(name: "revenue", type: .decimal),
                AttributeDescription(name: "logo", type: .binaryData),
                RelationshipDescription(
                    name: "staff", destinationEntityName: "Person", inverseName: "employer",
                    isToMany: true),
                RelationshipDescription(name: "sponsoredPets", destinationEntityName: "Pet", isToMany: true),
            ])
        let project = EntityDescription(
            name: "Project",
            properties: [
                AttributeDescription(name: "title", type: .string),
                AttributeDescription(name: "budget", type: .integer64),
                AttributeDescription(name: "rating", type: .float),
                RelationshipDescription(
                    name: "members", destinationEntityName: "Person", inverseName: "projects",
                    isToMany: true),
            ])
        let pet = EntityDescription(
            name: "Pet",
            properties: [
                AttributeDescription(name: "name", type: .string),
                AttributeDescription(name: "weight", type: .double),
                RelationshipDescription(name: "owner", destinationEntityName: "Person", inverseName: "pets"),
            ])
        let dog = EntityDescription(
            name: "Dog", superentityName: "Pet",
            properties: [
                AttributeDescription(name: "breed", type: .string)
            ])
        return try ManagedObjectModel(entities: [person, company, project, pet, dog])
    }
}
