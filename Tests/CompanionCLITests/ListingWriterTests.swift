import Testing

@testable import CompanionCLI

/// How a listing shortens and wraps text it cannot show whole.
@Suite struct ListingWriterTests {
    @Test func aLongPathIsShortenedInTheMiddleKeepingMoreOfItsEnd() {
        #expect(ListingWriter.middleTruncated("stores/one/two/three/alpha.sqlite", to: 16) == "store…pha.sqlite")
        #expect(ListingWriter.middleTruncated("short.sqlite", to: 16) == "short.sqlite")
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
