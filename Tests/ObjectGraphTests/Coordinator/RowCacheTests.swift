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
}
