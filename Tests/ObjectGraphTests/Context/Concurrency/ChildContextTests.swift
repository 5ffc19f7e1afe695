import Foundation
import Testing

@testable import ObjectGraph

/// Child contexts: reading through the parent, saving into it, cancelling, merging.
@Suite struct ChildContextTests {
    private func savedShelf(_ stack: LibraryStack) throws -> ManagedObject {
        let shelf = try stack.context.insertNewObject(forEntityName: "Shelf")
        shelf["name"] = "Fiction"
        let book = try stack.book("Austen", "Emma")
        book["shelf"] = shelf
        try stack.context.save()
        return shelf
    }

    @Test func aChildSeesTheParentsUnsavedChanges() throws {
        let stack = try LibraryStack()
        let shelf = try savedShelf(stack)
        shelf["name"] = "Novels"
        try stack.book("Borges", "Ficciones")
        let child = ManagedObjectContext(concurrencyType: .mainQueue, parent: stack.context)
        #expect(child.parent === stack.context)
        let childShelf = child.object(with: shelf.objectID)
        #expect(childShelf["name"] as? String == "Novels")
        #expect((childShelf["books"] as? Set<ManagedObject>)?.count == 1)
        let titles = try child.fetch(LibraryStack.booksByAuthor()).compactMap { $0["title"] as? String }
        #expect(titles == ["Emma", "Ficciones"])
    }

    @Test func savingAChildPushesIntoTheParentOnly() throws {
        let stack = try LibraryStack()
        let shelf = try savedShelf(stack)
        let child = ManagedObjectContext(concurrencyType: .mainQueue, parent: stack.context)
        let childShelf = child.object(with: shelf.objectID)
        let book = try child.insertNewObject(forEntityName: "Book")
        book["author"] = "Calvino"
        book["title"] = "Invisible Cities"
        book["shelf"] = childShelf
        childShelf["name"] = "Novels"
        try child.save()
        #expect(!child.hasChanges)
        #expect(stack.context.hasChanges)
        #expect(shelf["name"] as? String == "Novels")
        let parentBook = try #require(stack.context.registeredObject(for: book.objectID))
        #expect(parentBook.isInserted)
        #expect(parentBook["shelf"] as? ManagedObject === shelf)
        #expect((shelf["books"] as? Set<ManagedObject>)?.count == 2)
        // Nothing reached the store until the parent saves.
        let other = stack.container.newBackgroundContext()
        #expect(try other.performAndWait { try other.count(for: FetchRequest(entityName: "Book")) } == 1)
        try stack.context.save()
        #expect(try other.performAndWait { try other.count(for: FetchRequest(entityName: "Book")) } == 2)
        #expect(parentBook.objectID == book.objectID)
    }

    @Test func discardingAChildLeavesNoTrace() throws {
        let stack = try LibraryStack()
        let shelf = try savedShelf(stack)
        do {
            let child = ManagedObjectContext(concurrencyType: .mainQueue, parent: stack.context)
            let book = try child.insertNewObject(forEntityName: "Book")
            book["author"] = "Calvino"
            book["title"] = "Invisible Cities"
            book["shelf"] = child.object(with: shelf.objectID)
            #expect((child.object(with: shelf.objectID)["books"] as? Set<ManagedObject>)?.count == 2)
        }
        #expect(!stack.context.hasChanges)
        #expect((shelf["books"] as? Set<ManagedObject>)?.count == 1)
        #expect(try stack.context.count(for: FetchRequest(entityName: "Book")) == 1)
    }

    @Test func deletingInAChildAndSavingDeletesInTheParentAtOnce() throws {
        let stack = try LibraryStack()
        let shelf = try savedShelf(stack)
        let book = try #require((shelf["books"] as? Set<ManagedObject>)?.first)
        let child = ManagedObjectContext(concurrencyType: .mainQueue, parent: stack.context)
        child.delete(child.object(with: book.objectID))
        try child.save()
        #expect(book.isDeleted)
        #expect((shelf["books"] as? Set<ManagedObject>)?.isEmpty == true)
    }

    @Test func aChildThatMergesAutomaticallySeesWhatTheParentSaves() throws {
        let stack = try LibraryStack()
        let shelf = try savedShelf(stack)
        let child = ManagedObjectContext(concurrencyType: .privateQueue, parent: stack.context)
        child.automaticallyMergesChangesFromParent = true
        let childShelf = child.performAndWait { child.object(with: shelf.objectID) }
        #expect(child.performAndWait { childShelf["name"] as? String } == "Fiction")
        shelf["name"] = "Novels"
        try stack.context.save()
        #expect(child.performAndWait { childShelf["name"] as? String } == "Novels")
    }

