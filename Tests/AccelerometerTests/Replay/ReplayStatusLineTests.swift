import Foundation
import Testing

@testable import Accelerometer

/// The replay's status line fits the terminal, so a carriage return can rewrite it in place.
@Suite struct ReplayStatusLineTests {
    static let status = ReplayStatusLine(
        time: 13.9, acceleration: Vector3(x: -0.004, y: 0.004, z: -0.992),
        lowpass: Vector3(x: 0.001, y: -0.002, z: -1.001), highpass: Vector3(x: -0.005, y: 0.006, z: 0.009),
        orientation: "face-down", isBeyondRange: true)

    private func visible(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    @Test(arguments: [1, 2, 10, 20, 30, 39, 40, 41, 60, 79, 80, 81, 100, 120, 200])
    func neverReachesTheLastColumn(_ columns: Int) {
        for useColor in [false, true] {
            let (text, width) = Self.status.rendered(columns: columns, useColor: useColor)
            #expect(visible(text).count == width)
            #expect(width < max(columns, 2), "\(width) columns in a \(columns)-column terminal: \(visible(text))")
            #expect(!text.contains("\n") && !text.contains("\r"))
        }
    }

    @Test func aWideTerminalGetsEveryLabel() {
        let text = Self.status.rendered(columns: 200, useColor: false).text
        #expect(
            text == "t=13.900 s  g x=-0.004 y=+0.004 z=-0.992  low-pass x=+0.001 y=-0.002 z=-1.001  "
                + "high-pass x=-0.005 y=+0.006 z=+0.009  face-down  >16g")
        #expect(Self.status.rendered(useColor: false) == text)
    }

    @Test func eightyColumnsKeepTheLowPassAndFortyTheAcceleration() {
        let eighty = Self.status.rendered(columns: 80, useColor: false).text
        #expect(eighty == "t=13.900 s  g -0.004 +0.004 -0.992  low +0.001 -0.002 -1.001  face-down  >16g")
        // −0.004 at two decimals is 0.00, shown without a minus sign.
        let forty = Self.status.rendered(columns: 40, useColor: false).text
        #expect(forty == "13.900 +0.00 +0.00 -0.99 face-down >16g")
    }

    @Test func colourPaintsTheAxesWithoutTakingColumns() {
        let (text, width) = Self.status.rendered(columns: 80, useColor: true)
        for code in ["\u{1B}[31m", "\u{1B}[32m", "\u{1B}[34m"] { #expect(text.contains(code)) }
        #expect(width == Self.status.rendered(columns: 80, useColor: false).width)
    }

    @Test func aLineReWrappedByANarrowerTerminalStartsRowsAboveTheCursor() {
        #expect(ReplayStatusLine.rowsAboveCursor(afterWrapping: 39, columns: 40) == 0)
        // Filling the row exactly leaves the cursor at its end.
        #expect(ReplayStatusLine.rowsAboveCursor(afterWrapping: 40, columns: 40) == 0)
        #expect(ReplayStatusLine.rowsAboveCursor(afterWrapping: 41, columns: 40) == 1)
        #expect(ReplayStatusLine.rowsAboveCursor(afterWrapping: 119, columns: 40) == 2)
        #expect(ReplayStatusLine.rowsAboveCursor(afterWrapping: 0, columns: 40) == 0)
        #expect(ReplayStatusLine.rowsAboveCursor(afterWrapping: 10, columns: 0) == 0)
    }
}
