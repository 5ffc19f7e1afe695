import Testing

@testable import CompanionCLI

/// How a listing shortens and wraps text it cannot show whole.
@Suite struct ListingWriterTests {
    @Test func aLongPathIsShortenedInTheMiddleKeepingMoreOfItsEnd() {
        #expect(ListingWriter.middleTruncated("stores/one/two/three/alpha.sqlite", to: 16) == "store…pha.sqlite")
        #expect(ListingWriter.middleTruncated("short.sqlite", to: 16) == "short.sqlite")
    }

    @Test func pathsSharingTheirStartAreShortenedToWhatTellsThemApart() {
        let paths = [
            "./messages__app__Inbox.sqlite", "./messages__app__Archive.sqlite", "./messages__app__Drafts.sqlite",
        ]
        let shared = ListingWriter.sharedStart(of: paths)
        #expect(shared == "./messages__app__".count)
        #expect(ListingWriter.elided(paths[1], to: 16, sharedStart: shared) == "…Archive.sqlite")
        #expect(ListingWriter.elided(paths[1], to: 11, sharedStart: shared) == "…Archive.s…")
        #expect(ListingWriter.elided(paths[1], to: 40, sharedStart: shared) == paths[1])
        #expect(ListingWriter.sharedStart(of: ["alpha.sqlite", "beta.sqlite"]) == 0)
    }

    @Test(arguments: [40, 30])
    func aNarrowBoxShowsWhatTellsPathsSharingTheirStartApart(width: Int) {
        var text = ""
        var writer = ListingWriter(
            columns: ["path", "entities"], format: .table, width: width, nullText: "NULL", middleElided: [0]
        ) { text += $0 }
        let names = ["Inbox", "Archive", "Drafts"]
        for name in names {
            writer.write([.text("./messages__app__\(name).sqlite"), .text("Message 1200, Thread 40")])
        }
        writer.finish()
        let paths = text.split(separator: "\n").dropFirst(3).prefix(3).map { $0.split(separator: "│").first ?? "" }
        #expect(zip(paths, names).allSatisfy { $0.contains("…" + $1) }, "\(text)")
        #expect(!text.contains("messages__app__"))
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= width })
    }

    @Test func wrappingKeepsEveryCharacter() {
        let pieces = ListingWriter.wrapped("Recipe/p1 and more text", to: 7)
        #expect(pieces.joined() == "Recipe/p1 and more text")
        #expect(pieces.allSatisfy { $0.count <= 7 })
    }

    @Test func theFolderEveryStoreSharesIsFound() {
        #expect(BatchCommand.commonFolder(["a/b/c/x.sqlite", "a/b/d/y.sqlite"]) == "a/b")
        #expect(BatchCommand.commonFolder(["./x.sqlite", "./y.sqlite"]) == nil)
        #expect(BatchCommand.commonFolder(["x.sqlite", "y/z.sqlite"]) == nil)
    }
}
