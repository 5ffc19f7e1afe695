import Foundation
import TestSupport
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

    @Test func badOptionValuesAreOneUsageLineNamingWhatWasExpected() throws {
        for value in ["29", "5", "0", "abc", "1001", "99999", "-40"] {
            for arguments in [["--width", value], ["--width=\(value)"]] {
                let outcome = try ProductRunner.run("accelerometer-graph", arguments)
                #expect(outcome.status == 2, "\(arguments)")
                #expect(
                    outcome.standardError
                        == "accelerometer-graph: --width must be a whole number from 30 to 1000, not '\(value)'\n")
                #expect(outcome.standardOutput.isEmpty)
            }
        }
        for arguments in [["--color", "sometimes"], ["--color=sometimes"], ["--color", "ALWAYS"]] {
            let outcome = try ProductRunner.run("accelerometer-graph", arguments)
            #expect(outcome.status == 2)
            #expect(
                outcome.standardError.hasPrefix("accelerometer-graph: --color must be always, never or auto, not '"))
        }
        let missing = try ProductRunner.run("accelerometer-graph", ["--width"])
        #expect(
            missing.standardError == "accelerometer-graph: --width needs a value (a whole number from 30 to 1000)\n")
        let unknown = try ProductRunner.run("accelerometer-graph", ["--height", "4"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.hasPrefix("accelerometer-graph: unknown option --height"))
    }

    @Test func bothOptionSpellingsWork() throws {
        for arguments in [
            ["shaking", "--width", "30", "--color", "never"], ["--color=always", "--width=1000", "shaking"],
        ] {
            let outcome = try ProductRunner.run("accelerometer-graph", arguments)
            #expect(outcome.status == 0, "\(arguments): \(outcome.standardError)")
        }
    }

    @Test func twoRecordingsAreAUsageError() throws {
        let outcome = try ProductRunner.run("accelerometer-graph", ["shaking", "walking"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "accelerometer-graph: give one recording, not both 'shaking' and 'walking'\n")
        #expect(outcome.standardOutput.isEmpty)
    }

    @Test func aDirectoryIsNotAFileAsCompanionSaysIt() throws {
        let directory = try AccelTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sample = try ProductRunner.run("accelerometer-graph", [directory.path])
        let companion = try ProductRunner.run("companion", ["accel", "info", directory.path])
        #expect(sample.status == 1)
        #expect(sample.standardError == "accelerometer-graph: \(directory.path): this is a directory, not a file\n")
        #expect(companion.standardError == "companion: \(directory.path): this is a directory, not a file\n")
        let missing = try ProductRunner.run("accelerometer-graph", ["nothere.iiorec"])
        #expect(missing.standardError == "accelerometer-graph: nothere.iiorec: does not exist\n")
    }

    @Test(arguments: [30, 40, 80])
    func notesAndTheExplanationWrapAtSpacesToTheWidth(_ width: Int) throws {
        let outcome = try ProductRunner.run("accelerometer-graph", ["walking", "--width", "\(width)"])
        #expect(outcome.status == 0)
        let lines = outcome.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines { #expect(line.count <= width, "\(line.count) > \(width): \(line)") }
        // Joined again, the wrapped text is the original: no word was cut.
        let text = outcome.standardOutput.replacingOccurrences(of: "\n    ", with: " ")
        #expect(text.contains("  generator: companion accel synthesize walking --rate 60 --duration 12 --seed 3"))
        let tail = lines.drop { !$0.hasPrefix("Adaptive mode") }.joined(separator: " ")
        #expect(
            tail.hasPrefix(
                "Adaptive mode compares the lengths of output and input: when they differ by under 0.02 g (noise),"))
        #expect(tail.contains("the low-pass uses its full α (follows at once) and the high-pass a third of it."))
    }

    @Test func anUnknownRecordingListsTheShippedOnes() throws {
        let outcome = try ProductRunner.run("accelerometer-graph", ["running"])
        #expect(outcome.status == 1)
        #expect(
            outcome.standardError
                == "accelerometer-graph: no recording called 'running' (shipped: shaking, tilting, walking)\n")
    }
}

/// `--timestamps`: each filter step's dt from the timestamps, for recordings with gaps.
@Suite struct AccelTimestampModeTests {
    @Test func theWalkingGapChangesTheFilteredValuesOnlyFromTheGapOn() throws {
        let path = AccelTestSupport.shippedRecording("walking")
        let fixed = try ProductRunner.run(
            "companion", ["accel", "dump", path, "--format", "csv", "--filter", "lowpass"])
        let timed = try ProductRunner.run(
            "companion", ["accel", "dump", path, "--format", "csv", "--filter", "lowpass", "--timestamps"])
        let fixedRows = try CSVDocument(fixed.standardOutput).records
        let timedRows = try CSVDocument(timed.standardOutput).records
        #expect(fixedRows.count == timedRows.count)
        // Rows before the gap (sample 420 is the first after it) agree up to the timestamps' whole
        // nanoseconds (16 666 667 ns vs 1/60 s); the row after the gap differs by far more.
        for row in 1...420 {
            let a = try Self.lowpassY(in: fixedRows, row: row)
            let b = try Self.lowpassY(in: timedRows, row: row)
            #expect(abs(a - b) < 1e-7, "row \(row)")
        }
        let after = try Self.lowpassY(in: fixedRows, row: 421) - Self.lowpassY(in: timedRows, row: 421)
        #expect(abs(after) > 1e-3)
    }

    /// The `lowpass_y_g` column (the 14th) of the CSV record `row` (from 1) of `rows`.
    private static func lowpassY(in rows: [[String]], row: Int) throws -> Double {
        let record = try #require(rows.element(at: row - 1), "no CSV record \(row)")
        return try #require(record.element(at: 13).flatMap { Double($0) }, "record \(row): \(record)")
    }

    /// The high-pass filter starts from zero, so its first outputs jump to the whole of gravity; the
    /// panel leaves out that first second and is scaled to the movement of a gentle tilt (< 0.5 g).
    @Test func highPassPanelsAreScaledToTheSignalAfterTheFilterHasSettled() throws {
        let outcome = try ProductRunner.run("accelerometer-graph", ["tilting", "--width", "80"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
        for mode in ["adaptive off", "adaptive on"] {
            let title = try #require(lines.firstIndex { $0.hasPrefix("high-pass 5 Hz, \(mode)") })
            let panel = try #require(lines.elements(at: (title + 1)...(title + 8)))
            let labels = panel.compactMap {
                $0.split(separator: "┤").first.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            }
            #expect(labels.count >= 2)
            #expect(labels.allSatisfy { abs($0) < 0.5 }, "\(mode): \(labels)")
        }
    }
}
