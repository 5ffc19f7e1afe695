import Testing

@testable import ObjectGraph

/// Merging changes into a sectioned result gives exactly what grouping a fresh sort gives.
@Suite struct SectionedResultsTests {
    /// (section key, sort key) per element id; sorted by section key, sort key, then id.
    private typealias Values = [Int: (section: Int, key: Int)]

    private static func fresh(_ values: Values, sectioned: Bool) -> SectionedResults<Int> {
        let sorted = values.keys.sorted { less($0, $1, values) }
        return SectionedResults(sorted: sorted, sectionName: sectioned ? { "S\(values[$0]?.section ?? -1)" } : nil)
    }

    private static func less(_ lhs: Int, _ rhs: Int, _ values: Values) -> Bool {
        let left = values[lhs] ?? (0, 0)
        let right = values[rhs] ?? (0, 0)
        return (left.section, left.key, lhs) < (right.section, right.key, rhs)
    }

    @Test func withoutASectionKeyThereIsAlwaysOneEmptyNamedSection() {
        let results = SectionedResults<Int>(sorted: [], sectionName: nil)
        #expect(results.sections == [ResultsSection(name: "", elements: [])])
    }

    @Test func outOfOrderSectionNamesShareOneSection() {
        let results = SectionedResults(sorted: [1, 2, 3], sectionName: { $0 == 2 ? "B" : "A" })
        #expect(results.sections.map(\.name) == ["A", "B"])
        #expect(results.sections.first?.elements == [1, 3])
    }

    @Test(arguments: [false, true])
    func mergingRandomChangesMatchesAFreshGrouping(sectioned: Bool) {
        var generator = SeededGenerator(seed: sectioned ? 11 : 12)
        var values: Values = [:]
        var nextID = 0
        var results = Self.fresh(values, sectioned: sectioned)
        for step in 0..<400 {
            var removed = Set<Int>()
            var inserted = Set<Int>()
            for _ in 0..<Int.random(in: 1...5, using: &generator) {
                let id = values.keys.randomElement(using: &generator)
                switch (Int.random(in: 0..<3, using: &generator), id) {
                case (0, let id?):
                    values[id] = nil
                    removed.insert(id)
                    inserted.remove(id)
                case (1, let id?):
                    values[id] = (Int.random(in: 0..<6, using: &generator), Int.random(in: 0..<10, using: &generator))
                    removed.insert(id)
                    inserted.insert(id)
                default:
                    values[nextID] = (
                        Int.random(in: 0..<6, using: &generator), Int.random(in: 0..<10, using: &generator)
                    )
                    inserted.insert(nextID)
                    nextID += 1
                }
            }
            let snapshot = values
            results.merge(
                removing: removed, inserting: Array(inserted),
                sectionName: { "S\(snapshot[$0]?.section ?? -1)" },
                areInIncreasingOrder: { Self.less($0, $1, snapshot) })
            #expect(results.sections == Self.fresh(values, sectioned: sectioned).sections, "step \(step)")
        }
    }
}
