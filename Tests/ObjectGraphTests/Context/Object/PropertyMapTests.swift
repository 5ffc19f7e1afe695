import Foundation
import Testing

@testable import ObjectGraph

/// The small name-to-value map behind an object's relationships reads and writes like a dictionary.
@Suite("Property map")
struct PropertyMapTests {
    @Test func valuesAreFoundSetReplacedAndRemovedByName() {
        var map = ValueMap<Int>()
        #expect(map.isEmpty && map["a"] == nil)
        map["a"] = 1
        map["b"] = 2
        map["c"] = 3
        map["b"] = 20
        #expect(map.count == 3)
        #expect(map["a"] == 1 && map["b"] == 20 && map["c"] == 3)
        // Removing the first entry keeps the others.
        map["a"] = nil
        #expect(map.count == 2 && map["a"] == nil && map["b"] == 20 && map["c"] == 3)
        #expect(Set(map.keys) == ["b", "c"])
        map.removeAll()
        #expect(map.isEmpty)
    }

    @Test func aValueIsEditedInPlace() {
        var map: ValueMap<[Int]> = ["members": [1]]
        map["members"]?.append(2)
        map["absent"]?.append(3)
        #expect(map["members"] == [1, 2])
        #expect(map["absent"] == nil && map.count == 1)
    }

    @Test func filterAndMergeWorkLikeADictionarys() {
        let map: ValueMap<Int> = ["a": 1, "b": 2, "c": 3]
        let odd = map.filter { $0.value % 2 == 1 }
        #expect(Set(odd.keys) == ["a", "c"])
        var merged: ValueMap<Int> = ["a": 10]
        merged.merge(map) { current, _ in current }
        #expect(merged["a"] == 10 && merged["b"] == 2 && merged["c"] == 3)
        let pairs = Dictionary(uniqueKeysWithValues: merged.map { ($0.key, $0.value) })
        #expect(pairs == ["a": 10, "b": 2, "c": 3])
    }
}
