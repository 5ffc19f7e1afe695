import TestSupport
import Testing

/// `companion accel play` shows every Nth sample and always the last one, so a replay ends on the
/// recording's final sample whatever N is.
@Suite struct AccelPlayLastSampleTests {
    @Test(arguments: [1, 7, 1000])
    func theReplayEndsOnTheLastSample(every: Int) throws {
        let outcome = try ProductRunner.run(
            "companion",
            ["accel", "play", "Samples/AccelerometerGraph/Recordings/shaking.iiorec", "--fast", "--every", "\(every)"])
        #expect(outcome.status == 0)
        let lines = outcome.standardOutput.split(separator: "\n").filter { $0.hasPrefix("t=") }
        // 600 samples at 60 Hz: the last is at 599/60 s.
        #expect(lines.last?.hasPrefix("t=9.983 s") == true, "\(lines.suffix(2))")
        #expect(lines.first?.hasPrefix("t=0.000 s") == true)
    }
}
