import Foundation
import SQLite
import TestSupport
import Testing

@testable import StoreInspector

/// A store with no `-wal` or `-journal` holding content is read in place with `immutable=1`:
/// nothing beside it or in it may change, not even a timestamp, and nothing may be missed.
@Suite struct InspectedStoreInPlaceTests {
    /// Everything `stat` and a read can tell about the files of a directory, and the listing itself.
    private struct DirectoryState: Equatable {
        var files: [String: FileState]
    }

    private struct FileState: Equatable {
        var bytes: Data
        var mode: UInt32
        var modified: Int
        var modifiedNanoseconds: Int
        var changed: Int
        var changedNanoseconds: Int
    }

    private func state(of directory: String) throws -> DirectoryState {
        var files: [String: FileState] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
            let path = directory + "/" + name
            var info = stat()
            #expect(lstat(path, &info) == 0)
            files[name] = FileState(
                bytes: FileManager.default.contents(atPath: path) ?? Data(), mode: UInt32(info.st_mode),
                modified: info.st_mtim.tv_sec, modifiedNanoseconds: info.st_mtim.tv_nsec,
                changed: info.st_ctim.tv_sec, changedNanoseconds: info.st_ctim.tv_nsec)
        }
        return DirectoryState(files: files)
    }

    /// Opens, reads every table to the end, runs the whole quick_check, closes.
    private func readEverything(_ path: String) throws -> InspectedStore {
        let store = try InspectedStore(path: path, options: OpenOptions(quickCheck: .wholeStore))
        let tables = try store.rows("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap {
            $0[0].stringValue
        }
        for table in tables { _ = try store.rows("SELECT * FROM \(SQLIdentifier.quoted(table))") }
        store.close()
        return store
    }

    @Test(arguments: [Corpus.recipes, Corpus.books, Corpus.sampleModel, Corpus.sampleModel2])
    func aStoreWithoutAWriteAheadLogIsReadInPlaceChangingNoByteNameOrTimestamp(name: String) throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.copyCorpusStore(name)
        let before = try state(of: scratch.path)
        let store = try readEverything(path)
        #expect(store.readsOriginalInPlace)
        #expect(store.quickCheckProblems.isEmpty)
        #expect(try state(of: scratch.path) == before)
    }

    @Test func anEmptyWriteAheadLogOrJournalIsReadInPlaceAndLeftEmpty() throws {
        for suffix in ["-wal", "-journal"] {
            let scratch = try ScratchDirectory()
            let path = try scratch.copyCorpusStore(Corpus.recipes)
            try Data().write(to: URL(fileURLWithPath: path + suffix))
            let before = try state(of: scratch.path)
            let store = try readEverything(path)
            #expect(store.readsOriginalInPlace, "with an empty \(suffix)")
            #expect(try state(of: scratch.path) == before, "with an empty \(suffix)")
        }
    }

    @Test func aStoreInAReadOnlyDirectoryIsReadInPlaceAndTheDirectoryIsUnchanged() throws {
        let scratch = try ScratchDirectory()
        let folder = scratch.path + "/handed-in"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let path = folder + "/" + Corpus.sampleModel
        try FileManager.default.copyItem(
            atPath: Corpus.directory.appendingPathComponent(Corpus.sampleModel).path, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder) }
        let before = try state(of: folder)
        let store = try readEverything(path)
        #expect(store.readsOriginalInPlace)
        #expect(try state(of: folder) == before)
    }

    @Test func aWriteAheadLogWithContentIsCopiedSoItsRowsAreRead() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.copyCorpusStore(Corpus.migration)
        let before = try state(of: scratch.path)
        let store = try InspectedStore(path: path)
        defer { store.close() }
        #expect(!store.readsOriginalInPlace)
        // The rows are only in the -wal: an immutable open of the main file would count none.
        #expect((try store.scalar("SELECT count(*) FROM ZPOST")?.int64Value ?? 0) > 0)
        #expect(try state(of: scratch.path) == before)
    }

    @Test func aJournalWithContentIsCopiedRatherThanIgnored() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.copyCorpusStore(Corpus.recipes)
        // A journal whose header is zeroed is not hot, so the copy opens; its size alone decides.
        try Data(count: 512).write(to: URL(fileURLWithPath: path + "-journal"))
        let before = try state(of: scratch.path)
        let store = try InspectedStore(path: path)
        #expect(!store.readsOriginalInPlace)
        #expect(store.copy?.copiedSiblings.map(\.suffix) == ["-journal"])
        #expect(try store.scalar("SELECT count(*) FROM ZRECIPE")?.int64Value == 3)
        store.close()
        #expect(try state(of: scratch.path) == before)
    }

    @Test func aWriteAheadLogThatIsALinkIsNeitherFollowedNorIgnoredSilently() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.copyCorpusStore(Corpus.recipes)
        let elsewhere = try scratch.write("elsewhere", Data("not a wal".utf8))
        try FileManager.default.createSymbolicLink(atPath: path + "-wal", withDestinationPath: elsewhere)
        #expect(!StoreSiblings(of: path).mainFileIsComplete)
        let before = try state(of: scratch.path)
        let inspection = try StoreInspection(path: path)
        #expect(!inspection.store.readsOriginalInPlace)
        #expect(inspection.problems.contains { $0.contains("-wal is a symbolic link; not copied") })
        inspection.close()
        #expect(try state(of: scratch.path) == before)
    }

    @Test func writesAreRefusedInPlaceToo() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.copyCorpusStore(Corpus.recipes)
        let before = try state(of: scratch.path)
        let store = try InspectedStore(path: path)
        #expect(store.readsOriginalInPlace)
        for statement in ["DELETE FROM ZRECIPE", "CREATE TABLE x (y)", "PRAGMA journal_mode = DELETE", "VACUUM"] {
            _ = try? store.rows(statement)
        }
        #expect(try store.scalar("SELECT count(*) FROM ZRECIPE")?.int64Value == 3)
        store.close()
        #expect(try state(of: scratch.path) == before)
    }
}
