import Foundation
import TestSupport
import Testing

@testable import Accelerometer

/// The terminal plot's axes say the truth at every size: the value labels name values drawn on
/// their rows, and a recording of one instant is not given a made-up second.
@Suite struct PlotAxisTests {
    /// QA's case: x at 0.101 g and y at −0.897 g (the iio-sensor-proxy scan, device upright).
    static let orientation = PlotPanel(
        title: "raw (g)", times: [0, 1],
        series: [
            PlotPanel.Series(name: "x", values: [0.101, 0.101]), PlotPanel.Series(name: "y", values: [-0.897, -0.897]),
        ])

    /// The tilting recording's span, −1.016 … 1.004 g.
    static let tilting = PlotPanel(
        title: "raw (g)", times: [0, 1, 2],
        series: [PlotPanel.Series(name: "x", values: [-1.016, 0, 1.004])])

    /// The drawing rows of a one-panel plot: (label, cells) per row.
    private func rows(_ panel: PlotPanel, height: Int) throws -> [(label: String, cells: String)] {
        let lines = TerminalPlot(panels: [panel], width: 40, panelHeight: height, useColor: false).render()
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return try #require(lines.elements(at: 1...height)).map { line in
            let tick = line.firstIndex { $0 == "┤" || $0 == "│" } ?? line.startIndex
            return (
                String(line[..<tick]).trimmingCharacters(in: .whitespaces), String(line[line.index(after: tick)...])
            )
        }
    }

    @Test(arguments: 2...24)
    func theTopAndBottomRowsAreLabelledWithTheValuesDrawnOnThem(_ height: Int) throws {
        let drawn = try rows(Self.orientation, height: height)
        #expect(drawn.first?.label == "0.101", "height \(height)")
        #expect(drawn.last?.label == "-0.897", "height \(height)")
        #expect(drawn.first?.cells.contains("x") == true, "height \(height)")
        #expect(drawn.last?.cells.contains("y") == true, "height \(height)")
        let tilting = try rows(Self.tilting, height: height)
        #expect(tilting.first?.label == "1.00" && tilting.last?.label == "-1.02", "height \(height)")
    }

    @Test(arguments: 2...24)
    func everyLabelStatesAValueInsideItsRow(_ height: Int) {
        let (low, high) = (-1.016, 1.004)
        let labels = TerminalPlot.valueLabels(low: low, high: high, rows: height)
        let lastDot = Double(height * 4 - 1)
        let halfUnit = 0.005  // two decimals
        for (row, label) in labels.enumerated() {
            guard let label, let value = Double(label) else { continue }
            let top = high - (high - low) * Double(row * 4) / lastDot
            let bottom = high - (high - low) * Double(row * 4 + 3) / lastDot
            #expect(value <= top + halfUnit && value >= bottom - halfUnit, "row \(row) of \(height): \(label)")
        }
    }

    @Test func oneInstantShowsItsOwnTimeAndNothingElse() {
        for (time, expected) in [(0.0, "0 s"), (2.5, "2.500 s")] {
            let panel = PlotPanel(title: "raw (g)", times: [time], vectors: [Vector3(x: 0.1, y: -0.9, z: 0.3)])
            let lines = TerminalPlot(panels: [panel], width: 40, panelHeight: 4, useColor: false).render()
                .split(separator: "\n")
            #expect(lines.last?.trimmingCharacters(in: .whitespaces) == expected)
            let svg = SVGPlot(panels: [panel]).render()
            #expect(svg.components(separatedBy: "text-anchor=\"middle\"").count == 2)
        }
    }

    @Test func timesThatGoBackStillFitTheAxis() {
        let panel = PlotPanel(
            title: "raw (g)", times: [0, 0.5, 0.2], vectors: [.zero, Vector3(x: 1, y: 1, z: 1), .zero])
        #expect(panel.timeRange == (0, 0.5))
        #expect(!panel.isInstant)
    }
}
