import Foundation
import ObjectGraph
import Testing

/// Save validation of to-many counts follows the rule the inspector's `check` follows
/// (`RelationshipDescription.countViolation(holding:)`): a required to-many with no minimum set
/// saves empty, as Core Data's stores show; a set minimum or maximum is enforced.
@Suite struct ToManyCountValidationTests {
    /// A context over an in-memory store where Folder.items is a to-many to Item.
    private static func context(optional: Bool, min: Int = 0, max: Int = 0) throws -> ManagedObjectContext {
        let folder = EntityDescription(
            name: "Folder",
            properties: [
                RelationshipDescription(
                    name: "items", destinationEntityName: "Item", inverseName: "folder", isToMany: true,
                    minCount: min, maxCount: max, isOptional: optional)
            ])
        let item = EntityDescription(
            name: "Item",
            properties: [RelationshipDescription(name: "folder", destinationEntityName: "Folder", inverseName: "items")]
        )
        let container = PersistentContainer(
            name: "Folders", managedObjectModel: try ManagedObjectModel(entities: [folder, item]))
        try container.loadInMemoryStore()
        return container.viewContext
    }

    private static func saveError(_ context: ManagedObjectContext) -> CoreDataError.Code? {
        do {
            try context.save()
            return nil
        } catch {
            return (error as? CoreDataError)?.code
        }
    }

    @Test func aRequiredToManyWithoutAMinimumSavesEmpty() throws {
        let context = try Self.context(optional: false)
        try context.insertNewObject(forEntityName: "Folder")
        #expect(Self.saveError(context) == nil)
    }

    @Test func aRequiredToManyEmptiedExplicitlySaves() throws {
        let context = try Self.context(optional: false)
        let folder = try context.insertNewObject(forEntityName: "Folder")
        folder.mutableSetValue(forKey: "items").removeAll()
        #expect(Self.saveError(context) == nil)
    }

    @Test func aRequiredToManyBelowItsSetMinimumIs1580() throws {
        let context = try Self.context(optional: false, min: 2)
        let folder = try context.insertNewObject(forEntityName: "Folder")
        #expect(Self.saveError(context) == .validationRelationshipLacksMinimumCount)
        folder.mutableSetValue(forKey: "items").insert(try context.insertNewObject(forEntityName: "Item"))
        #expect(Self.saveError(context) == .validationRelationshipLacksMinimumCount)
        folder.mutableSetValue(forKey: "items").insert(try context.insertNewObject(forEntityName: "Item"))
        #expect(Self.saveError(context) == nil)
    }

    @Test func anOptionalToManyIsCheckedOnlyWhenItHoldsObjects() throws {
        let context = try Self.context(optional: true, min: 2)
        let folder = try context.insertNewObject(forEntityName: "Folder")
        #expect(Self.saveError(context) == nil)
        folder.mutableSetValue(forKey: "items").insert(try context.insertNewObject(forEntityName: "Item"))
        #expect(Self.saveError(context) == .validationRelationshipLacksMinimumCount)
    }

    @Test(arguments: [true, false])
    func aSetMaximumIs1590(optional: Bool) throws {
        let context = try Self.context(optional: optional, max: 1)
        let folder = try context.insertNewObject(forEntityName: "Folder")
        let items = folder.mutableSetValue(forKey: "items")
        items.insert(try context.insertNewObject(forEntityName: "Item"))
        #expect(Self.saveError(context) == nil)
        items.insert(try context.insertNewObject(forEntityName: "Item"))
        #expect(Self.saveError(context) == .validationRelationshipExceedsMaximumCount)
    }
}
