import Foundation
import Testing

@testable import ObjectGraph

#if canImport(Glibc)
    import Glibc
#endif

/// A fetched object's own memory: what every one of a large fetch's objects costs. The sizes are
/// pinned because one field more, or fields in another order, silently moves every object into
/// the next larger heap block (see ObjectGraph's Performance article).
@Suite("Object footprint")
struct ObjectFootprintTests {
    @Test func theToOneMapTakesThreeWordsBecauseItsCaseLivesInTheReferencesSpareBits() {
        #expect(MemoryLayout<ToOneMap>.size == 24)
    }

    @Test func anObjectsStatePacksItsFlagsIntoTheValueSetsLastWord() {
        #expect(MemoryLayout<ObjectState>.size == 56)
    }

    @Test func anObjectFitsA112ByteHeapBlock() throws {
        let entity = EntityDescription(name: "Movie")
        let object = ManagedObject(entity: entity, insertInto: nil)
        #if canImport(Glibc)
            // glibc's blocks are 16-byte steps with 8 bytes of their own: 104 usable bytes is the
            // 112-byte block, 120 the 128-byte one. `malloc_usable_size` is in malloc.h, which the
            // Glibc module leaves out: look it up.
            typealias UsableSize = @convention(c) (UnsafeMutableRawPointer?) -> Int
            let symbol = try #require(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_usable_size"))
            let usableSize = unsafeBitCast(symbol, to: UsableSize.self)
            #expect(usableSize(Unmanaged.passUnretained(object).toOpaque()) <= 104)
        #endif
        #expect(object.entity === entity)
    }

    @Test func aToOneMapGoesFromOneEntryToManyAndBack() {
        let entity = EntityDescription(name: "Movie")
        let theater = ManagedObject(entity: entity, insertInto: nil)
        let director = ManagedObject(entity: entity, insertInto: nil)
        var map = ToOneMap()
        map["theater"] = theater
        #expect(map.count == 1 && map["theater"] === theater)
        map["director"] = director
        #expect(map.count == 2 && map["theater"] === theater && map["director"] === director)
        map["theater"] = nil
        #expect(map.count == 1 && map["director"] === director && map["theater"] == nil)
        map["director"] = nil
        #expect(map.isEmpty)
    }
}
