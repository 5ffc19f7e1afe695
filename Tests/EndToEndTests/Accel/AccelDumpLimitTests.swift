import Foundation
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
        let limitedRecords = try CSVDocument(limited.standardOutput).records
        #expect(limitedRecords.count == 5)
        #expect(Array(try CSVDocument(whole.standardOutput).records.prefix(5)) == limitedRecords)
    }

    @Test func csvAndJSONAreShorthandsForFormat() throws {
        for format in ["csv", "json"] {
            let long = try ProductRunner.run(
                "companion", ["accel", "dump", recording, "--format", format, "--limit", "3"])
            let short = try ProductRunner.run("companion", ["accel", "dump", recording, "--\(format)", "--limit", "3"])
            #expect(short.status == 0)
            #expect(short.standardOutput == long.standardOutput)
        }
        let json = try ProductRunner.run("companion", ["accel", "dump", recording, "--json", "--limit", "3"])
        let document = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        #expect((document?["samples"] as? [Any])?.count == 3)
        // The rate every figure used, and where it came from.
        #expect(document?["samplingFrequency"] as? Double == 60)
        #expect(document?["samplingFrequencySource"] as? String == "header")
    }

    @Test func twoFormatsAreAUsageError() throws {
        let outcome = try ProductRunner.run("companion", ["accel", "dump", recording, "--csv", "--json"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "companion: --format: give one output format, not --csv, --json\n")
        let same = try ProductRunner.run("companion", ["accel", "dump", recording, "--csv", "--format", "csv"])
        #expect(same.status == 0)
    }

    @Test func aLimitThatIsNotANumberIsAUsageError() throws {
        let outcome = try ProductRunner.run("companion", ["accel", "dump", recording, "--limit", "five"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "companion: --limit: 'five' is not a whole number of at least 0\n")
    }
}
