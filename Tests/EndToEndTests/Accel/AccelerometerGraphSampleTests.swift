import Foundation
import Testing

/// The lecture sample, `accelerometer-graph`, run the way the instructor runs it.
@Suite struct AccelerometerGraphSampleTests {
    @Test func replaysAShippedRecordingWithAdaptiveOffThenOn() throws {
        let outcome = try ProductRunner.run("accelerometer-graph", ["walking", "--width", "80"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let text = outcome.standardOutput
        #expect(text.hasPrefix("AccelerometerGraph — synthetic-walking, 705 samples at 60 Hz\n"))
        #expect(text.contains("  generator: companion accel synthesize walking --rate 60 --duration 12 --seed 3"))
        let off = try #require(text.range(of: "== adaptive off =="))
        let on = try #require(text.range(of: "== adaptive on =="))
        #expect(off.lowerBound < on.lowerBound)
        #expect(text.contains("low-pass 5 Hz, adaptive on: gravity (g)"))
        #expect(text.contains("high-pass 5 Hz, adaptive off: movement (g)"))
        #expect(!text.contains("\u{1B}"))
        for line in text.split(separator: "\n") where line.contains("┤") || line.contains("│") {
            #expect(line.count <= 80)
        }
    }

    @Test func anUnknownRecordingListsTheShippedOnes() throws {
        let outcome = try ProductRunner.run("accelerometer-graph", ["running"])
        #expect(outcome.status == 1)
        #expect(outcome.standardError == "accelerometer-graph: no recording called 'running' (shipped: shaking, tilting, walking)\n")
    }
}

/// `--timestamps`: each filter step's dt from the timestamps, for recordings with gaps.
@Suite struct AccelTimestampModeTests {
    @Test func theWalkingGapChangesTheFilteredValuesOnlyFromTheGapOn() throws {
        let path = AccelTestSupport.shippedRecording("walking")
        let fixed = try ProductRunner.run("companion", ["accel", "dump", path, "--format", "csv", "--filter", "lowpass"])
        let timed = try ProductRunner.run(
            "companion", ["accel", "dump", path, "--format", "csv", "--filter", "lowpass", "--timestamps"])
        let fixedRows = fixed.standardOutput.split(separator: "\n")
        let timedRows = timed.standardOutput.split(separator: "\n")
        #expect(fixedRows.count == timedRows.count)
        // Rows before the gap (sample 420 is the first after it) agree up to the timestamps' whole
        // nanoseconds (16 666 667 ns vs 1/60 s); the row after the gap differs by far more.
        for row in 1...420 {
            let a = Double(fixedRows[row].split(separator: ",")[13]) ?? 0
            let b = Double(timedRows[row].split(separator: ",")[13]) ?? 1
            #expect(abs(a - b) < 1e-7, "row \(row)")
        }
        let after = (Double(fixedRows[421].split(separator: ",")[13]) ?? 0) - (Double(timedRows[421].split(separator: ",")[13]) ?? 0)
        #expect(abs(after) > 1e-3)
    }
}
