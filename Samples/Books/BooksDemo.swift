import Foundation
import ObjectGraph
import SampleSupport

/// The lecture's walk through CoreDataBooks: the list of books by author, then an added book, a
/// cancelled addition, edits and a delete, each followed by the controller's events.
struct BooksDemo {
    let context: ManagedObjectContext
    let controller: FetchedResultsController
    private let printer = EventPrinter()

    /// Creates the store at `storeURL` (deleting an earlier one first when `reset`), seeds it
    /// and fetches the books.
    ///
    /// - Throws: ``SampleStore/AlreadyUsed`` for an earlier run's store kept without `reset`.
    init(storeURL: URL, reset: Bool, model: ManagedObjectModel) throws {
        let container = PersistentContainer(name: "CoreDataBooks", managedObjectModel: model)
        try SampleStore.open(storeURL, in: container, reset: reset, seededEntity: "Book", contents: "books")
        context = container.viewContext
        for seed in SeedBooks.all {
            Self.insertBook(
                seed.author, seed.title, copyright: Date(timeIntervalSinceReferenceDate: seed.copyright),
                into: context)
        }
        try context.save()
        // CoreDataBooks' root view: books sorted by author and title, sectioned by author.
        let request = Book.fetchRequest()
        request.sortDescriptors = [ObjectSortDescriptor(key: "author"), ObjectSortDescriptor(key: "title")]
        controller = FetchedResultsController(
            fetchRequest: request, managedObjectContext: context, sectionNameKeyPath: "author", cacheName: "Root",
            cacheDirectory: storeURL.deletingLastPathComponent().appendingPathComponent("Caches"))
        controller.delegate = printer
        try controller.performFetch()
    }

    /// A new book in `context`, through the class generated from Books.xcdatamodeld.
    @discardableResult
    private static func insertBook(
        _ author: String, _ title: String, copyright: Date?, into context: ManagedObjectContext
    ) -> Book {
        let book = Book(context: context)
        book.author = author
        book.title = title
        book.copyright = copyright
        return book
    }

    private func book(titled title: String) throws -> Book? {
        try context.fetch(Book.fetchRequest(), as: Book.self).first { $0.title == title }
    }

    private func step(_ text: String) {
        print("")
        print("> \(text)")
    }

    func run() throws {
        TablePrinter.print(controller)

        step("add \"Guards! Guards!\" by Terry Pratchett in an editing context, then Save")
        let editor = ManagedObjectContext(concurrencyType: .mainQueue, parent: context)
        Self.insertBook("Terry Pratchett", "Guards! Guards!", copyright: nil, into: editor)
        try editor.save()
        try context.save()

        step("add \"Good Omens\" by Neil Gaiman in an editing context, then Cancel")
        let cancelled = ManagedObjectContext(concurrencyType: .mainQueue, parent: context)
        Self.insertBook("Neil Gaiman", "Good Omens", copyright: nil, into: cancelled)
        print(
            "    (no events: the editing context is dropped; view context has changes: \(context.hasChanges))")

        step("add \"Neverwhere\" by Neil Gaiman, then Save")
        Self.insertBook("Neil Gaiman", "Neverwhere", copyright: nil, into: context)
        try context.save()

        step("edit the copyright of \"Down Under\" (same place: an update)")
        try book(titled: "Down Under")?.copyright = Date(timeIntervalSinceReferenceDate: -31_000_000)
        context.processPendingChanges()

        step("rename \"Moving Pictures\" to \"Wyrd Sisters\" (a move within Terry Pratchett)")
        try book(titled: "Moving Pictures")?.title = "Wyrd Sisters"
        context.processPendingChanges()

        step("\"Machine Translation\" gets the author Bill Bryson (a move between sections)")
        try book(titled: "Machine Translation")?.author = "Bill Bryson"
        context.processPendingChanges()

        step("delete \"Astronaut - The Quiet Man\" (the last book of John Foxx)")
        if let astronaut = try book(titled: "Astronaut - The Quiet Man") { context.delete(astronaut) }
        try context.save()

        print("")
        TablePrinter.print(controller)
    }
}
