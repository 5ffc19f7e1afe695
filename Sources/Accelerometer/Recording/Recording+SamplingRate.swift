/// The sampling frequency a recording is read at, and where it comes from.
public struct SamplingRate: Sendable, Equatable {
    /// Where the rate was found.
    public enum Source: Sendable, Equatable {
        /// The recording's header (the device's `sampling_frequency`, or `--rate` at import).
        case header
        /// Estimated from the timestamp channel: one over the median interval between samples.
        case timestamps
        /// Neither: 60 Hz, the iPhone sample's rate.
        case assumed
    }

    /// Samples per second.
    public var hertz: Double
    /// Where ``hertz`` comes from.
    public var source: Source

    /// The rate 60 Hz is assumed to be when nothing says otherwise (the iPhone sample's rate).
    public static let assumedHertz = 60.0

    /// The median interval between successive increasing timestamps (nanoseconds), as a rate; nil
    /// without two increasing timestamps. The median ignores a pause or a repeated scan.
    public static func estimated(fromTimestamps timestamps: [Int64]) -> Double? {
        var intervals: [Int64] = []
        intervals.reserveCapacity(max(0, timestamps.count - 1))
        for (before, after) in zip(timestamps, timestamps.dropFirst()) where after > before {
            intervals.append(after &- before)
        }
        guard !intervals.isEmpty else { return nil }
        intervals.sort()
        let middle = intervals.count / 2
        let median =
            intervals.count % 2 == 1
            ? Double(intervals[middle]) : (Double(intervals[middle - 1]) + Double(intervals[middle])) / 2
        return median > 0 ? 1e9 / median : nil
    }
}

extension Recording {
    /// The rate: the header's, else estimated from the timestamps, else 60 Hz assumed.
    public var samplingRate: SamplingRate {
        if let hertz = header.samplingFrequency { return SamplingRate(hertz: hertz, source: .header) }
        if let hertz = estimatedSamplingFrequency { return SamplingRate(hertz: hertz, source: .timestamps) }
        return SamplingRate(hertz: SamplingRate.assumedHertz, source: .assumed)
    }

    /// The rate the timestamp channel shows (median interval), or nil without timestamps.
    static func estimateSamplingFrequency(layout: ScanLayout, header: RecordingHeader, scanData: [UInt8]) -> Double? {
        guard header.samplingFrequency == nil,
            let decoder = try? AccelerationDecoder(layout: layout, mountMatrix: header.mountMatrix),
            decoder.hasTimestamps
        else { return nil }
        let count = scanData.count / layout.scanSize
        let timestamps = scanData.withUnsafeBytes { bytes in
            (0..<count).compactMap { decoder.sample($0, in: bytes).timestamp }
        }
        return SamplingRate.estimated(fromTimestamps: timestamps)
    }
}