    /// The parent's save used to wait for the child's queue to merge while the child's queue waited
    /// for the parent's to fetch: both queues stopped for good (found stress-testing under
    /// ThreadSanitizer). The timeout only bounds the wait, should that come back.
    @Test func aParentSavingWhileItsMergingChildFetchesThroughItDoesNotDeadlock() throws {
        let stack = try LibraryStack()
        let shelfID = try savedShelf(stack).objectID
        let parent = stack.container.newBackgroundContext()
        let child = ManagedObjectContext(concurrencyType: .privateQueue, parent: parent)
        child.automaticallyMergesChangesFromParent = true
        let childShelf = child.performAndWait { child.object(with: shelfID) }
        let childRunning = DispatchSemaphore(value: 0)
        let parentSaving = DispatchSemaphore(value: 0)
        let childDone = DispatchSemaphore(value: 0)
        // The child's queue is busy until its fetch, which needs the parent's queue, has run...
        child.perform {
            childRunning.signal()
            parentSaving.wait()
            _ = try? child.fetch(FetchRequest(entityName: "Shelf"))
            childDone.signal()
        }
        childRunning.wait()
        // ...and the parent's queue saves meanwhile, telling the child about it.
        parent.perform {
            parentSaving.signal()
            parent.object(with: shelfID)["name"] = "Poetry"
            try? parent.save()
        }
        try #require(childDone.wait(timeout: .now() + 60) == .success)
        #expect(child.performAndWait { childShelf["name"] as? String } == "Poetry")
    }

    @Test func aChildReadsTheParentsCurrentValuesAfterLettingGoOfAnObject() throws {
        let stack = try LibraryStack()
        let shelf = try savedShelf(stack)
        let id = shelf.objectID
        let child = ManagedObjectContext(concurrencyType: .privateQueue, parent: stack.context)
        child.automaticallyMergesChangesFromParent = true
        // The child reads the shelf and lets go of it; the parent then changes and saves it.
        #expect(child.performAndWait { child.object(with: id)["name"] as? String } == "Fiction")
        shelf["name"] = "Novels"
        #expect(child.performAndWait { child.object(with: id)["name"] as? String } == "Novels")
        try stack.context.save()
        shelf["name"] = "Poetry"
        try stack.context.save()
        #expect(child.performAndWait { child.object(with: id)["name"] as? String } == "Poetry")
    }

    @Test func aSiblingsSaveReachesAChildThatMergesAutomatically() throws {
        let stack = try LibraryStack()
        let shelf = try savedShelf(stack)
        let watcher = ManagedObjectContext(concurrencyType: .mainQueue, parent: stack.context)
        watcher.automaticallyMergesChangesFromParent = true
        let watchedShelf = watcher.object(with: shelf.objectID)
        #expect(watchedShelf["name"] as? String == "Fiction")
        let editor = ManagedObjectContext(concurrencyType: .mainQueue, parent: stack.context)
        editor.object(with: shelf.objectID)["name"] = "Poetry"
        try editor.save()
        #expect(watchedShelf["name"] as? String == "Poetry")
    }

    @Test func aRootContextThatMergesAutomaticallySeesWhatOtherContextsSave() throws {
        let stack = try LibraryStack()
        let shelf = try savedShelf(stack)
        let reader = stack.container.newBackgroundContext()
        reader.automaticallyMergesChangesFromParent = true
        let readerShelf = reader.performAndWait { reader.object(with: shelf.objectID) }
        #expect(reader.performAndWait { readerShelf["name"] as? String } == "Fiction")
        let writer = stack.container.newBackgroundContext()
        try writer.performAndWait {
            writer.object(with: shelf.objectID)["name"] = "Poetry"
            try writer.save()
        }
        // The merge was queued on the reader's serial queue before this block.
        #expect(reader.performAndWait { readerShelf["name"] as? String } == "Poetry")
        reader.automaticallyMergesChangesFromParent = false
        try writer.performAndWait {
            writer.object(with: shelf.objectID)["name"] = "Drama"
            try writer.save()
        }
        #expect(reader.performAndWait { readerShelf["name"] as? String } == "Poetry")
    }

    @Test func aPrivateQueueContextRunsItsBlocksOnItsQueue() async throws {
        let stack = try LibraryStack()
        let background = stack.container.newBackgroundContext()
        let count = try await background.perform {
            let book = try background.insertNewObject(forEntityName: "Book")
            book["author"] = "Eco"
            book["title"] = "The Name of the Rose"
            try background.save()
            return try background.count(for: FetchRequest(entityName: "Book"))
        }
        #expect(count == 1)
    }
}
