import Foundation
import Testing

@testable import ObjectGraph

/// The controller over a real context: sections, lookups and the delegate's change sequence.
@Suite struct FetchedResultsControllerTests {
    private func controller(_ stack: LibraryStack, sectioned: Bool = true) throws -> FetchedResultsController {
        let controller = FetchedResultsController(
            fetchRequest: LibraryStack.booksByAuthor(), managedObjectContext: stack.context,
            sectionNameKeyPath: sectioned ? "author" : nil, cacheName: nil)
        try controller.performFetch()
        return controller
    }

    @Test func sectionsFollowTheSectionKeyInSortOrder() throws {
        let stack = try LibraryStack()
        try stack.book("Le Guin", "The Dispossessed")
        try stack.book("Austen", "Emma")
        try stack.book("Le Guin", "A Wizard of Earthsea")
        try stack.context.save()
        let controller = try controller(stack)
        let sections = try #require(controller.sections)
        #expect(sections.map(\.name) == ["Austen", "Le Guin"])
        #expect(sections.map(\.numberOfObjects) == [1, 2])
        #expect(
            sections[1].objects.compactMap { $0["title"] as? String } == ["A Wizard of Earthsea", "The Dispossessed"])
        #expect(controller.fetchedObjects?.count == 3)
        #expect(controller.sectionIndexTitles == ["A", "L"])
        #expect(controller.section(forSectionIndexTitle: "L", at: 1) == 1)
        #expect(controller.section(forSectionIndexTitle: "M", at: 2) == 1)
    }

    @Test func objectAtAndIndexPathForObjectAreInverse() throws {
        let stack = try LibraryStack()
        let emma = try stack.book("Austen", "Emma")
        try stack.book("Borges", "Ficciones")
        let controller = try controller(stack)
        let path = try #require(controller.indexPath(forObject: emma))
        #expect(path == IndexPath(row: 0, section: 0))
        #expect(controller.object(at: path) === emma)
        #expect(controller.object(at: IndexPath(row: 5, section: 0)) == nil)
    }

    @Test func theCourseSpellingWithContextLabelMakesTheSameController() throws {
        let stack = try LibraryStack()
        try stack.book("Austen", "Emma")
        let controller = FetchedResultsController(
            fetchRequest: LibraryStack.booksByAuthor(), context: stack.context, sectionNameKeyPath: "author",
            cacheName: nil)
        try controller.performFetch()
        #expect(controller.managedObjectContext === stack.context)
        #expect(controller.sections?.map(\.name) == ["Austen"])
    }

    @Test func withoutASectionKeyThereIsOneSection() throws {
        let stack = try LibraryStack()
        let controller = try controller(stack, sectioned: false)
        #expect(controller.sections?.count == 1)
        #expect(controller.sections?.first?.numberOfObjects == 0)
    }

    @Test func aRequestWithoutSortDescriptorsIsRefused() throws {
        let stack = try LibraryStack()
        let controller = FetchedResultsController(
            fetchRequest: FetchRequest(entityName: "Book"), managedObjectContext: stack.context,
            sectionNameKeyPath: nil, cacheName: nil)
        #expect(throws: FetchedResultsControllerError.missingSortDescriptors(entityName: "Book")) {
            try controller.performFetch()
        }
    }

    @Test func theDelegateHearsEachChangeAfterProcessPendingChanges() throws {
        let stack = try LibraryStack()
        let emma = try stack.book("Austen", "Emma")
        try stack.book("Le Guin", "The Dispossessed")
        try stack.context.save()
        let controller = try controller(stack)
        let delegate = RecordingDelegate()
        controller.delegate = delegate

        try stack.book("Borges", "Ficciones")
        #expect(delegate.lines.isEmpty)
        stack.context.processPendingChanges()
        #expect(
            delegate.lines == [
                "will change", "section insert 1 Borges", "insert Ficciones - -> [1,0]", "did change",
            ])

        delegate.lines = []
        emma["author"] = "Le Guin"
        stack.context.processPendingChanges()
        #expect(
            delegate.lines == [
                "will change", "section delete 0 Austen", "move Emma [0,0] -> [1,0]", "did change",
            ])

        delegate.lines = []
        emma["rating"] = 5
        try stack.context.save()
        #expect(delegate.lines == ["will change", "update Emma [1,0] -> [1,0]", "did change"])
    }

    @Test func deletingTheLastBookOfAnAuthorDeletesItsSection() throws {
        let stack = try LibraryStack()
        let emma = try stack.book("Austen", "Emma")
        try stack.book("Borges", "Ficciones")
        try stack.context.save()
        let controller = try controller(stack)
        let delegate = RecordingDelegate()
        controller.delegate = delegate
        stack.context.delete(emma)
        try stack.context.save()
        #expect(
            delegate.lines == [
                "will change", "section delete 0 Austen", "delete Emma [0,0] -> -", "did change",
            ])
        #expect(controller.sections?.map(\.name) == ["Borges"])
    }

    @Test func withoutADelegateTheResultStaysAsFetched() throws {
        let stack = try LibraryStack()
        let controller = try controller(stack)
        try stack.book("Austen", "Emma")
        try stack.context.save()
        #expect(controller.fetchedObjects?.isEmpty == true)
    }

    @Test func resettingTheContextEmptiesTheResult() throws {
        let stack = try LibraryStack()
        try stack.book("Austen", "Emma")
        let controller = try controller(stack)
        let delegate = RecordingDelegate()
        controller.delegate = delegate
        stack.context.reset()
        #expect(controller.fetchedObjects?.isEmpty == true)
        #expect(delegate.lines.first == "will change")
    }
}
