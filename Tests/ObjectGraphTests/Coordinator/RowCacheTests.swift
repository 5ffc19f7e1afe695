import Foundation
import Testing

@testable import ObjectGraph

/// The coordinator's row cache keeps at most its capacity of rows, forgetting the one remembered
/// longest ago first, however much room was made for a fetch's rows beforehand.
@Suite("Row cache")
struct RowCacheTests {
    private static let entity = EntityDescription(name: "Movie", properties: [])

    private static func row(_ key: Int64, version: Int64 = 1) -> StoreRow {
        StoreRow(
            objectID: ManagedObjectID(entity: entity, primaryKey: key, persistentStoreIdentifier: "S"),
            version: version, values: [:])
    }

    private static func keptKeys(_ cache: RowCache, of keys: ClosedRange<Int64>) -> [Int64] {
        keys.filter { cache.row(for: row($0).objectID) != nil }
    }

    @Test func roomMadeForMoreRowsThanTheCapacityStillKeepsOnlyTheNewest() {
        var cache = RowCache(capacity: 3)
        cache.reserveCapacity(forMore: 5)
        for key in Int64(1)...5 { cache.remember(Self.row(key)) }
        #expect(Self.keptKeys(cache, of: 1...5) == [3, 4, 5])
    }

    @Test func roomMadeTwiceKeepsEveryRowThatFits() {
        var cache = RowCache(capacity: 4)
        cache.reserveCapacity(forMore: 2)
        for key in Int64(1)...2 { cache.remember(Self.row(key)) }
        cache.reserveCapacity(forMore: 2)
        for key in Int64(3)...4 { cache.remember(Self.row(key)) }
        #expect(Self.keptKeys(cache, of: 1...4) == [1, 2, 3, 4])
    }

    @Test func aRowRememberedAgainReplacesTheOlderVersionWithoutTakingMoreRoom() {
        var cache = RowCache(capacity: 2)
        cache.reserveCapacity(forMore: 3)
        cache.remember(Self.row(1))
        cache.remember(Self.row(2))
        cache.remember(Self.row(1, version: 2))
        #expect(cache.row(for: Self.row(1).objectID)?.version == 2)
        #expect(Self.keptKeys(cache, of: 1...2) == [1, 2])
    }

    @Test func aCacheWithNoRoomRemembersNothing() {
        var cache = RowCache(capacity: 0)
        cache.reserveCapacity(forMore: 10)
        cache.remember(Self.row(1))
        #expect(cache.row(for: Self.row(1).objectID) == nil)
    }

    private static func valuedRow(_ key: Int64, name: String = "Up") -> StoreRow {
        StoreRow(objectID: row(key).objectID, version: 1, values: ["name": name])
    }

    @Test func aRememberedRowIsHeldUntilTheCacheLetsGoOfIt() {
        var cache = RowCache(capacity: 2)
        let kept = Self.valuedRow(1)
        #expect(!kept.values.areHeldByRowCache)
        cache.remember(kept)
        #expect(kept.values.areHeldByRowCache)
        cache.forget(kept.objectID)
        #expect(!kept.values.areHeldByRowCache)
    }

    @Test func aReplacedRowIsNoLongerHeldButItsReplacementIs() {
        var cache = RowCache(capacity: 2)
        let old = Self.valuedRow(1)
        let new = Self.valuedRow(1, name: "Heat")
        cache.remember(old)
        cache.remember(new)
        #expect(!old.values.areHeldByRowCache)
        #expect(new.values.areHeldByRowCache)
    }

    @Test func aRowPushedOutByNewerOnesIsNoLongerHeld() {
        var cache = RowCache(capacity: 2)
        let rows = (Int64(1)...3).map { Self.valuedRow($0) }
        for row in rows { cache.remember(row) }
        #expect(rows.map(\.values.areHeldByRowCache) == [false, true, true])
        cache.removeAll()
        #expect(rows.allSatisfy { !$0.values.areHeldByRowCache })
    }

    @Test func valuesTheCacheWasNeverGivenAreNotHeld() {
        var cache = RowCache(capacity: 0)
        let row = Self.valuedRow(1)
        cache.remember(row)
        #expect(!row.values.areHeldByRowCache)
        var remembered = RowCache(capacity: 2)
        let held = Self.valuedRow(2)
        remembered.remember(held)
        // A copy written to has storage of its own, which the cache never saw.
        var written = held.values
        written["name"] = "Heat"
        #expect(!written.areHeldByRowCache && held.values.areHeldByRowCache)
        // Values with no storage at all cannot be marked, so they never count as held.
        let empty = Self.row(3)
        remembered.remember(empty)
        #expect(!empty.values.areHeldByRowCache)
    }
}
