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

    @Test func modifyingAValueEditsItWhereItIsAndAddsNothingForAnAbsentKey() {
        var one: ValueMap<[Int]> = ["members": [1]]
        #expect(one.modifyValue(forKey: "members") { $0.append(2) } != nil)
        #expect(one.modifyValue(forKey: "absent") { $0.append(3) } == nil)
        #expect(one["members"] == [1, 2] && one.count == 1)
        var many: ValueMap<[Int]> = ["a": [1], "b": [2], "c": [3]]
        let count = many.modifyValue(forKey: "a") { members -> Int in
            members.append(10)
            return members.count
        }
        #expect(count == 2)
        #expect(many.modifyValue(forKey: "d") { $0.append(4) } == nil)
        // The edited entry keeps its place among the others.
        #expect(many.keys == ["a", "b", "c"])
        #expect(many["a"] == [1, 10] && many["b"] == [2] && many["c"] == [3])
        var empty = ValueMap<[Int]>()
        #expect(empty.modifyValue(forKey: "a") { $0.append(1) } == nil)
        #expect(empty.isEmpty)
    }

    @Test func modifyingAValueDoesNotCopyIt() {
        var map: ValueMap<[Int]> = ["members": Array(0..<1_000)]
        let before = map["members"]?.withUnsafeBufferPointer { $0.baseAddress }
        _ = map.modifyValue(forKey: "members") { $0[0] = -1 }
        let after = map["members"]?.withUnsafeBufferPointer { $0.baseAddress }
        #expect(before == after)
        #expect(map["members"]?.first == -1)
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
