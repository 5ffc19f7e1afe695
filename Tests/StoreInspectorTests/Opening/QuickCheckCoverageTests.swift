import Foundation
import SQLite
import TestSupport
import Testing

@testable import StoreInspector

/// `quick_check` on open reads the whole store up to a size bound, above it Core Data's own tables,
/// and says so; `check` (``StoreInspection/completeQuickCheck()``) always reads the whole file.
@Suite struct QuickCheckCoverageTests {
    /// A small Core Data-shaped store with one page that belongs to no table: its header counts a
    /// page more than its tables use, which only a whole `quick_check` notices ("never used").
    private func storeWithAStrayPage(in scratch: ScratchDirectory) throws -> String {
        let path = scratch.path + "/stray.sqlite"
        let database = try Database(path: path)
        for statement in [
            "PRAGMA page_size = 4096", "PRAGMA journal_mode = DELETE",
            "CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER)",
            "CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB)",
            "INSERT INTO Z_PRIMARYKEY VALUES (1, 'Item', 0, 2000)",
            "CREATE TABLE ZITEM ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZTITLE VARCHAR )",
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) "
                + "INSERT INTO ZITEM SELECT i, 1, 1, printf('%0100d', i) FROM n",
        ] {
            try database.execute(statement)
        }
        database.close()
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let pages = UInt32(bytes.count / 4096) + 1
        bytes += [UInt8](repeating: 0, count: 4096)
        // Bytes 28–31 of the header: the database size in pages, big-endian.
        for index in 0..<4 { bytes[28 + index] = UInt8(truncatingIfNeeded: pages >> (24 - 8 * UInt32(index))) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aStoreAboveTheBoundHasOnlyItsBookkeepingTablesChecked() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.copyCorpusStore(Corpus.recipes)
        let store = try InspectedStore(path: path, options: OpenOptions(quickCheck: .wholeStoreUpTo(bytes: 1)))
        defer { store.close() }
        guard case .tables(let checked) = store.quickCheckCoverage else {
            Issue.record("expected a partial quick_check, got \(store.quickCheckCoverage)")
            return
        }
        #expect(Set(checked) == ["Z_PRIMARYKEY", "Z_METADATA", "Z_MODELCACHE"])
        try store.completeQuickCheck()
        #expect(store.quickCheckCoverage == .wholeStore)
        #expect(store.quickCheckProblems.isEmpty)
    }

    @Test func aStoreBelowTheBoundIsCheckedWhole() throws {
        let scratch = try ScratchDirectory()
        let store = try InspectedStore(path: try scratch.copyCorpusStore(Corpus.sampleModel2))
        defer { store.close() }
        #expect(store.quickCheckCoverage == .wholeStore)
    }

    @Test func aStrayPageOutsideTheCheckedTablesIsNotedOnOpenAndFoundByTheWholeCheck() throws {
        let scratch = try ScratchDirectory()
        let path = try storeWithAStrayPage(in: scratch)
        let whole = try StoreInspection(path: path)
        #expect(whole.problems.contains { $0.hasPrefix("quick_check: ") && $0.contains("never used") })
        whole.close()

        let bounded = try StoreInspection(path: path, options: OpenOptions(quickCheck: .wholeStoreUpTo(bytes: 1)))
        defer { bounded.close() }
        #expect(!bounded.problems.contains { $0.hasPrefix("quick_check: ") })
        let note = try #require(bounded.notes.first { $0.hasPrefix("quick_check read only ") })
        #expect(note.contains("Z_PRIMARYKEY, Z_METADATA"))
        #expect(note.contains("`check` runs the whole quick_check"))

        try bounded.completeQuickCheck()
        #expect(bounded.problems.contains { $0.hasPrefix("quick_check: ") })
        #expect(!bounded.notes.contains { $0.hasPrefix("quick_check read only ") })
    }
}
