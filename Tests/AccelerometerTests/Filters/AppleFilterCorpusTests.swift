import Foundation
import TestSupport
import Testing

@testable import Accelerometer

/// `corpus/iio/apple_filters_synthetic_60Hz.csv`: 240 inputs in g and the outputs of five filters at
/// 60 Hz / 5 Hz, printed to 12 significant digits. Columns are found by the header row's names
/// (`lp`, `lpA`, `hp`, `hpA`, `docslp`, `docshpv`, each `_x`, `_y`, `_z`).
///
/// The inputs are printed to 12 significant digits too, so near ±1 g they carry up to 5e-12 of
/// rounding; fed back in, that rounding alone moves the outputs by more than 1e-12. The inputs are a
/// simple signal, recovered here and checked against every printed input: x = 0.05 sin(2π·8t),
/// y = −1 + 0.015 sin(2π·13t) + 0.03 for samples 60–119, z = 0.02 cos(2π·3t) + 0.3 from sample 150.
/// From those exact inputs, every output must print as exactly the CSV's 12 significant digits, and
/// where the CSV resolves 1e-12 (|value| < 1) differ from it by at most 1e-12.
@Suite struct AppleFilterCorpusTests {
    struct Table {
        var columns: [String: Int]
        var cells: [[String]]

        func value(_ row: Int, _ name: String) -> Double {
            cells.element(at: row)?.element(at: columns[name] ?? 0).flatMap { Double($0) } ?? .nan
        }
    }

    static func table() throws -> Table {
        let url = TestPaths.iioCorpus.appendingPathComponent("apple_filters_synthetic_60Hz.csv")
        let lines = try String(contentsOf: url, encoding: .utf8).split(whereSeparator: \.isNewline)
            .filter { !$0.hasPrefix("#") }
        let names = try #require(lines.first).split(separator: ",").map(String.init)
        var columns: [String: Int] = [:]
        for (index, name) in names.enumerated() { columns[name] = index }
        return Table(columns: columns, cells: lines.dropFirst().map { $0.split(separator: ",").map(String.init) })
    }

    static func exactInput(_ n: Int) -> Vector3 {
        let t = Double(n) / 60
        return Vector3(
            x: 0.05 * sin(2 * Double.pi * 8 * t),
            y: -1 + 0.015 * sin(2 * Double.pi * 13 * t) + (60..<120 ~= n ? 0.03 : 0),
            z: 0.02 * cos(2 * Double.pi * 3 * t) + (n >= 150 ? 0.3 : 0))
    }

    /// Half a unit in the 12th significant digit of `value`: the CSV's own rounding.
    static func printedHalfUnit(_ value: Double) -> Double {
        value == 0 ? 0 : 0.5 * pow(10, floor(log10(abs(value))) - 11)
    }

    @Test func theRecoveredInputsAreTheCSVsInputs() throws {
        let table = try Self.table()
        try #require(table.cells.count == 240)
        for row in 0..<240 {
            let exact = Self.exactInput(row)
            for (axis, name) in ["ax", "ay", "az"].enumerated() {
                let printed = table.value(row, name)
                #expect(abs(exact[axis] - printed) <= Self.printedHalfUnit(printed) + 1e-15, "row \(row) \(name)")
            }
        }
    }

    private func check(_ filter: some AccelerationFilter, _ prefix: String) throws {
        let table = try Self.table()
        var filter = filter
        var worstBelowOne = 0.0
        for row in 0..<240 {
            let output = filter.filter(Self.exactInput(row), interval: nil)
            for (axis, suffix) in ["x", "y", "z"].enumerated() {
                let name = "\(prefix)_\(suffix)"
                let column = try #require(table.columns[name])
                let printed = try #require(table.cells.element(at: row)?.element(at: column))
                #expect(String(format: "%.12g", output[axis]) == printed, "row \(row) \(name)")
                let expected = table.value(row, name)
                if abs(expected) < 1 { worstBelowOne = max(worstBelowOne, abs(output[axis] - expected)) }
            }
        }
        #expect(worstBelowOne <= 1e-12)
    }

    @Test func reproducesTheLowpassColumns() throws {
        try check(LowpassFilter(), "lp")
    }

    @Test func reproducesTheAdaptiveLowpassColumns() throws {
        try check(LowpassFilter(adaptive: true), "lpA")
    }

    @Test func reproducesTheHighpassColumns() throws {
        try check(HighpassFilter(), "hp")
    }

    @Test func reproducesTheAdaptiveHighpassColumns() throws {
        try check(HighpassFilter(adaptive: true), "hpA")
    }

    @Test func reproducesTheFilteringFactorLowpassColumns() throws {
        try check(FilteringFactorLowpassFilter(), "docslp")
    }

    @Test func reproducesTheGuidesHighpassAsPrinted() throws {
        try check(PrintedGuideHighpassFilter(), "docshpv")
    }

    @Test func thePrintedInputsThemselvesStayWithinTheirRounding() throws {
        // Fed the CSV's rounded inputs, the low-pass stays within the inputs' own rounding (≤ 5e-12).
        let table = try Self.table()
        var filter = LowpassFilter()
        for row in 0..<240 {
            let input = Vector3(x: table.value(row, "ax"), y: table.value(row, "ay"), z: table.value(row, "az"))
            let output = filter.filter(input, interval: nil)
            #expect(abs(output.y - table.value(row, "lp_y")) <= 1e-11)
        }
    }
}
