import TestSupport
import Testing

/// `companion accel dump` fits its table to the width (COLUMNS, else 80) by leaving out whole
/// column groups, m/s² first; `--wide` shows them all; numbers are never cut.
@Suite struct AccelDumpWidthTests {
    private let recording = "Samples/AccelerometerGraph/Recordings/shaking.iiorec"

    private func dump(columns: String?, _ extra: [String] = []) throws -> [Substring] {
        let outcome = try ProductRunner.run(
            "companion", ["accel", "dump", recording, "--limit", "3", "--filter", "lowpass"] + extra,
            environment: columns.map { ["COLUMNS": $0] } ?? [:])
        #expect(outcome.status == 0)
        return outcome.standardOutput.split(separator: "\n")
    }

    @Test(arguments: ["80", "50"])
    func theTableFitsTheWidthAndKeepsTheValuesInG(columns: String) throws {
        let lines = try dump(columns: columns)
        #expect(lines.count == 4)
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines)")
        let header = try #require(lines.first)
        #expect(header.contains("x g") && header.contains("lowpass x") && !header.contains("m/s²"))
        #expect(lines.element(at: 2)?.contains("-0.14793") == true)
    }

    @Test func withoutCOLUMNSTheTableFitsEightyColumns() throws {
        #expect(try dump(columns: nil).allSatisfy { $0.count <= 80 })
    }

    @Test func wideShowsEveryColumn() throws {
        let header = try #require(try dump(columns: "80", ["--wide"]).first)
        #expect(header.contains("timestamp ns") && header.contains("raw x") && header.contains("x m/s²"))
    }

    @Test func aWideTerminalShowsEveryColumn() throws {
        let header = try #require(try dump(columns: "200").first)
        #expect(header.contains("timestamp ns") && header.contains("x m/s²"))
    }
}
