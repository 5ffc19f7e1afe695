import Foundation
import Testing

@testable import ObjectGraph

/// What `performFetch()` refuses about sections: a section key path that does not give one value
/// per object, and a sort that scatters a section's objects (Core Data's "out of order section name").
@Suite struct FetchedResultsSectionKeyTests {
    private func controller(
        _ stack: LibraryStack, sortedBy keys: [String] = ["author", "title"], sectionNameKeyPath: String?
    ) -> FetchedResultsController {
        let request = FetchRequest(entityName: "Book")
        request.sortDescriptors = keys.map { ObjectSortDescriptor(key: $0) }
        return FetchedResultsController(
            fetchRequest: request, managedObjectContext: stack.context, sectionNameKeyPath: sectionNameKeyPath,
            cacheName: nil)
    }

    private func reason(_ stack: LibraryStack, _ keyPath: String) -> String? {
        do {
            try controller(stack, sectionNameKeyPath: keyPath).performFetch()
            return nil
        } catch let FetchedResultsControllerError.invalidSectionNameKeyPath(path, entity, reason) {
            #expect(path == keyPath)
            #expect(entity == "Book")
            return reason
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    @Test func aSectionKeyThatNamesNothingIsRefused() throws {
        let stack = try LibraryStack()
        try stack.book("Austen", "Emma")
        #expect(reason(stack, "autor") == "Book has no property named \"autor\"")
        #expect(reason(stack, "shelf.nmae") == "Shelf has no property named \"nmae\"")
        #expect(reason(stack, "") == "it is empty")
        #expect(reason(stack, "shelf.") == "it has an empty component")
        #expect(reason(stack, "author.name") == "\"author\" is an attribute; the key path cannot go on past it")
    }

    @Test func aToManySectionKeyMustBeReducedToOneValue() throws {
        let stack = try LibraryStack()
        try stack.book("Austen", "Emma")
        #expect(reason(stack, "shelf.books")?.hasPrefix("\"books\" is a to-many relationship") == true)
        #expect(reason(stack, "shelf.books.@count.title") == "nothing can follow @count")
        #expect(reason(stack, "shelf.books.@max") == "@max needs one attribute of Book after it")
        #expect(reason(stack, "shelf.books.@count") == nil)
        #expect(reason(stack, "shelf.books.@max.rating") == nil)
        #expect(reason(stack, "shelf.name") == nil)
    }

    @Test func aSortThatScattersASectionIsRefusedAndKeepsThePreviousResult() throws {
        let stack = try LibraryStack()
        // By title: A Walk in the Woods (Bryson), Hitchhiker's Guide (Adams), Notes… (Bryson again).
        try stack.book("Bryson", "A Walk in the Woods")
        try stack.book("Bryson", "Notes from a Small Island")
        try stack.book("Adams", "Hitchhiker's Guide")
        let byTitle = controller(stack, sortedBy: ["title"], sectionNameKeyPath: "author")
        let error = FetchedResultsControllerError.sectionsOutOfOrder(index: 2, sectionName: "Bryson", keyPath: "author")
        #expect(throws: error) { try byTitle.performFetch() }
        #expect(byTitle.sections == nil)
        #expect(error.description.contains("out of order section name \"Bryson\": sort by \"author\" first"))

        let byAuthor = controller(stack, sortedBy: ["author", "title"], sectionNameKeyPath: "author")
        try byAuthor.performFetch()
        #expect(byAuthor.sections?.map(\.name) == ["Adams", "Bryson"])
    }

    @Test func aSortThatKeepsSectionsTogetherNeedNotStartWithTheSectionKey() throws {
        let stack = try LibraryStack()
        try stack.book("Austen", "Emma", rating: 1)
        try stack.book("Borges", "Ficciones", rating: 2)
        try stack.book("Borges", "El Aleph", rating: 3)
        let byRating = controller(stack, sortedBy: ["rating"], sectionNameKeyPath: "author")
        try byRating.performFetch()
        #expect(byRating.sections?.map(\.name) == ["Austen", "Borges"])
    }
}
