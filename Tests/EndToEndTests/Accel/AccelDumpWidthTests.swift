import Foundation
import TestSupport
import Testing

/// `companion accel dump` draws its table with the inspector's listing writer: a box that fits the
/// width (COLUMNS, else the terminal's, else 80) by leaving out whole column groups, m/s² first,
/// and that becomes one record per block when even that is too wide; `--wide` shows every group.
/// Numbers are never cut.
@Suite struct AccelDumpWidthTests {
    private let recording = "Samples/AccelerometerGraph/Recordings/shaking.iiorec"

    private func dump(columns: String?, _ extra: [String] = []) throws -> [Substring] {
        let outcome = try ProductRunner.run(
            "companion", ["accel", "dump", recording, "--limit", "3", "--filter", "lowpass"] + extra,
            environment: columns.map { ["COLUMNS": $0] } ?? [:])
        #expect(outcome.status == 0)
        return outcome.standardOutput.split(separator: "\n")
    }

    /// The box's heading line: the second line of the box, after the filter's description and
    /// the top rule.
    private func heading(_ lines: [Substring]) throws -> Substring {
        try #require(lines.element(at: 2))
    }

    @Test func theFilterIsNamedAboveTheBoxAndItsColumnsAreInG() throws {
        let lines = try dump(columns: "80")
        #expect(lines.first == "x f, y f, z f: lowpass 5 Hz @ 60 Hz, in g")
        let heading = try heading(lines)
        #expect(heading.contains("x g │") && heading.contains("x f │") && !heading.contains("m/s²"))
        #expect(lines.element(at: 5)?.contains("-0.14793") == true)
    }

    @Test func atEightyColumnsTheBoxFits() throws {
        let lines = try dump(columns: "80")
        #expect(lines.count == 8)  // the filter line, the box's three rules, its heading and three rows
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines)")
        #expect(try dump(columns: nil).allSatisfy { $0.count <= 80 })
    }

    @Test func atFiftyColumnsEachSampleIsARecordWithItsNumbersWhole() throws {
        let lines = try dump(columns: "50")
        #expect(lines.allSatisfy { $0.count <= 50 }, "\(lines)")
        #expect(lines.filter { $0.hasPrefix("-[ RECORD ") }.count == 3)
        #expect(lines.contains { $0.hasPrefix("y f ") && $0.hasSuffix("│ -0.14793") })
    }

    @Test func wideShowsEveryColumn() throws {
        let heading = try heading(try dump(columns: "80", ["--wide"]))
        #expect(heading.contains("timestamp ns") && heading.contains("raw x") && heading.contains("x m/s²"))
    }

    @Test func aWideTerminalShowsEveryColumn() throws {
        let heading = try heading(try dump(columns: "200"))
        #expect(heading.contains("timestamp ns") && heading.contains("x m/s²"))
    }

    @Test func theFlagColumnIsThereOnlyWhenASampleIsBeyondSixteenG() throws {
        #expect(try !heading(try dump(columns: "200")).contains("flag"))
    }
}

/// The same table on real terminals, as a person sees it: the pane's width decides.
@Suite(.enabled(if: AccelTerminalScreen.isAvailable, "needs tmux (make deps installs it)"))
struct AccelDumpTerminalTests {
    private let companion = ProductRunner.binDirectory.appendingPathComponent("companion")

    @Test(arguments: [80, 50])
    func theTableFitsThePane(columns: Int) throws {
        let screen = try AccelTerminalScreen.run(
            companion,
            ["accel", "dump", AccelTestSupport.shippedRecording("shaking"), "--limit", "3", "--filter", "lowpass"],
            columns: columns)
        #expect(screen.status == 0)
        let lines = screen.lines.filter { !$0.contains("ACCEL-EXIT") && !$0.contains("accel dump") }
        #expect(lines.allSatisfy { $0.count <= columns }, "\(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.contains("-0.14793") }, "\(lines.joined(separator: "\n"))")
        if columns == 80 {
            #expect(lines.contains { $0.hasPrefix("│ sample │") })
        } else {
            #expect(lines.filter { $0.hasPrefix("-[ RECORD ") }.count == 3)
        }
    }
}
