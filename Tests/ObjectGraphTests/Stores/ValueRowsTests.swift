import Foundation
import Testing

@testable import ObjectGraph

/// A fetch writes its rows' values into shared chunks; each row must still behave as values of
/// its own: a write to one row is seen by it and its copies alone, and a row outlives the rows and
/// the writer it was made with.
@Suite("Value rows")
struct ValueRowsTests {
    /// Writes `count` rows of (name, year) with `ValueRowsWriter`.
    private func writtenRows(_ count: Int, layout: PropertySlotLayout) -> [PropertyValues] {
        var writer = ValueRowsWriter()
        return (0..<count).map { index in
            writer.beginRow(layout: layout)
            writer.append(.text("Movie \(index)"))
            writer.append(.integer(1950 + index))
            return writer.endRow()
        }
    }

    @Test func everyRowReadsItsOwnValuesAcrossManyChunks() {
        let layout = PropertySlotLayout(names: ["name", "year"])
        // More rows than the largest chunk holds, so rows land in chunks of every size.
        let count = ValueRowsWriter.largestChunkSlots * 3
        let rows = writtenRows(count, layout: layout)
        let misread = rows.indices.filter { index in
            rows[index]["name"] as? String != "Movie \(index)" || rows[index]["year"] as? Int != 1950 + index
        }
        #expect(misread.isEmpty)
        #expect(rows[0].slotsAreShared(with: rows[0]) && !rows[1].slotsAreShared(with: rows[2]))
    }

    @Test func aWriteToOneRowLeavesTheOtherRowsOfItsChunkAlone() {
        let layout = PropertySlotLayout(names: ["name", "year"])
        var rows = writtenRows(8, layout: layout)
        let copy = rows[3]
        rows[3]["name"] = "Up"
        rows[3][slot: 1] = 2009
        #expect(rows[3]["name"] as? String == "Up" && rows[3]["year"] as? Int == 2009)
        #expect(copy["name"] as? String == "Movie 3" && copy["year"] as? Int == 1953)
        #expect(rows[2]["name"] as? String == "Movie 2" && rows[4]["name"] as? String == "Movie 4")
        #expect(!rows[3].slotsAreShared(with: copy))
    }

    @Test func aNameOutsideTheLayoutSetOnOneRowIsSeenOnThatRowAlone() {
        let layout = PropertySlotLayout(names: ["name", "year"])
        var rows = writtenRows(4, layout: layout)
        rows[1]["note"] = "seen twice"
        #expect(rows[1]["note"] as? String == "seen twice")
        #expect(rows[1]["name"] as? String == "Movie 1")
        #expect(rows[0]["note"] == nil && rows[2]["note"] == nil)
        #expect(Set(rows[1].keys) == ["name", "year", "note"] && Set(rows[0].keys) == ["name", "year"])
    }

    @Test func aRowKeptAloneOutlivesItsChunksOtherRowsAndIsWrittenInPlace() {
        let layout = PropertySlotLayout(names: ["name", "year"])
        var kept = writtenRows(16, layout: layout)[5]
        #expect(kept["name"] as? String == "Movie 5")
        kept["year"] = 2024
        #expect(kept.dictionary["year"] as? Int == 2024 && kept.dictionary["name"] as? String == "Movie 5")
    }

    @Test func aValueInAChunkIsReleasedWithTheLastRowHoldingIt() throws {
        let (model, entity) = try DetachedObjects.movieEntity()
        let layout = PropertySlotLayout(names: ["theater"])
        weak var released: ManagedObjectID?
        do {
            var writer = ValueRowsWriter()
            var rows: [PropertyValues] = []
            for key in 1...3 {
                let id = ManagedObjectID(entity: entity, primaryKey: Int64(key), persistentStoreIdentifier: "STORE")
                if key == 2 { released = id }
                writer.beginRow(layout: layout)
                writer.append(.objectID(id))
                rows.append(writer.endRow())
            }
            #expect(rows[1].objectID(inSlot: 0) === released)
        }
        #expect(released == nil)
        withExtendedLifetime(model) {}
    }
}
