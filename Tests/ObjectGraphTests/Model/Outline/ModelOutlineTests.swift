import Foundation
import Testing

@testable import ObjectGraph

@Suite struct ModelOutlineTests {
    @Test func outlineAlignsColumnsAndShowsEveryRule() throws {
        let event = EntityDescription(
            name: "Event", managedObjectClassName: "Event",
            properties: [
                AttributeDescription(
                    name: "start", type: .date, isOptional: false,
                    defaultValue: Date(timeIntervalSinceReferenceDate: 0)),
                AttributeDescription(
                    name: "id", type: .uuid, defaultValue: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")),
                AttributeDescription(name: "site", type: .uri, defaultValue: URL(string: "https://example.com")),
                AttributeDescription(
                    name: "code", type: .string, regularExpression: "[A-Z]+", userInfo: ["hint": "caps"]),
                RelationshipDescription(
                    name: "guests", destinationEntityName: "Event", isToMany: true, minCount: 1, maxCount: 5,
                    deleteRule: .deny),
            ],
            fetchIndexes: [
                FetchIndexDescription(name: "byStart", elements: [.init(propertyName: "start", isAscending: false)])
            ],
            userInfo: ["owner": "TA"])
        let model = try ManagedObjectModel(
            entities: [event],
            fetchRequestTemplates: [FetchRequestTemplate(name: "soon", entityName: "Event", fetchLimit: 3)],
            configurations: ["Local": ["Event"]])
        let lines = ModelOutline(model: model).lines
        #expect(lines.first == "model: 1 entity")
        #expect(lines.contains("entity Event  (Z_ENT 1, table ZEVENT, class Event)"))
        #expect(lines.contains("  user info: owner = TA"))
        #expect(lines.contains("    start  Date    required  default 2001-01-01T00:00:00Z"))
        #expect(lines.contains("    id     UUID    optional  default E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(lines.contains("    site   URI     optional  default https://example.com"))
        #expect(lines.contains("    code   String  optional  matches [A-Z]+, user info hint = caps"))
        #expect(lines.contains("    guests  → Event  to-many  optional  no inverse, deny, min 1, max 5"))
        #expect(lines.contains("  indexes: byStart (start descending)"))
        #expect(lines.contains("  soon  Event  limit 3"))
        #expect(lines.contains("  Local  Event"))
        #expect(lines.allSatisfy { !$0.hasSuffix(" ") })
    }
}
