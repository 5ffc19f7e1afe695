import Foundation
import Testing

@testable import ObjectGraph

/// Hand-picked edits whose exact change lists are known from how a table view must be told.
@Suite struct ResultsDifferenceTests {
    private func section(_ name: String, _ elements: String...) -> ResultsSection<String> {
        ResultsSection(name: name, elements: elements)
    }

    private func path(_ section: Int, _ row: Int) -> IndexPath {
        IndexPath(row: row, section: section)
    }

    @Test func identicalResultsProduceNoChanges() {
        let sections = [section("A", "a1", "a2"), section("B", "b1")]
        #expect(ResultsDifference.changes(from: sections, to: sections, updated: []).isEmpty)
    }

    @Test func firstObjectOfANewSectionInsertsTheSectionAndTheRow() {
        let old = [section("A", "a1"), section("C", "c1")]
        let new = [section("A", "a1"), section("B", "b1"), section("C", "c1")]
        #expect(
            ResultsDifference.changes(from: old, to: new, updated: []) == [
                .section(name: "B", index: 1, type: .insert),
                .object("b1", indexPath: nil, type: .insert, newIndexPath: path(1, 0)),
            ])
    }

    @Test func deletingTheLastObjectOfASectionDeletesTheRowAndTheSection() {
        let old = [section("A", "a1"), section("B", "b1"), section("C", "c1")]
        let new = [section("A", "a1"), section("C", "c1")]
        #expect(
            ResultsDifference.changes(from: old, to: new, updated: []) == [
                .section(name: "B", index: 1, type: .delete),
                .object("b1", indexPath: path(1, 0), type: .delete, newIndexPath: nil),
            ])
    }

    @Test func changingTheSectionKeyMovesTheObjectBetweenSections() {
        let old = [section("A", "a1", "x"), section("B", "b1")]
        let new = [section("A", "a1"), section("B", "b1", "x")]
        #expect(
            ResultsDifference.changes(from: old, to: new, updated: ["x"]) == [
                .object("x", indexPath: path(0, 1), type: .move, newIndexPath: path(1, 1))
            ])
    }

    @Test func anEditThatKeepsTheOrderIsAnUpdateWithOldAndNewIndexPaths() {
        let old = [section("B", "b1", "b2")]
        let new = [section("A", "a1"), section("B", "b1", "b2")]
        #expect(
            ResultsDifference.changes(from: old, to: new, updated: ["b2"]) == [
                .section(name: "A", index: 0, type: .insert),
                .object("a1", indexPath: nil, type: .insert, newIndexPath: path(0, 0)),
                .object("b2", indexPath: path(0, 1), type: .update, newIndexPath: path(1, 1)),
            ])
    }

    @Test func anEditThatReordersMovesOnlyTheEditedObject() {
        let old = [section("A", "a", "b", "c", "d")]
        let new = [section("A", "b", "c", "d", "a")]
        #expect(
            ResultsDifference.changes(from: old, to: new, updated: ["a"]) == [
                .object("a", indexPath: path(0, 0), type: .move, newIndexPath: path(0, 3))
            ])
    }

    @Test func objectsThatOnlyShiftAreNotReported() {
        let old = [section("A", "a", "c", "e")]
        let new = [section("A", "b", "c", "d")]
        #expect(
            ResultsDifference.changes(from: old, to: new, updated: []) == [
                .object("a", indexPath: path(0, 0), type: .delete, newIndexPath: nil),
                .object("e", indexPath: path(0, 2), type: .delete, newIndexPath: nil),
                .object("b", indexPath: nil, type: .insert, newIndexPath: path(0, 0)),
                .object("d", indexPath: nil, type: .insert, newIndexPath: path(0, 2)),
            ])
    }

    @Test func sectionsThatChangeOrderAreDeletedAndInsertedAgain() {
        let old = [section("A", "a"), section("B", "b1", "b2")]
        let new = [section("B", "b1", "b2"), section("A", "a")]
        #expect(
            ResultsDifference.changes(from: old, to: new, updated: []) == [
                .section(name: "A", index: 0, type: .delete),
                .section(name: "A", index: 1, type: .insert),
                .object("a", indexPath: path(0, 0), type: .move, newIndexPath: path(1, 0)),
            ])
    }

    @Test func theHeaviestIncreasingSubsequenceKeepsTheHeavierItemsStill() {
        // Old positions 1, 2, 0 in new order: keeping {1, 2} beats keeping {0} unless 0 weighs more.
        #expect(
            HeaviestIncreasingSubsequence.stableItems(oldPositions: [1, 2, 0], weights: [1, 1, 1], upperBound: 3)
                == [true, true, false])
        #expect(
            HeaviestIncreasingSubsequence.stableItems(oldPositions: [1, 2, 0], weights: [1, 1, 5], upperBound: 3)
                == [false, false, true])
    }
}
