import TerminalKit
import Testing

@testable import CompanionCLI

/// Reports are built in process and carry the same sections in every format.
@Suite struct InspectReportTests {
    private func report() -> InspectReport {
        var report = InspectReport()
        report.properties("Store", key: "store", [("file", .text("a.sqlite")), ("rows", .integer(3))])
        report.table(
            "Entities", key: "entities", Table(columns: ["entity", "rows"], rows: [[.text("Café"), .integer(2)]]))
        report.messages("Problems", key: "problems", [], empty: "no problems found")
        return report
    }

    @Test func jsonHasOneKeyPerSectionInOrder() {
        let text = report().rendered(as: .json, width: nil)
        #expect(text.hasPrefix("{\"store\":"))
        #expect(text.contains("\"entities\":[{\"entity\":\"Café\",\"rows\":2}]"))
        #expect(text.contains("\"problems\":[]"))
    }

    @Test func aTableSectionIsDrawnInsideItsWidth() {
        let text = report().rendered(as: .table, width: 30)
        #expect(text.contains("Entities\n┌"))
        #expect(text.contains("no problems found"))
        for line in text.split(separator: "\n") {
            #expect(DisplayWidth.of(String(line)) <= 30, "\(line)")
        }
    }
}
