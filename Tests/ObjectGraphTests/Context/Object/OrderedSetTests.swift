import Testing

@testable import ObjectGraph

/// The ordered set behind ordered to-many relationships: unique elements in the order they came.
@Suite("Ordered set")
struct OrderedSetTests {
    @Test func appendingKeepsTheFirstPositionOfARepeatedElement() {
        var set: OrderedSet = ["a", "b"]
        let appendedAgain = set.append("a")
        let appendedNew = set.append("c")
        #expect(!appendedAgain && appendedNew)
        #expect(Array(set) == ["a", "b", "c"])
        #expect(set.contains("c") && !set.contains("d"))
    }

    @Test func aSetMadeFromDistinctElementsKeepsTheirOrderAndFindsEachOfThem() {
        let elements = (0..<1_000).map { "member \($0)" }
        var set = OrderedSet(distinctElements: elements)
        #expect(set.elements == elements && set.count == 1_000)
        #expect(elements.allSatisfy(set.contains))
        // It is an ordered set like any other: a member already there is not added again.
        let appendedAgain = set.append("member 7")
        let removed = set.remove("member 0")
        #expect(!appendedAgain && removed && set.first == "member 1")
        #expect(set.firstIndex(of: "member 999") == 998)
    }

    @Test func aSetMadeFromNoElementsIsEmpty() {
        let set = OrderedSet<String>(distinctElements: [])
        #expect(set.isEmpty && !set.contains(""))
    }
}
