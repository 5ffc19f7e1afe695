import Foundation
import TestSupport
import Testing

@testable import Accelerometer

/// Plots compared byte for byte with golden files in `Plot/Golden/`; run the tests with
/// `UPDATE_GOLDEN=1` to rewrite them, then read the diff.
@Suite struct PlotTests {
    static var panels: [PlotPanel] {
        let times = (0...40).map { Double($0) * 0.05 }
        let raw = times.map { Vector3(x: sin(3 * $0), y: -1 + 0.2 * cos(5 * $0), z: 0.5) }
        var filter = LowpassFilter(rate: 20, cutoff: 2)
        return [
            PlotPanel(title: "raw (g)", times: times, vectors: raw),
            PlotPanel(title: "lowpass (g)", times: times, vectors: raw.map { filter.filter($0, interval: nil) }),
        ]
    }

    private func compare(_ text: String, golden name: String) throws {
        try Golden.assert(text, matches: name)
    }

    @Test func plainPlotMatchesItsGoldenFile() throws {
        try compare(
            TerminalPlot(panels: Self.panels, width: 60, panelHeight: 8, useColor: false).render(), golden: "plain.txt")
    }

    @Test func colourBraillePlotMatchesItsGoldenFile() throws {
        try compare(
            TerminalPlot(panels: Self.panels, width: 60, panelHeight: 8, useColor: true).render(), golden: "color.txt")
    }

    @Test func svgMatchesItsGoldenFile() throws {
        try compare(SVGPlot(panels: Self.panels, width: 640, panelHeight: 200).render(), golden: "plot.svg")
    }

    @Test(arguments: [30, 61, 80, 132])
    func everyLineFitsTheWidth(_ width: Int) {
        for useColor in [false, true] {
            let text = TerminalPlot(panels: Self.panels, width: width, useColor: useColor).render()
            for line in text.split(separator: "\n") {
                // Strip SGR sequences; every other character (Braille, box drawing) is one column wide.
                let visible = line.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
                #expect(visible.count <= width, "\(visible.count) > \(width): \(visible)")
            }
        }
    }

    @Test func withoutColourThereAreNoEscapesAndTheAxesUseTheirLetters() {
        let text = TerminalPlot(panels: Self.panels, width: 60, useColor: false).render()
        #expect(!text.contains("\u{1B}"))
        #expect(!text.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) })
        for letter in ["x", "y", "z"] { #expect(text.contains(letter)) }
    }

    @Test func withColourTheAxesAreRedGreenBlueBrailleDots() {
        let text = TerminalPlot(panels: Self.panels, width: 60, useColor: true).render()
        for code in ["\u{1B}[31m", "\u{1B}[32m", "\u{1B}[34m"] { #expect(text.contains(code)) }
        #expect(text.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) })
        // Braille can be forced without colour.
        let plainBraille = TerminalPlot(panels: Self.panels, width: 60, useColor: false, braille: true).render()
        #expect(!plainBraille.contains("\u{1B}"))
        #expect(plainBraille.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) })
    }

    @Test func brailleDotsFollowTheUnicodeNumbering() {
        var canvas = BrailleCanvas(columns: 1, rows: 1)
        canvas.set(x: 0, y: 0, series: 0)  // dot 1
        canvas.set(x: 1, y: 3, series: 0)  // dot 8
        #expect(canvas.braille(column: 0, row: 0) == "\u{2881}")
        canvas.line(from: (0, 0), to: (1, 3), series: 1)
        #expect(canvas.owner(column: 0, row: 0)?.isShared == true)
    }

    @Test func svgEscapesTitles() {
        let panel = PlotPanel(title: "a < b & \"c\"", times: [0, 1], vectors: [.zero, .zero])
        let svg = SVGPlot(panels: [panel]).render()
        #expect(svg.contains("a &lt; b &amp; &quot;c&quot;"))
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.contains("<polyline"))
    }
}
