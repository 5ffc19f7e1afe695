import Testing

@testable import Accelerometer

/// A recording whose header names no rate takes it from its timestamps (one over the median
/// interval), and every user of the rate (sample times, filters, titles) sees the same one.
@Suite struct SamplingRateTests {
    /// Scans at `intervals` nanoseconds apart, with no rate in the header.
    private static func recording(intervals: [Int64], rate: Double? = nil) throws -> Recording {
        var time: Int64 = 5_000_000_000
        var data = RecordingTestData.scan(0, 0, 1024, nanoseconds: time)
        for interval in intervals {
            time += interval
            data += RecordingTestData.scan(0, 0, 1024, nanoseconds: time)
        }
        let header = RecordingHeader(
            tool: "companion test", device: "lis3dh", channels: try RecordingTestData.channels(),
            samplingFrequency: rate)
        return try Recording(header: header, scanData: data)
    }

    @Test func theMedianIntervalGivesTheRate() throws {
        // 10 ms apart but for one 200 ms pause: the median ignores the pause.
        let recording = try Self.recording(intervals: [10_000_000, 10_000_000, 200_000_000, 10_000_000, 10_000_000])
        #expect(recording.samplingRate == SamplingRate(hertz: 100, source: .timestamps))
        #expect(recording.effectiveSamplingFrequency == 100)
    }

    @Test func anEvenNumberOfIntervalsTakesTheMeanOfTheMiddleTwo() {
        #expect(SamplingRate.estimated(fromTimestamps: [0, 10_000_000, 30_000_000]) == 1e9 / 15_000_000)
    }

    @Test func timestampsThatRepeatOrGoBackAreLeftOut() {
        #expect(SamplingRate.estimated(fromTimestamps: [0, 20_000_000, 20_000_000, 10_000_000, 30_000_000]) == 50)
        #expect(SamplingRate.estimated(fromTimestamps: [7, 7, 7]) == nil)
        #expect(SamplingRate.estimated(fromTimestamps: [7]) == nil)
    }

    @Test func theHeadersRateWins() throws {
        let recording = try Self.recording(intervals: [10_000_000, 10_000_000], rate: 400)
        #expect(recording.samplingRate == SamplingRate(hertz: 400, source: .header))
        #expect(recording.estimatedSamplingFrequency == nil)
    }

    @Test func withoutTimestampsOrRate60HzIsAssumed() throws {
        let axis = try ScanType(parsing: "le:s16/16>>0")
        let channels = ["accel_x", "accel_y", "accel_z"].enumerated().map {
            ChannelDescription(name: $1, index: $0, type: axis, scale: 1)
        }
        let header = RecordingHeader(tool: "t", device: "d", channels: channels)
        let recording = try Recording(header: header, scanData: [UInt8](repeating: 0, count: 12))
        #expect(recording.samplingRate == SamplingRate(hertz: 60, source: .assumed))
    }
}
