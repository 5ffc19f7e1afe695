import Foundation
import Testing

@testable import ObjectGraph

/// The section cache: written under its name, used by the next controller, ignored when stale,
/// removed by `deleteCache(withName:in:)`.
@Suite struct FetchedResultsCacheTests {
    private let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "frc-cache-\(UUID().uuidString)")

    private func controller(_ stack: LibraryStack, cacheName: String = "Root") -> FetchedResultsController {
        FetchedResultsController(
            fetchRequest: LibraryStack.booksByAuthor(), managedObjectContext: stack.context,
            sectionNameKeyPath: "author",
            cacheName: cacheName, cacheDirectory: directory)
    }

    private var cacheFile: URL { directory.appendingPathComponent("Root.json") }

    @Test func performFetchWritesTheSectionsUnderTheCacheName() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let stack = try LibraryStack()
        try stack.book("Austen", "Emma")
        try stack.book("Austen", "Persuasion")
        try stack.book("Borges", "Ficciones")
        try controller(stack).performFetch()
        let cache = try JSONDecoder().decode(SectionInfoCache.self, from: Data(contentsOf: cacheFile))
        #expect(cache.sections == [.init(name: "Austen", count: 2), .init(name: "Borges", count: 1)])
    }

    @Test func aValidCacheGivesTheSameSectionsAndAStaleOneIsRecomputed() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let stack = try LibraryStack()
        let emma = try stack.book("Austen", "Emma")
        try stack.book("Borges", "Ficciones")
        try controller(stack).performFetch()
        let second = controller(stack)
        try second.performFetch()
        #expect(second.sections?.map(\.name) == ["Austen", "Borges"])
        // The store changed behind the cache's back: the sizes no longer match, so it is ignored.
        emma["author"] = "Borges"
        let third = controller(stack)
        try third.performFetch()
        #expect(third.sections?.map(\.name) == ["Borges"])
        #expect(third.sections?.first?.numberOfObjects == 2)
    }

    @Test func aCacheForAnotherRequestIsIgnored() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let stack = try LibraryStack()
        try stack.book("Austen", "Emma")
        try stack.book("Borges", "Ficciones")
        try controller(stack).performFetch()
        let request = LibraryStack.booksByAuthor()
        request.predicate = try ObjectPredicate(format: "author == %@", "Borges")
        let other = FetchedResultsController(
            fetchRequest: request, managedObjectContext: stack.context, sectionNameKeyPath: "author", cacheName: "Root",
            cacheDirectory: directory)
        try other.performFetch()
        #expect(other.sections?.map(\.name) == ["Borges"])
    }

    @Test func trackedChangesKeepTheCacheCurrent() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let stack = try LibraryStack()
        try stack.book("Austen", "Emma")
        let controller = controller(stack)
        let delegate = RecordingDelegate()
        controller.delegate = delegate
        try controller.performFetch()
        try stack.book("Borges", "Ficciones")
        stack.context.processPendingChanges()
        let cache = try JSONDecoder().decode(SectionInfoCache.self, from: Data(contentsOf: cacheFile))
        #expect(cache.sections.map(\.name) == ["Austen", "Borges"])
    }

    @Test func deleteCacheRemovesOneCacheOrAll() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let stack = try LibraryStack()
        try stack.book("Austen", "Emma")
        try controller(stack).performFetch()
        try controller(stack, cacheName: "Other").performFetch()
        FetchedResultsController.deleteCache(withName: "Root", in: directory)
        #expect(!FileManager.default.fileExists(atPath: cacheFile.path))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("Other.json").path))
        FetchedResultsController.deleteCache(withName: nil, in: directory)
        #expect(!FileManager.default.fileExists(atPath: directory.path))
    }

    @Test func cacheNamesBecomeSafeFileNames() {
        let url = SectionInfoCache.fileURL(forName: "../Root/x", in: directory)
        #expect(url.deletingLastPathComponent().path == directory.path)
        #expect(url.lastPathComponent == "%2E%2E%2FRoot%2Fx.json")
    }
}
