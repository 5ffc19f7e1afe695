import Foundation
import SQLite
import TestSupport
import Testing

@testable import StoreInspector

/// Persistent history read from `ATRANSACTION`, `ACHANGE` and `ATRANSACTIONSTRING`: the
/// SampleModel2 store has one transaction written by an XCTest run.
@Suite struct HistoryReaderTests {
    /// A copy of the fixture store `name` with `statements` run on it, opened for inspection.
    private func inspection(_ name: String, afterRunning statements: [String] = []) throws
        -> (StoreInspection, ScratchDirectory)
    {
        let scratch = try ScratchDirectory()
        let path = try scratch.copyCorpusStore(name)
        if !statements.isEmpty {
            let database = try Database(path: path)
            for statement in statements { try database.execute(statement) }
            database.close()
        }
        return (try StoreInspection(path: path), scratch)
    }

    /// The transaction the SampleModel2 fixture holds: inserts only, its strings in
    /// `ATRANSACTIONSTRING`.
    private static let xctestTransaction = HistoryTransaction(
        number: 1, timestamp: "2024-05-10T18:14:07.288Z", author: nil, bundleID: "com.apple.dt.xctest.tool",
        contextName: nil, processID: "xctest",
        changes: [
            .init(change: "insert", entity: "Book", count: 51),
            .init(change: "insert", entity: "GraphicNovel", count: 1),
            .init(change: "insert", entity: "Feedback", count: 444),
            .init(change: "insert", entity: "Page", count: 4970),
            .init(change: "insert", entity: "Author", count: 2),
        ])

    @Test func aStoreWithoutHistoryTablesHasNoTransactions() throws {
        let (inspection, scratch) = try inspection(Corpus.recipes)
        defer { inspection.close() }
        #expect(!HistoryReader.hasHistory(inspection))
        #expect(try HistoryReader.transactions(inspection) == [])
        withExtendedLifetime(scratch) {}
    }

    @Test func transactionsTallyTheirChangesByTypeAndEntityWithTheirStringsResolved() throws {
        let (inspection, scratch) = try inspection(Corpus.sampleModel2)
        defer { inspection.close() }
        #expect(HistoryReader.hasHistory(inspection))
        #expect(try HistoryReader.transactions(inspection) == [Self.xctestTransaction])
        withExtendedLifetime(scratch) {}
    }

    @Test func updatesDeletesAndUnknownChangeTypesAreNamedAndTheLimitCounts() throws {
        // A second save by an author given inline: one update and two deletes of Pages, and a change
        // type Core Data does not write, for an entity number the store does not have.
        let (inspection, scratch) = try inspection(
            Corpus.sampleModel2,
            afterRunning: [
                "INSERT INTO ATRANSACTION (Z_PK, Z_ENT, Z_OPT, ZTIMESTAMP, ZAUTHOR) VALUES (2, 16002, 1, 0, 'importer')",
                "INSERT INTO ACHANGE (Z_ENT, Z_OPT, ZCHANGETYPE, ZENTITY, ZENTITYPK, ZTRANSACTIONID) VALUES "
                    + "(16001, 1, 1, 4, 1, 2), (16001, 1, 2, 4, 2, 2), (16001, 1, 2, 4, 3, 2), (16001, 1, 7, 99, 1, 2)",
            ])
        defer { inspection.close() }
        let transactions = try HistoryReader.transactions(inspection)
        #expect(transactions.count == 2)
        #expect(transactions.first == Self.xctestTransaction)
        #expect(
            transactions.last
                == HistoryTransaction(
                    number: 2, timestamp: "2001-01-01T00:00:00Z", author: "importer", bundleID: nil,
                    contextName: nil, processID: nil,
                    changes: [
                        .init(change: "update", entity: "Page", count: 1),
                        .init(change: "delete", entity: "Page", count: 2),
                        .init(change: "change 7", entity: "Z_ENT 99", count: 1),
                    ]))
        #expect(try HistoryReader.transactions(inspection, limit: 1) == [Self.xctestTransaction])
        #expect(try HistoryReader.transactions(inspection, limit: 0) == [])
        withExtendedLifetime(scratch) {}
    }
}
