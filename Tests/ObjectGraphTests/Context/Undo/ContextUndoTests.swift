import Foundation
import Testing

@testable import ObjectGraph

/// Undo and redo of a context's inserts, deletes, attribute and relationship changes.
@Suite struct ContextUndoTests {
    private func stack() throws -> LibraryStack {
        let stack = try LibraryStack()
        stack.context.undoManager = UndoManager()
        return stack
    }

    @Test func undoingAnAttributeChangeRestoresTheValueAndRedoAppliesItAgain() throws {
        let stack = try stack()
        let book = try stack.book("Austen", "Emma")
        try stack.context.save()
        book["title"] = "Persuasion"
        stack.context.processPendingChanges()
        stack.context.undo()
        #expect(book["title"] as? String == "Emma")
        #expect(!book.hasChanges)
        stack.context.redo()
        #expect(book["title"] as? String == "Persuasion")
        #expect(book.isUpdated)
    }

    @Test func changesOfOneEventAreUndoneTogether() throws {
        let stack = try stack()
        let book = try stack.book("Austen", "Emma")
        try stack.context.save()
        book["title"] = "Persuasion"
        book["rating"] = 3
        stack.context.processPendingChanges()
        book["rating"] = 5
        stack.context.processPendingChanges()
        stack.context.undo()
        #expect(book["rating"] as? Int == 3)
        #expect(book["title"] as? String == "Persuasion")
        stack.context.undo()
        #expect(book["rating"] as? Int == 0)
        #expect(book["title"] as? String == "Emma")
    }

    @Test func undoingAnInsertTakesTheObjectOutOfTheContext() throws {
        let stack = try stack()
        let book = try stack.book("Austen", "Emma")
        stack.context.processPendingChanges()
        stack.context.undo()
        #expect(book.managedObjectContext == nil)
        #expect(!stack.context.hasChanges)
        stack.context.redo()
        #expect(book.managedObjectContext === stack.context)
        #expect(book.isInserted)
        #expect(book["title"] as? String == "Emma")
        try stack.context.save()
        #expect(try stack.context.count(for: FetchRequest(entityName: "Book")) == 1)
    }

    @Test func undoingARelationshipChangeRestoresBothSides() throws {
        let stack = try stack()
        let book = try stack.book("Austen", "Emma")
        let first = try stack.context.insertNewObject(forEntityName: "Shelf")
        let second = try stack.context.insertNewObject(forEntityName: "Shelf")
        first["name"] = "Fiction"
        second["name"] = "Poetry"
        book["shelf"] = first
        try stack.context.save()
        book["shelf"] = second
        stack.context.processPendingChanges()
        #expect((first["books"] as? Set<ManagedObject>)?.isEmpty == true)
        stack.context.undo()
        #expect(book["shelf"] as? ManagedObject === first)
        #expect(first["books"] as? Set<ManagedObject> == [book])
        #expect((second["books"] as? Set<ManagedObject>)?.isEmpty == true)
        stack.context.redo()
        #expect(second["books"] as? Set<ManagedObject> == [book])
        #expect((first["books"] as? Set<ManagedObject>)?.isEmpty == true)
    }

    @Test func undoingACascadingDeleteBringsEveryObjectAndRelationshipBack() throws {
        let stack = try stack()
        let shelf = try stack.context.insertNewObject(forEntityName: "Shelf")
        shelf["name"] = "Fiction"
        let book = try stack.book("Austen", "Emma")
        book["shelf"] = shelf
        try stack.context.save()
        stack.context.delete(shelf)
        stack.context.processPendingChanges()
        #expect(book.isDeleted)
        stack.context.undo()
        #expect(!shelf.isDeleted && !book.isDeleted)
        #expect(book["shelf"] as? ManagedObject === shelf)
        #expect(shelf["books"] as? Set<ManagedObject> == [book])
        #expect(!stack.context.hasChanges)
        stack.context.redo()
        #expect(shelf.isDeleted && book.isDeleted)
        try stack.context.save()
        #expect(try stack.context.count(for: FetchRequest(entityName: "Book")) == 0)
    }

    @Test func undoIsReportedToFetchedResultsControllers() throws {
        let stack = try stack()
        try stack.book("Austen", "Emma")
        try stack.context.save()
        let controller = FetchedResultsController(
            fetchRequest: LibraryStack.booksByAuthor(), managedObjectContext: stack.context,
            sectionNameKeyPath: "author", cacheName: nil)
        let delegate = RecordingDelegate()
        controller.delegate = delegate
        try controller.performFetch()
        try stack.book("Borges", "Ficciones")
        stack.context.processPendingChanges()
        delegate.lines = []
        stack.context.undo()
        #expect(
            delegate.lines == [
                "will change", "section delete 1 Borges", "delete ? [1,0] -> -", "did change",
            ])
        #expect(controller.fetchedObjects?.count == 1)
    }

    @Test func rollbackForgetsTheUndoStack() throws {
        let stack = try stack()
        try stack.book("Austen", "Emma")
        stack.context.processPendingChanges()
        stack.context.rollback()
        #expect(stack.context.undoManager?.canUndo == false)
    }
}
