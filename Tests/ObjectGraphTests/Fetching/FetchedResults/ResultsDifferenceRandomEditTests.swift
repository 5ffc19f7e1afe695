import Foundation
import Testing

@testable import ObjectGraph

/// Random edits of a small library of books, grouped by author like Apple's CoreDataBooks: after
/// every batch of edits the computed changes, applied to a model of a table view, must leave it
/// exactly equal to a fresh fetch (same sections, same rows, every row showing current values).
@Suite struct ResultsDifferenceRandomEditTests {
    /// One book; `rating` is shown in the row but takes no part in sorting or sectioning.
    private struct Book {
        var author: String
        var title: String
        var rating: Int
    }

    private static let authors = ["Austen", "Borges", "Calvino", "Dickens", "Eco", "Le Guin"]
    private static let titles = ["Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta", "Omega", "Zz (hidden)"]

    /// The "fetch": books not titled `Zz…`, sorted by author, title and id, sectioned by author.
    private static func fetch(_ books: [Int: Book]) -> [ResultsSection<Int>] {
        let visible = books.filter { !$0.value.title.hasPrefix("Zz") }.sorted {
            ($0.value.author, $0.value.title, $0.key) < ($1.value.author, $1.value.title, $1.key)
        }
        var sections: [ResultsSection<Int>] = []
        for (id, book) in visible {
            if sections.last?.name == book.author {
                sections[sections.count - 1].elements.append(id)
            } else {
                sections.append(ResultsSection(name: book.author, elements: [id]))
            }
        }
        return sections
    }

    private static func randomBook(using generator: inout SeededGenerator) -> Book {
        Book(
            author: authors.randomElement(using: &generator) ?? "",
            title: titles.randomElement(using: &generator) ?? "",
            rating: Int.random(in: 0..<5, using: &generator))
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func tableFollowsEveryBatchOfRandomEdits(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        var books: [Int: Book] = [:]
        var nextID = 0
        for _ in 0..<Int.random(in: 0..<12, using: &generator) {
            books[nextID] = Self.randomBook(using: &generator)
            nextID += 1
        }
        var shown = Self.fetch(books)
        var table = TableModel(shown) { id in "\(books[id].map { "\($0.title) \($0.rating)" } ?? "?")" }
        for step in 0..<300 {
            var updated = Set<Int>()
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let existing = Array(books.keys)
                switch Int.random(in: 0..<6, using: &generator) {
                case 0 where !existing.isEmpty:
                    if let id = existing.randomElement(using: &generator) { books[id] = nil }
                case 1 where !existing.isEmpty:
                    if let id = existing.randomElement(using: &generator) {
                        books[id]?.title = Self.titles.randomElement(using: &generator) ?? ""
                        updated.insert(id)
                    }
                case 2 where !existing.isEmpty:
                    if let id = existing.randomElement(using: &generator) {
                        books[id]?.author = Self.authors.randomElement(using: &generator) ?? ""
                        updated.insert(id)
                    }
                case 3 where !existing.isEmpty:
                    if let id = existing.randomElement(using: &generator) {
                        books[id]?.rating += 1
                        updated.insert(id)
                    }
                default:
                    books[nextID] = Self.randomBook(using: &generator)
                    nextID += 1
                }
            }
            updated = updated.filter { books[$0] != nil }
            let fresh = Self.fetch(books)
            let changes = ResultsDifference.changes(from: shown, to: fresh, updated: updated)
            let text: (Int) -> String = { id in "\(books[id].map { "\($0.title) \($0.rating)" } ?? "?")" }
            do {
                try table.apply(changes, text: text)
            } catch {
                Issue.record("seed \(seed) step \(step): \(error)")
                return
            }
            #expect(table == TableModel(fresh, text: text), "seed \(seed) step \(step)")
            shown = fresh
        }
    }

    @Test func oneInsertIntoALargeResultIsOneChange() {
        let old = [ResultsSection(name: "", elements: Array(0..<10_000).map { $0 * 2 })]
        var new = old
        new[0].elements.insert(5, at: 3)
        #expect(
            ResultsDifference.changes(from: old, to: new, updated: []) == [
                .object(5, indexPath: nil, type: .insert, newIndexPath: IndexPath(row: 3, section: 0))
            ])
    }
}
