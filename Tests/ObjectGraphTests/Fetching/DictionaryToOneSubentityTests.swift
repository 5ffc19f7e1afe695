import Foundation
import ObjectGraph
import Testing

/// A to-one relationship whose destination has sub-entities: a dictionary result names each
/// destination by its own entity, read from the `Z<n>_<REL>` column in SQL.
@Suite("Dictionary results: to-ones to entities with sub-entities")
struct DictionaryToOneSubentityTests {
    /// Loans of items; an item is a plain `Item` or a `Book`.
    private static func model() throws -> ManagedObjectModel {
        try ManagedObjectModel(entities: [
            EntityDescription(
                name: "Item",
                properties: [
                    AttributeDescription(name: "title", type: .string),
                    RelationshipDescription(
                        name: "loans", destinationEntityName: "Loan", inverseName: "item", isToMany: true),
                ]),
            EntityDescription(
                name: "Book", superentityName: "Item",
                properties: [
                    AttributeDescription(name: "author", type: .string)
                ]),
            EntityDescription(
                name: "Loan",
                properties: [
                    AttributeDescription(name: "borrower", type: .string),
                    RelationshipDescription(name: "item", destinationEntityName: "Item", inverseName: "loans"),
                ]),
        ])
    }

    @Test(arguments: StoreKind.allCases)
    func toOneIDsNameTheDestinationsOwnEntity(_ kind: StoreKind) throws {
        let stack = try CinemaStack(kind, model: try Self.model())
        let context = stack.context
        let lamp = try context.insertNewObject(forEntityName: "Item")
        lamp["title"] = "Lamp"
        let emma = try context.insertNewObject(forEntityName: "Book")
        emma["title"] = "Emma"
        for (borrower, item) in [("Ann", emma), ("Bob", lamp)] {
            let loan = try context.insertNewObject(forEntityName: "Loan")
            loan["borrower"] = borrower
            loan["item"] = item
        }
        try context.save()

        let request = FetchRequest(entityName: "Loan")
        request.sortDescriptors = [ObjectSortDescriptor(key: "borrower")]
        request.propertiesToFetch = ["borrower", "item", "item.title"]
        let rows = try context.fetchDictionaries(request)
        #expect(
            comparable(rows) == [
                ["borrower": "Ann", "item": emma.objectID, "item.title": "Emma"],
                ["borrower": "Bob", "item": lamp.objectID, "item.title": "Lamp"],
            ])
        #expect(rows.map { ($0["item"] as? ManagedObjectID)?.entity.name } == ["Book", "Item"])
    }
}
