import Foundation
import ObjectGraph
import SQLite
import TestSupport
import Testing

@testable import StoreInspector

/// A row with two possible owners (an attachment of a note or of a message, both cascading) is an
/// orphan only when no owner is left, never because the owner it does not have is missing.
@Suite struct CascadeOrphanTests {
    /// A store with Attachment/p1 owned by a note, p2 by a message, p3 by both, p4 by neither.
    private static func store(_ scratch: ScratchDirectory) throws -> String {
        let model = try ManagedObjectModel(entities: [
            EntityDescription(
                name: "Note",
                properties: [
                    RelationshipDescription(
                        name: "attachments", destinationEntityName: "Attachment", inverseName: "note",
                        isToMany: true, deleteRule: .cascade)
                ]),
            EntityDescription(
                name: "Message",
                properties: [
                    RelationshipDescription(
                        name: "attachments", destinationEntityName: "Attachment", inverseName: "message",
                        isToMany: true, deleteRule: .cascade)
                ]),
            EntityDescription(
                name: "Attachment",
                properties: [
                    AttributeDescription(name: "name", type: .string),
                    RelationshipDescription(name: "note", destinationEntityName: "Note", inverseName: "attachments"),
                    RelationshipDescription(
                        name: "message", destinationEntityName: "Message", inverseName: "attachments"),
                ]),
        ])
        let path = scratch.path("Mail.sqlite")
        let container = PersistentContainer(name: "Mail", managedObjectModel: model)
        let store = try container.loadPersistentStore(at: URL(fileURLWithPath: path))
        let context = container.viewContext
        let note = try context.insertNewObject(forEntityName: "Note")
        let message = try context.insertNewObject(forEntityName: "Message")
        for (name, owners) in [("p1", [note]), ("p2", [message]), ("p3", [note, message]), ("p4", [])] {
            let attachment = try context.insertNewObject(forEntityName: "Attachment")
            attachment["name"] = name
            for owner in owners { owner.mutableSetValue(forKey: "attachments").insert(attachment) }
        }
        try context.save()
        (store as? SQLiteStore)?.close()
        return path
    }

    @Test func onlyARowWithNoOwnerLeftIsAnOrphan() throws {
        let scratch = try ScratchDirectory()
        let path = try Self.store(scratch)
        let inspection = try StoreInspection(path: path)
        defer { inspection.close() }
        let orphans = try ConsistencyChecker.check(inspection).filter { $0.kind == .cascadeOrphan }
        let unowned = try #require(
            try inspection.store.scalar("SELECT Z_PK FROM ZATTACHMENT WHERE ZNAME = 'p4'")?.int64Value)
        #expect(orphans.map(\.object) == ["Attachment/p\(unowned)"])
        let orphan = try #require(orphans.first)
        #expect(orphan.key == "message, note")
        #expect(
            orphan.message
                == "has no owner left: none of Message.attachments, Note.attachments holds it, and each cascades: "
                + "deleting its owner would have deleted it too (was the row left behind by a direct SQL delete?)")
    }
}
