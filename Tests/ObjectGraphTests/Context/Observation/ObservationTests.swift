import Foundation
import Testing

@testable import ObjectGraph

/// A subclass with a computed key that depends on two stored ones.
final class ObservedBook: ManagedObject, KeyValueDependencies, @unchecked Sendable {
    var label: String {
        "\(value(forKey: "title") as? String ?? "") by \(value(forKey: "author") as? String ?? "")"
    }

    static func keyPathsForValuesAffectingValue(forKey key: String) -> Set<String> {
        key == "label" ? ["title", "author"] : []
    }

    func computedValue(forKey key: String) -> Any? {
        key == "label" ? label : value(forKey: key)
    }
}

/// Key-value observing of managed objects.
@Suite struct ObservationTests {
    /// Records what an observation reports.
    private final class Log {
        var entries: [ObservedChange] = []
    }

    @Test func observingAnAttributeReportsOldAndNewValues() throws {
        let stack = try LibraryStack()
        let book = try stack.book("Austen", "Emma")
        let log = Log()
        let token = book.observe("title", options: [.old, .new]) { _, change in log.entries.append(change) }
        book["title"] = "Persuasion"
        #expect(log.entries.count == 1)
        #expect(log.entries.first?.oldValue as? String == "Emma")
        #expect(log.entries.first?.newValue as? String == "Persuasion")
        #expect(log.entries.first?.kind == .setting)
        token.invalidate()
        book["title"] = "Sanditon"
        #expect(log.entries.count == 1)
    }

    @Test func aRollbackReportsTheValueGoingBackToWhatIsStored() throws {
        let stack = try LibraryStack()
        let book = try stack.book("Austen", "Emma")
        try stack.context.save()
        let log = Log()
        let token = book.observe("title", options: [.old, .new]) { _, change in log.entries.append(change) }
        book["title"] = "Persuasion"
        stack.context.rollback()
        #expect(log.entries.count == 2)
        #expect(log.entries.last?.oldValue as? String == "Persuasion")
        #expect(log.entries.last?.newValue as? String == "Emma")
        #expect(book["title"] as? String == "Emma")
        // A key that did not change is not reported.
        let author = book.observe("author") { _, change in log.entries.append(change) }
        book["title"] = "Sanditon"
        stack.context.rollback()
        #expect(log.entries.count == 4)
        withExtendedLifetime((token, author)) {}
    }

    @Test func releasingTheTokenEndsTheObservation() throws {
        let stack = try LibraryStack()
        let book = try stack.book("Austen", "Emma")
        let log = Log()
        var token: ObservationToken? = book.observe("title") { _, change in log.entries.append(change) }
        book["title"] = "Persuasion"
        token = nil
        book["title"] = "Sanditon"
        #expect(log.entries.count == 1)
        #expect(token == nil)
    }

    @Test func initialAndPriorOptionsReportBeforeAnyChangeAndBeforeEachChange() throws {
        let stack = try LibraryStack()
        let book = try stack.book("Austen", "Emma")
        let log = Log()
        let token = book.observe("rating", options: [.initial, .prior, .old, .new]) { _, change in
            log.entries.append(change)
        }
        book["rating"] = 2
        try #require(log.entries.map(\.isPrior) == [false, true, false])
        #expect(log.entries[0].newValue as? Int == 0)
        #expect(log.entries[1].oldValue as? Int == 0)
        #expect(log.entries[2].newValue as? Int == 2)
        token.invalidate()
    }

    @Test func aPriorHandlerThatResetsTheContextLeavesTheChangeOutOfIt() throws {
        let stack = try LibraryStack()
        let book = try stack.book("Austen", "Emma")
        try stack.context.save()
        let token = book.observe("rating", options: [.prior]) { _, change in
            if change.isPrior { stack.context.reset() }
        }
        book["rating"] = 2
        #expect(book.managedObjectContext == nil)
        #expect(!stack.context.hasChanges)
        #expect(stack.context.updatedObjects.isEmpty)
        token.invalidate()
    }

