import Foundation
import TestSupport
import Testing

@testable import ObjectGraph

/// The table model must catch the mistakes a table view would, or the random tests prove nothing.
@Suite struct TableModelTests {
    private let old = [ResultsSection(name: "A", elements: ["a1"]), ResultsSection(name: "B", elements: ["b1"])]

    @Test func deletingASectionWithoutItsRowsIsRejected() {
        var table = TableModel(old) { $0 }
        #expect(throws: TableModel<String>.Inconsistency.self) {
            try table.apply([.section(name: "B", index: 1, type: .delete)]) { $0 }
        }
    }

    @Test func aRowThatIsNotTheNamedObjectIsRejected() {
        var table = TableModel(old) { $0 }
        #expect(throws: TableModel<String>.Inconsistency.self) {
            try table.apply([.object("a1", indexPath: IndexPath(row: 0, section: 1), type: .delete, newIndexPath: nil)])
            { $0 }
        }
    }

    @Test func aMissingUpdateLeavesTheOldTextShowing() throws {
        var shown = "old"
        var table = TableModel(old) { _ in shown }
        shown = "new"
        try table.apply([]) { _ in shown }
        #expect(table != TableModel(old) { _ in shown })
        try table.apply([
            .object(
                "b1", indexPath: IndexPath(row: 0, section: 1), type: .update,
                newIndexPath: IndexPath(row: 0, section: 1))
        ]) { _ in shown }
        #expect(table.sections.element(at: 1)?.rows.first?.text == "new")
    }
}
