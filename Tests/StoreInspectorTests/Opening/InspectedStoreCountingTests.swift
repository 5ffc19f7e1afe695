import Foundation
import SQLite
import TestSupport
import Testing

@testable import StoreInspector

/// The summary's row counts run without `cell_size_check`; every other query must still have it.
@Suite struct InspectedStoreCountingTests {
    @Test func countingRowsGivesWhatCountGivesAndLeavesTheCellSizeCheckOn() throws {
        let scratch = try ScratchDirectory()
        let store = try InspectedStore(path: try scratch.copyCorpusStore(Corpus.recipes))
        defer { store.close() }
        #expect(try store.scalar("PRAGMA cell_size_check")?.int64Value == 1)
        let quoted = SQLIdentifier.quoted("ZRECIPE")
        let expected = try #require(try store.scalar("SELECT count(*) FROM \(quoted)")?.int64Value)
        #expect(expected > 0)
        #expect(try store.countRows(ofTable: quoted) == expected)
        #expect(try store.scalar("PRAGMA cell_size_check")?.int64Value == 1)
    }

    @Test func countingATableThatIsNotThereIsAnErrorAndLeavesTheCellSizeCheckOn() throws {
        let scratch = try ScratchDirectory()
        let store = try InspectedStore(path: try scratch.copyCorpusStore(Corpus.recipes))
        defer { store.close() }
        #expect(throws: InspectorError.self) { try store.countRows(ofTable: SQLIdentifier.quoted("ZMISSING")) }
        #expect(try store.scalar("PRAGMA cell_size_check")?.int64Value == 1)
    }
}
