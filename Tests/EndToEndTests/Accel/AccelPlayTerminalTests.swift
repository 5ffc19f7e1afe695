import Foundation
import TestSupport
import Testing

/// `companion accel play` on real terminals of different widths: the status line updates in place.
@Suite(.enabled(if: AccelTerminalScreen.isAvailable, "needs tmux (make deps installs it)"))
struct AccelPlayTerminalTests {
    private let companion = ProductRunner.binDirectory.appendingPathComponent("companion")

    /// The lines a replay of the tilting recording leaves: the announcement, monitor-sensor's six
    /// orientation changes, one status line (rewritten in place every update), and the summary.
    @Test(arguments: [40, 80, 200])
    func theStatusLineUpdatesInPlaceAtAnyWidth(_ columns: Int) throws {
        for colour in [[], ["--color", "always"]] {
            let screen = try AccelTerminalScreen.run(
                companion, ["accel", "play", AccelTestSupport.shippedRecording("tilting"), "--fast"] + colour,
                columns: columns)
            #expect(screen.status == 0)
            let lines = screen.lines
            try #require(lines.count == 9, "\(columns) columns \(colour): \(lines.joined(separator: "\n"))")
            #expect(lines.first?.hasPrefix("replaying ") == true)
            #expect(lines.filter { $0.contains("Accelerometer orientation changed:") }.count == 6)
            #expect(lines.last == "done: 840 samples")
            let status = try #require(lines.element(fromEnd: 1))
            #expect(status.hasSuffix("face-up"), "\(status)")
            #expect(status.count < columns, "\(status.count) columns of \(columns): \(status)")
        }
    }

    @Test func aWideTerminalShowsTheWholeStatusLine() throws {
        let screen = try AccelTerminalScreen.run(
            companion, ["accel", "play", AccelTestSupport.shippedRecording("tilting"), "--fast"], columns: 200)
        let status = try #require(screen.lines.element(fromEnd: 1), "\(screen.lines.joined(separator: "\n"))")
        // The last of 840 samples at 60 Hz, shown whatever --every is.
        #expect(status.hasPrefix("t=13.983 s  g x="), "\(status)")
        #expect(status.contains("  low-pass x=") && status.contains("  high-pass x="))
    }

    /// Narrowed mid-replay, the terminal re-wraps the wide status line onto several rows; clearing
    /// only the last of them left the others on the screen as a fragment ("low-pass x=…").
    @Test func narrowingTheTerminalMidReplayLeavesNoFragmentOfTheStatusLine() throws {
        for colour in [[], ["--color", "always"]] {
            let screen = try AccelTerminalScreen.run(
                companion, ["accel", "play", AccelTestSupport.shippedRecording("tilting"), "--speed", "3"] + colour,
                columns: 150, resize: .init(text: "high-pass", columns: 40), visible: true)
            #expect(screen.status == 0)
            let shown = screen.lines.joined(separator: "\n")
            #expect(screen.lines.last == "done: 840 samples", "\(colour): \(shown)")
            #expect(!shown.contains("pass"), "a fragment of the 150-column status line stayed \(colour): \(shown)")
            let statusLines = screen.lines.filter { $0.first?.isNumber == true || $0.hasPrefix("t=") }
            #expect(statusLines.count == 1, "\(colour): \(shown)")
        }
    }

    @Test func qStopsTheReplayAndKeysPressedAreNotDrawnIntoTheStatusLine() throws {
        let screen = try AccelTerminalScreen.run(
            companion, ["accel", "play", AccelTestSupport.shippedRecording("tilting")],
            columns: 80, resize: .init(text: "t=", columns: nil, keys: ["x", "y", "z", "q"]))
        #expect(screen.status == 0)
        let shown = screen.lines.joined(separator: "\n")
        #expect(screen.lines.last?.hasPrefix("stopped after ") == true, "\(shown)")
        #expect(screen.lines.last?.hasSuffix(" of 840 samples") == true, "\(shown)")
        let status = try #require(screen.lines.element(fromEnd: 1), "\(shown)")
        #expect(status.hasPrefix("t="), "\(shown)")
        #expect(!status.hasSuffix("xyz") && !status.contains("q"), "the keys were echoed into the line: \(status)")
    }
}
