import Foundation
import Testing

@testable import ObjectGraph

/// Random inserts, edits and deletes in a real context: after every event, the controller's
/// changes applied to a table model must leave the table equal to a fresh fetch.
@Suite struct FetchedResultsControllerRandomEditTests {
    private static let authors = ["Austen", "Borges", "Calvino", "Dickens", "Eco"]
    private static let titles = ["Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta"]

    private static func text(_ object: ManagedObject) -> String {
        "\(object["title"] as? String ?? "") \(object["rating"] as? Int ?? 0)"
    }

    private static func sections(of controller: FetchedResultsController) -> [ResultsSection<ManagedObject>] {
        (controller.sections ?? []).map { ResultsSection(name: $0.name, elements: $0.objects) }
    }

    /// Books rated below 3 only, so edits of the rating move books into and out of the result.
    private static func request(filtered: Bool) throws -> FetchRequest {
        let request = LibraryStack.booksByAuthor()
        if filtered { request.predicate = try ObjectPredicate(format: "rating < 3") }
        return request
    }

    @Test(arguments: [(21, false), (22, false), (23, true), (24, true)] as [(UInt64, Bool)])
    func tableFollowsRandomEditsEventByEvent(seed: UInt64, filtered: Bool) throws {
        var generator = SeededGenerator(seed: seed)
        let stack = try LibraryStack()
        var counter = 0
        func uniqueTitle() -> String {
            counter += 1
            return "\(Self.titles.randomElement(using: &generator) ?? "") \(counter)"
        }
        for _ in 0..<8 {
            try stack.book(Self.authors.randomElement(using: &generator) ?? "", uniqueTitle())
        }
        try stack.context.save()
        let controller = FetchedResultsController(
            fetchRequest: try Self.request(filtered: filtered), managedObjectContext: stack.context,
            sectionNameKeyPath: "author", cacheName: nil)
        let delegate = RecordingDelegate()
        controller.delegate = delegate
        try controller.performFetch()
        var table = TableModel(Self.sections(of: controller), text: Self.text)

        for step in 0..<150 {
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let books = try stack.context.fetch(FetchRequest(entityName: "Book"))
                let book = books.randomElement(using: &generator)
                switch (Int.random(in: 0..<5, using: &generator), book) {
                case (0, let book?): stack.context.delete(book)
                case (1, let book?): book["author"] = Self.authors.randomElement(using: &generator)
                case (2, let book?): book["title"] = uniqueTitle()
                case (3, let book?): book["rating"] = ((book["rating"] as? Int ?? 0) + 1) % 5
                default: try stack.book(Self.authors.randomElement(using: &generator) ?? "", uniqueTitle())
                }
            }
            delegate.changes = []
            if step % 4 == 3 { try stack.context.save() } else { stack.context.processPendingChanges() }
            try table.apply(delegate.changes, text: Self.text)
            let fresh = FetchedResultsController(
                fetchRequest: try Self.request(filtered: filtered), managedObjectContext: stack.context,
                sectionNameKeyPath: "author", cacheName: nil)
            try fresh.performFetch()
            let expected = TableModel(Self.sections(of: fresh), text: Self.text)
            #expect(table == expected, "seed \(seed) step \(step)")
            #expect(Self.sections(of: controller) == Self.sections(of: fresh), "seed \(seed) step \(step)")
            if table != expected { return }
        }
    }
}
