import Foundation
import Testing

@testable import ObjectGraph

/// Objects-did-change, will-save and did-save, with the sets Core Data puts in them.
@Suite struct ContextNotificationTests {
    /// Collects the notifications one context posts while the collector lives.
    private final class Collector: @unchecked Sendable {
        private let lock = NSLock()
        private var received: [(name: Notification.Name, changes: ContextChanges, info: [AnyHashable: Any])] = []
        private var tokens: [NSObjectProtocol] = []

        init(_ context: ManagedObjectContext) {
            for name in [
                ManagedObjectContext.objectsDidChangeNotification, ManagedObjectContext.willSaveNotification,
                ManagedObjectContext.didSaveNotification,
            ] {
                tokens.append(
                    NotificationCenter.default.addObserver(forName: name, object: context, queue: nil) {
                        [weak self] note in self?.record(note)
                    })
            }
        }

        deinit {
            for token in tokens { NotificationCenter.default.removeObserver(token) }
        }

        private func record(_ note: Notification) {
            lock.withLock { received.append((note.name, ContextChanges(notification: note), note.userInfo ?? [:])) }
        }

        var all: [(name: Notification.Name, changes: ContextChanges, info: [AnyHashable: Any])] {
            lock.withLock { received }
        }

        func reset() {
            lock.withLock { received = [] }
        }
    }

    @Test func processPendingChangesPostsTheEventsInsertsUpdatesAndDeletes() throws {
        let stack = try LibraryStack()
        let kept = try stack.book("Austen", "Emma")
        let doomed = try stack.book("Borges", "Ficciones")
        try stack.context.save()
        let collector = Collector(stack.context)
        kept["rating"] = 4
        stack.context.delete(doomed)
        let added = try stack.book("Calvino", "Invisible Cities")
        stack.context.processPendingChanges()
        let notes = collector.all
        #expect(notes.count == 1)
        #expect(notes.first?.name == ManagedObjectContext.objectsDidChangeNotification)
        #expect(notes.first?.changes.inserted == [added])
        #expect(notes.first?.changes.updated == [kept])
        #expect(notes.first?.changes.deleted == [doomed])
        stack.context.processPendingChanges()
        #expect(collector.all.count == 1)
    }

    @Test func anObjectInsertedAndDeletedInOneEventIsNotReported() throws {
        let stack = try LibraryStack()
        let collector = Collector(stack.context)
        let fleeting = try stack.book("Austen", "Emma")
        stack.context.delete(fleeting)
        stack.context.processPendingChanges()
        #expect(collector.all.isEmpty)
    }

    @Test func saveEndsTheEventThenPostsWillSaveAndDidSaveWithIDs() throws {
        let stack = try LibraryStack()
        let collector = Collector(stack.context)
        let book = try stack.book("Austen", "Emma")
        try stack.context.save()
        let names = collector.all.map(\.name)
        #expect(
            names == [
                ManagedObjectContext.objectsDidChangeNotification, ManagedObjectContext.willSaveNotification,
                ManagedObjectContext.didSaveNotification,
            ])
        let didSave = try #require(collector.all.last)
        #expect(didSave.changes.inserted == [book])
        let ids = didSave.info[ManagedObjectContext.NotificationKey.insertedObjectIDs.rawValue] as? Set<ManagedObjectID>
        #expect(ids == [book.objectID])
        #expect(book.objectID.isTemporaryID == false)
    }

    @Test func didSaveListsEveryInsertedObjectWhetherTheLastEventInsertedAllOfThemOrNot() throws {
        let stack = try LibraryStack()
        let collector = Collector(stack.context)
        // Inserted in an earlier event, and one inserted and deleted again: the last event
        // reports only part of what the save inserts.
        let earlier = try stack.book("Austen", "Emma")
        stack.context.processPendingChanges()
        let later = try stack.book("Borges", "Ficciones")
        let dropped = try stack.book("Calvino", "Invisible Cities")
        stack.context.delete(dropped)
        try stack.context.save()
        #expect(collector.all.last?.name == ManagedObjectContext.didSaveNotification)
        #expect(collector.all.last?.changes.inserted == [earlier, later])

        // Everything inserted in the event the save ends.
        collector.reset()
        let third = try stack.book("Dickens", "Bleak House")
        let fourth = try stack.book("Eco", "The Name of the Rose")
        try stack.context.save()
        #expect(collector.all.last?.changes.inserted == [third, fourth])
        let ids = collector.all.last?.info[ManagedObjectContext.NotificationKey.insertedObjectIDs.rawValue]
        #expect(ids as? Set<ManagedObjectID> == [third.objectID, fourth.objectID])
    }

    @Test func savingWithoutChangesPostsNothing() throws {
        let stack = try LibraryStack()
        let collector = Collector(stack.context)
        try stack.context.save()
        #expect(collector.all.isEmpty)
    }

    @Test func savingAfterAnInsertWasDeletedAgainPostsNothingAndLetsTheObjectGo() throws {
        let stack = try LibraryStack()
        let collector = Collector(stack.context)
        let fleeting = try stack.book("Austen", "Emma")
        stack.context.delete(fleeting)
        #expect(!stack.context.hasChanges)
        try stack.context.save()
        #expect(collector.all.isEmpty)
        #expect(fleeting.managedObjectContext == nil)
        #expect(try stack.context.count(for: FetchRequest(entityName: "Book")) == 0)
    }

    @Test func rollbackReportsDiscardedAndRevertedObjects() throws {
        let stack = try LibraryStack()
        let stored = try stack.book("Austen", "Emma")
        try stack.context.save()
        stored["title"] = "Persuasion"
        let fresh = try stack.book("Borges", "Ficciones")
        stack.context.processPendingChanges()
        let collector = Collector(stack.context)
        stack.context.rollback()
        let changes = try #require(collector.all.first?.changes)
        #expect(changes.invalidated == [fresh])
        #expect(changes.refreshed == [stored])
        #expect(stored["title"] as? String == "Emma")
    }

    @Test func mergingADidSaveBringsAnotherContextUpToDate() throws {
        let stack = try LibraryStack()
        let book = try stack.book("Austen", "Emma")
        let doomed = try stack.book("Borges", "Ficciones")
        try stack.context.save()
        let other = stack.container.newBackgroundContext()
        let (otherBook, otherDoomed) = other.performAndWait {
            (other.object(with: book.objectID), other.object(with: doomed.objectID))
        }
        other.performAndWait { _ = otherBook["title"] }
        let collector = Collector(stack.context)
        book["title"] = "Persuasion"
        stack.context.delete(doomed)
        let added = try stack.book("Calvino", "Invisible Cities")
        try stack.context.save()
        let didSave = try #require(collector.all.last)
        let merged = Collector(other)
        other.performAndWait {
            other.mergeChanges(
                fromContextDidSave: Notification(
                    name: didSave.name, object: stack.context, userInfo: didSave.info))
        }
        other.performAndWait {
            #expect(otherBook["title"] as? String == "Persuasion")
            #expect(otherDoomed.managedObjectContext == nil)
            #expect(other.registeredObject(for: added.objectID) != nil)
        }
        let report = try #require(merged.all.first?.changes)
        #expect(report.refreshed.map(\.objectID) == [book.objectID])
        #expect(report.deleted.map(\.objectID) == [doomed.objectID])
        #expect(report.inserted.map(\.objectID) == [added.objectID])
    }
}