    @Test func toManyChangesReportInsertedAndRemovedObjectsIncludingInverseEdits() throws {
        let stack = try LibraryStack()
        let shelf = try stack.context.insertNewObject(forEntityName: "Shelf")
        let emma = try stack.book("Austen", "Emma")
        let log = Log()
        let token = shelf.observe("books", options: [.old, .new]) { _, change in log.entries.append(change) }
        shelf.mutableSetValue(forKey: "books").insert(emma)
        emma["shelf"] = nil
        try #require(log.entries.map(\.kind) == [.insertion, .removal])
        #expect(log.entries[0].insertedObjects == [emma])
        #expect(log.entries[1].removedObjects == [emma])
        token.invalidate()
    }

    @Test func aKeyPathFollowsItsRelationshipToTheNewDestination() throws {
        let stack = try LibraryStack()
        let first = try stack.context.insertNewObject(forEntityName: "Shelf")
        first["name"] = "Fiction"
        let second = try stack.context.insertNewObject(forEntityName: "Shelf")
        second["name"] = "Poetry"
        let book = try stack.book("Austen", "Emma")
        book["shelf"] = first
        let log = Log()
        let token = book.observe("shelf.name", options: [.new]) { _, change in log.entries.append(change) }
        first["name"] = "Novels"
        book["shelf"] = second
        first["name"] = "Ignored"
        second["name"] = "Verse"
        #expect(log.entries.compactMap { $0.newValue as? String } == ["Novels", "Poetry", "Verse"])
        token.invalidate()
    }

    @Test func aDependentKeyIsReportedWhenAKeyItDependsOnChanges() throws {
        // An entity of its own, so registering the subclass affects no other test.
        let xml = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
                <entity name="LabelledBook" representedClassName="ObservedBook" syncable="YES">
                    <attribute name="author" optional="YES" attributeType="String"/>
                    <attribute name="title" optional="YES" attributeType="String"/>
                </entity>
            </model>
            """
        let model = try ManagedObjectModel(xcodeModelContents: Data(xml.utf8))
        let container = PersistentContainer(name: "Labels", managedObjectModel: model)
        try container.loadInMemoryStore()
        ManagedObjectClassRegistry.shared.register(ObservedBook.self, forEntityName: "LabelledBook")
        let book = try #require(
            try container.viewContext.insertNewObject(forEntityName: "LabelledBook") as? ObservedBook)
        book["title"] = "Emma"
        book["author"] = "Austen"
        let log = Log()
        let token = book.observe("label", options: [.old, .new]) { _, change in log.entries.append(change) }
        book["title"] = "Persuasion"
        #expect(log.entries.count == 1)
        #expect(log.entries.first?.oldValue as? String == "Emma by Austen")
        #expect(log.entries.first?.newValue as? String == "Persuasion by Austen")
        token.invalidate()
    }

    @Test func mergingAnotherContextsSaveReportsTheChangedKeys() throws {
        let stack = try LibraryStack()
        let book = try stack.book("Austen", "Emma", rating: 3)
        try stack.context.save()
        let log = Log()
        let titleToken = book.observe("title", options: [.old, .new]) { _, change in log.entries.append(change) }
        let ratingToken = book.observe("rating", options: [.new]) { _, change in log.entries.append(change) }

        let background = stack.container.newBackgroundContext()
        let id = book.objectID
        final class SavedInfo: @unchecked Sendable { var userInfo: [AnyHashable: Any]? }
        let saved = SavedInfo()
        let observer = NotificationCenter.default.addObserver(
            forName: ManagedObjectContext.didSaveNotification, object: background, queue: nil
        ) { saved.userInfo = $0.userInfo }
        try background.performAndWait {
            background.object(with: id)["title"] = "Persuasion"
            try background.save()
        }
        NotificationCenter.default.removeObserver(observer)
        stack.context.mergeChanges(
            fromContextDidSave: Notification(
                name: ManagedObjectContext.didSaveNotification, object: background, userInfo: saved.userInfo))

        // The title changed and is reported once; the rating did not and is not reported.
        #expect(book["title"] as? String == "Persuasion")
        #expect(log.entries.count == 1)
        #expect(log.entries.first?.oldValue as? String == "Emma")
        #expect(log.entries.first?.newValue as? String == "Persuasion")
        titleToken.invalidate()
        ratingToken.invalidate()
    }
}
