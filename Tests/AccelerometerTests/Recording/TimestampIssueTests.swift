import Testing

@testable import Accelerometer

/// Timestamps that repeat or go back are problems, found with the sample number and byte offset.
@Suite struct TimestampIssueTests {
    /// Scans with the given times in nanoseconds (x, y, z fixed).
    private func recording(_ nanoseconds: [Int64]) throws -> Recording {
        let data = nanoseconds.flatMap { RecordingTestData.scan(1, 2, 3, nanoseconds: $0) }
        let header = RecordingHeader(tool: "test", device: "polled", channels: try RecordingTestData.channels())
        return try Recording(header: header, scanData: data)
    }

    @Test func aTimestampThatGoesBackIsAProblemNamingTheSample() throws {
        let recording = try recording([0, 500_000_000, 200_000_000])
        let samples = try recording.samples()
        let offset = recording.dataOffset + 2 * 24
        let expected = RecordingIssue.timestampNotIncreasing(
            sample: 2, byteOffset: offset, time: 0.2, previousTime: 0.5)
        #expect(recording.timestampIssues(in: samples) == [expected])
        #expect(recording.problems(in: samples) == [expected])
        #expect(
            expected.description == "sample 2 (byte offset \(offset)): its timestamp goes back to 0.2 s from "
                + "sample 1's 0.5 s; timestamps must increase")
    }

    @Test func aRepeatedTimestampIsAProblemToo() throws {
        let recording = try recording([0, 10_000_000, 10_000_000, 20_000_000])
        let issues = recording.timestampIssues(in: try recording.samples())
        #expect(issues.count == 1)
        #expect(issues.first?.description.hasPrefix("sample 2 (byte offset ") == true)
        #expect(issues.first?.description.contains("its timestamp repeats sample 1's (0.01 s)") == true)
    }

    @Test func increasingTimestampsAndRecordingsWithoutThemHaveNoProblem() throws {
        let steady = try RecordingTestData.recording()
        #expect(steady.timestampIssues(in: try steady.samples()).isEmpty)
        #expect(steady.problems(in: try steady.samples()).isEmpty)
    }

    @Test func theTimeSpanRunsFromTheEarliestToTheLatestTime() throws {
        // The last sample (0.2 s) is not the latest (0.5 s): last minus first would say 0.2 s.
        #expect(try recording([0, 500_000_000, 200_000_000]).samples().timeSpan == 0.5)
        #expect(try recording([7]).samples().timeSpan == 0)
        #expect([AccelerationSample]().timeSpan == 0)
    }

    @Test func countsInMessagesAgreeWithTheirNouns() {
        #expect(RecordingError.empty(byteCount: 1, scanSize: 24).description == "1 byte holds no complete 24-byte scan")
        #expect(RecordingError.empty(byteCount: 7, scanSize: 24).description == "7 bytes hold no complete 24-byte scan")
        #expect(CountText.of(1, "scan") == "1 scan")
        #expect(CountText.of(0, "scan") == "0 scans")
    }
}
