import Foundation
import Testing

@testable import ObjectGraph

/// With unsaved changes, a stored object the context has not touched can still stop matching a
/// predicate that reads a related object the context changed. `fetch(_:)` checks the store's rows
/// again in memory; a count, an object-ID fetch and a fetch without property values must agree.
@Suite struct PendingRelatedChangesCountTests {
    @Test func countAgreesWithFetchWhenARelatedObjectChangedUnsaved() throws {
        let model = try ManagedObjectModel(entities: [
            EntityDescription(
                name: "Person",
                properties: [
                    AttributeDescription(name: "name", type: .string),
                    RelationshipDescription(name: "employer", destinationEntityName: "Company", inverseName: "staff"),
                ]),
            EntityDescription(
                name: "Company",
                properties: [
                    AttributeDescription(name: "name", type: .string),
                    RelationshipDescription(
                        name: "staff", destinationEntityName: "Person", inverseName: "employer", isToMany: true),
                ]),
        ])
        let container = PersistentContainer(name: "Pending", managedObjectModel: model)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("Pending-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        _ = try container.loadPersistentStore(at: directory.appendingPathComponent("Pending.sqlite"))
        let context = container.viewContext
        let acme = try context.insertNewObject(forEntityName: "Company")
        acme.setValue("Acme", forKey: "name")
        for name in ["Ann", "Bob"] {
            let person = try context.insertNewObject(forEntityName: "Person")
            person.setValue(name, forKey: "name")
            person.setValue(acme, forKey: "employer")
        }
        try context.save()
        acme.setValue("Globex", forKey: "name")  // unsaved; the people themselves are untouched

        for format in ["employer.name == 'Acme'", "ANY employer.staff.name == 'Ann' AND employer.name == 'Acme'"] {
            let request = FetchRequest(entityName: "Person")
            request.predicate = try ObjectPredicate(format: format)
            #expect(try context.fetch(request).isEmpty, "\(format)")
            #expect(try context.count(for: request) == 0, "\(format)")
            #expect(try context.fetchObjectIDs(request).isEmpty, "\(format)")
            request.includesPropertyValues = false
            #expect(try context.fetch(request).isEmpty, "\(format)")
        }
        let request = FetchRequest(entityName: "Person")
        request.predicate = try ObjectPredicate(format: "employer.name == 'Globex'")
        request.sortDescriptors = [ObjectSortDescriptor(key: "name")]
        request.fetchOffset = 1
        let fetchedCount = try context.fetch(request).count
        #expect(try context.count(for: request) == fetchedCount)
    }
}
