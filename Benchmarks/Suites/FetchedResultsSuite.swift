import Foundation
import ObjectGraph

/// The `fetchedresults` benchmark suite (`make bench SUITE=fetchedresults`, DESIGN.md §7).
///
/// A fetched results controller over 10,000 books in a SQLite store, sectioned by author (100
/// authors), reacting to one inserted book and to one retitled book (`processPendingChanges()`,
/// with its delegate told every change), against the baseline of a fresh `performFetch()` of the
/// same request in the same context. Issue 3 asks for a reaction under 1/20 of the fresh fetch
/// (ratio < 0.05).
enum FetchedResultsSuite {
    static let suite = BenchmarkSuite(name: "fetchedresults") {
        try FetchedResultsBenchmark().run()
    }
}

/// Counts the changes it is told about, so the reaction's work is really done and observed.
private final class CountingDelegate: FetchedResultsControllerDelegate {
    var changes = 0

    func controller(
        _ controller: FetchedResultsController, didChange object: ManagedObject, at indexPath: IndexPath?,
        for type: FetchedResultsChangeType, newIndexPath: IndexPath?
    ) {
        changes += 1
    }
}

/// One run of the suite: its scratch store and sizes.
private struct FetchedResultsBenchmark {
    let bookCount = Int(ProcessInfo.processInfo.environment["BENCH_FRC_BOOKS"] ?? "") ?? 10_000
    let runs = 7
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("frc-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        SQLDebugLog.shared.level = 0
    }

    static func model() throws -> ManagedObjectModel {
        try ManagedObjectModel(entities: [
            EntityDescription(
                name: "Book",
                properties: [
                    AttributeDescription(name: "author", type: .string),
                    AttributeDescription(name: "title", type: .string),
                ])
        ])
    }

    static func request() -> FetchRequest {
        let request = FetchRequest(entityName: "Book")
        request.sortDescriptors = [ObjectSortDescriptor(key: "author"), ObjectSortDescriptor(key: "title")]
        return request
    }

    func run() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let container = PersistentContainer(name: "Books", managedObjectModel: try Self.model())
        try container.loadPersistentStore(at: directory.appendingPathComponent("Books.sqlite"))
        let context = container.viewContext
        for index in 0..<bookCount {
            let book = try context.insertNewObject(forEntityName: "Book")
            book["author"] = String(format: "Author %03d", index % 100)
            book["title"] = String(format: "Title %06d", index)
        }
        try context.save()

        let controller = FetchedResultsController(
            fetchRequest: Self.request(), managedObjectContext: context, sectionNameKeyPath: "author", cacheName: nil)
        let delegate = CountingDelegate()
        controller.delegate = delegate
        try controller.performFetch()

        let base = try Measurement.medianMilliseconds(runs: runs) {
            let fresh = FetchedResultsController(
                fetchRequest: Self.request(), managedObjectContext: context, sectionNameKeyPath: "author",
                cacheName: nil)
            try fresh.performFetch()
        }

        var inserted = 0
        let insertReaction = try Measurement.medianMilliseconds(runs: runs) {
            let book = try context.insertNewObject(forEntityName: "Book")
            book["author"] = "Author 050"
            book["title"] = String(format: "Title %06d-new-%d", 5_000, inserted)
            inserted += 1
            context.processPendingChanges()
        }
        Measurement.report(
            suite: "fetchedresults", name: "react_to_one_insert_of_\(bookCount)", ours: insertReaction, base: base,
            runs: runs)

        let books = controller.fetchedObjects ?? []
        var retitled = 0
        let updateReaction = Measurement.medianMilliseconds(runs: runs) {
            // Move a book from the start of its section to the end: a real move, not an update.
            let book = books[(retitled * 101) % books.count]
            book["title"] = "Title ~\(retitled)"
            retitled += 1
            context.processPendingChanges()
        }
        Measurement.report(
            suite: "fetchedresults", name: "react_to_one_move_of_\(bookCount)", ours: updateReaction, base: base,
            runs: runs)
        if delegate.changes < inserted + retitled {
            let edits = inserted + retitled
            print("BENCH-NOTE fetchedresults: the delegate heard \(delegate.changes) changes for \(edits) edits")
        }
    }
}
