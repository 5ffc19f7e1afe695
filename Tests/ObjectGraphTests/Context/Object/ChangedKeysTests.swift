import Testing

@testable import ObjectGraph

/// The set of an object's changed property names behaves as a set, whatever order names come in.
@Suite("Changed keys")
struct ChangedKeysTests {
    @Test func aNameInsertedTwiceIsHeldOnceAndRemovingTheFirstKeepsTheOthers() {
        var keys = ChangedKeys()
        #expect(keys.isEmpty && keys.count == 0 && !keys.contains("name"))
        keys.insert("name")
        keys.insert("year")
        keys.insert("name")
        keys.insert("theater")
        #expect(keys.count == 3 && keys.contains("name") && keys.contains("theater"))
        keys.remove("name")
        #expect(keys.count == 2 && !keys.contains("name") && keys.contains("year") && keys.contains("theater"))
        keys.remove("absent")
        keys.remove("theater")
        keys.remove("year")
        #expect(keys.isEmpty && Array(keys).isEmpty)
    }

    @Test func setsWithTheSameNamesInAnotherOrderAreEqual() {
        let one: ChangedKeys = ["a", "b", "c"]
        #expect(one == ["c", "a", "b"])
        #expect(one != ["a", "b"])
        #expect(one != ["a", "b", "d"])
        #expect(one.set == ["a", "b", "c"])
        #expect(ChangedKeys(["x", "x"]).count == 1)
    }

    @Test func unionAndSubtractionWorkLikeASets() {
        let keys: ChangedKeys = ["a", "b"]
        #expect(keys.union(["b", "c"]) == ["a", "b", "c"])
        #expect(keys.subtracting(["a", "z"]) == ["b"])
        #expect(keys.subtracting(["a", "b"]).isEmpty)
    }
}
