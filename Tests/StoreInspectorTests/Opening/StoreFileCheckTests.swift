import Foundation
import TestSupport
import Testing

@testable import StoreInspector

/// What the header check says about files that are a store's companions rather than a store.
@Suite struct StoreFileCheckTests {
    @Test func aWriteAheadLogIsNamedAsOneWithItsStore() throws {
        let scratch = try ScratchDirectory()
        let store = try scratch.copyCorpusStore(Corpus.migration)
        #expect(
            throws: InspectorError.companionFile(
                path: store + "-wal", kind: "a write-ahead log (-wal)", store: (store as NSString).lastPathComponent)
        ) {
            _ = try StoreFileCheck.header(of: store + "-wal")
        }
    }

    @Test func aJournalIsKnownByItsMagicAndASharedMemoryFileByItsName() throws {
        let scratch = try ScratchDirectory()
        let journal = try scratch.write(
            "Model.sqlite-journal", Data([0xD9, 0xD5, 0x05, 0xF9, 0x20, 0xA1, 0x63, 0xD7]) + Data(count: 504))
        let isJournal = InspectorError.companionFile(
            path: journal, kind: "a rollback journal (-journal)", store: "Model.sqlite")
        #expect(throws: isJournal) {
            _ = try StoreFileCheck.header(of: journal)
        }
        let shm = try scratch.write("Model.sqlite-shm", Data(repeating: 1, count: 32768))
        let isIndex = InspectorError.companionFile(
            path: shm, kind: "a WAL shared-memory index (-shm)", store: "Model.sqlite")
        #expect(throws: isIndex) {
            _ = try StoreFileCheck.header(of: shm)
        }
    }

    @Test func randomBytesAreStillNotSQLite() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.write("notes.sqlite", Data("my notes, not a database".utf8))
        #expect(throws: InspectorError.notSQLite(path: path)) { _ = try StoreFileCheck.header(of: path) }
    }
}
