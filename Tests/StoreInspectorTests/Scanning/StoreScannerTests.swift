import Foundation
import TestSupport
import Testing

@testable import StoreInspector

@Suite struct StoreScannerTests {
    @Test func findsStoresByMagicSkipsSiblingsAndFollowsNoLinks() throws {
        let scratch = try ScratchDirectory()
        try scratch.copyCorpusStore(Corpus.bookmarks)
        let fm = FileManager.default
        try fm.createDirectory(atPath: scratch.path + "/deep/er", withIntermediateDirectories: true)
        try fm.copyItem(atPath: scratch.path + "/" + Corpus.bookmarks, toPath: scratch.path + "/deep/er/NoExtension")
        try scratch.write("notes.sqlite", Data("just text".utf8))
        try fm.createSymbolicLink(atPath: scratch.path + "/loop", withDestinationPath: scratch.path)
        try fm.createSymbolicLink(
            atPath: scratch.path + "/link.sqlite", withDestinationPath: scratch.path + "/" + Corpus.bookmarks)
        let result = StoreScanner.scan(scratch.path)
        #expect(
            result.stores == [scratch.path + "/deep/er/NoExtension", scratch.path + "/" + Corpus.bookmarks].sorted())
        #expect(result.skippedLinks == [scratch.path + "/link.sqlite", scratch.path + "/loop"])
    }

    @Test func aDirectoryWithATrailingSlashGivesPathsWithOneSlash() throws {
        let scratch = try ScratchDirectory()
        try scratch.copyCorpusStore(Corpus.recipes)
        let found = StoreScanner.scan(scratch.path + "/")
        #expect(found.stores == [scratch.path + "/" + Corpus.recipes])
    }
}
