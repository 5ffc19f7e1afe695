import TestSupport
import Testing

/// `companion accel dump --limit N`: a short look at a long recording, filtered as if whole.
@Suite struct AccelDumpLimitTests {
    private let recording = "Samples/AccelerometerGraph/Recordings/shaking.iiorec"

    @Test func limitPrintsOnlyTheFirstSamplesWithTheSameFilteredValues() throws {
        let whole = try ProductRunner.run(
            "companion", ["accel", "dump", recording, "--format", "csv", "--filter", "lowpass"])
        let limited = try ProductRunner.run(
            "companion", ["accel", "dump", recording, "--format", "csv", "--filter", "lowpass", "--limit", "5"])
        #expect(limited.status == 0)
        let limitedLines = limited.standardOutput.split(separator: "\n")
        #expect(limitedLines.count == 6)  // the header and five samples
        #expect(Array(whole.standardOutput.split(separator: "\n").prefix(6)) == limitedLines)
    }

    @Test func aLimitThatIsNotANumberIsAUsageError() throws {
        let outcome = try ProductRunner.run("companion", ["accel", "dump", recording, "--limit", "five"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "companion: --limit: 'five' is not a whole number of at least 0\n")
    }
}
