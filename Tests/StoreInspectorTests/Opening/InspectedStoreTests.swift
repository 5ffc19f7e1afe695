import Foundation
import SQLite
import TestSupport
import Testing

@testable import StoreInspector

@Suite struct InspectedStoreTests {
    @Test(arguments: Corpus.storeNames)
    func everyCorpusStoreOpensAndPassesQuickCheckWithoutTouchingTheOriginal(name: String) throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.copyCorpusStore(name)
        let before = try scratch.snapshot()
        let store = try InspectedStore(path: path)
        #expect(store.quickCheckProblems.isEmpty)
        let tables = try store.rows("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap {
            $0[0].stringValue
        }
        #expect(tables.contains("Z_PRIMARYKEY"))
        // A store with a -wal holding rows is read from a private copy; any other in place, immutable.
        let hasWriteAheadRows = (store.siblings.walSize ?? 0) > 0
        #expect(store.readsOriginalInPlace == !hasWriteAheadRows)
        let copyDirectory = store.copy?.directory
        if let copyDirectory { #expect(FileManager.default.fileExists(atPath: copyDirectory)) }
        store.close()
        if let copyDirectory { #expect(!FileManager.default.fileExists(atPath: copyDirectory)) }
        #expect(try scratch.snapshot() == before)
    }

    @Test func rowsKeptInTheWriteAheadLogAreVisibleInTheCopy() throws {
        let scratch = try ScratchDirectory()
        let store = try InspectedStore(path: try scratch.copyCorpusStore(Corpus.migration))
        defer { store.close() }
        #expect(store.header.isWAL)
        #expect(store.copy != nil)
        let posts = try store.scalar("SELECT count(*) FROM ZPOST")?.int64Value ?? 0
        #expect(posts > 0)
    }

    @Test func theCopyRefusesEveryWrite() throws {
        let scratch = try ScratchDirectory()
        let store = try InspectedStore(path: try scratch.copyCorpusStore(Corpus.recipes))
        defer { store.close() }
        #expect(throws: InspectorError.self) { try store.rows("DELETE FROM ZRECIPE") }
        #expect(try store.scalar("SELECT count(*) FROM ZRECIPE")?.int64Value == 3)
    }

    @Test func aTruncatedStoreIsReportedAsMalformedWithTheRecoverHint() throws {
        let scratch = try ScratchDirectory()
        let original = try Data(contentsOf: Corpus.directory.appendingPathComponent(Corpus.sampleModel2))
        let path = try scratch.write("truncated.sqlite", original.prefix(original.count / 3))
        #expect {
            _ = try InspectedStore(path: path)
        } throws: { error in
            guard let error = error as? InspectorError, case .malformed = error else { return false }
            return error.message.contains("database disk image is malformed") && error.message.contains(".recover")
        }
    }

    @Test(arguments: [1e308, Double.infinity, 1e11, 18_446_744_073.709_553])
    func aTimeLimitTooLongToCountIsNoLimitNotATrap(seconds: Double) throws {
        let scratch = try ScratchDirectory()
        let store = try InspectedStore(
            path: try scratch.copyCorpusStore(Corpus.recipes), options: OpenOptions(timeLimit: seconds))
        defer { store.close() }
        #expect(try store.scalar("SELECT count(*) FROM ZRECIPE")?.int64Value == 3)
    }

    @Test func aDeadlineSaturatesInsteadOfOverflowing() {
        #expect(DeadlineBox.deadline(after: .infinity, from: 5) == .max)
        #expect(DeadlineBox.deadline(after: 1e308, from: 5) == .max)
        #expect(DeadlineBox.deadline(after: 1, from: .max - 10) == .max)
        #expect(DeadlineBox.deadline(after: .nan, from: 5) == 5)
        #expect(DeadlineBox.deadline(after: -3, from: 5) == 5)
        #expect(DeadlineBox.deadline(after: 2, from: 5) == 2_000_000_005)
    }

    @Test func anUnknownEntityListsTwentyNamesAndCountsTheRest() {
        let names = (0..<3000).map { "Entity\($0)" }
        let rows = InspectorError.unknownEntity(name: "Car", known: names).message
        let fetch = FetchError.unknownEntity(name: "Car", known: names).message
        for message in [rows, fetch] {
            #expect(message.hasSuffix("Entity18, Entity19, … and 2980 more)"), "\(message)")
            #expect(message.count < 400)
        }
        #expect(InspectorError.unknownEntity(name: "Car", known: ["Book"]).message.hasSuffix("(entities: Book)"))
        #expect(InspectorError.unknownEntity(name: "Car", known: []).message.hasSuffix("(entities: none)"))
    }
}
