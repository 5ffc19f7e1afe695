extension Recording {
    /// A decoder for this recording's scans.
    public func decoder() throws(RecordingError) -> AccelerationDecoder {
        try AccelerationDecoder(layout: layout, mountMatrix: header.mountMatrix)
    }

    /// Every scan as a sample, with times from the timestamp channel (else from the sampling frequency).
    public func samples() throws(RecordingError) -> [AccelerationSample] {
        let decoder = try decoder()
        let rate = effectiveSamplingFrequency
        return scanData.withUnsafeBytes { bytes in
            var samples: [AccelerationSample] = []
            samples.reserveCapacity(scanCount)
            var first: Int64?
            for number in 0..<scanCount {
                let (raw, acceleration, timestamp) = decoder.sample(number, in: bytes)
                let time: Double
                if let timestamp {
                    let origin = first ?? timestamp
                    first = origin
                    time = Double(timestamp &- origin) / 1e9
                } else {
                    time = Double(number) / rate
                }
                samples.append(
                    AccelerationSample(
                        number: number, time: time, timestampNanoseconds: timestamp, raw: raw,
                        acceleration: acceleration))
            }
            return samples
        }
    }

    /// The samples beyond ±16 g, as issues with sample number and byte offset, in order.
    public func rangeIssues(in samples: [AccelerationSample]) -> [RecordingIssue] {
        var issues: [RecordingIssue] = []
        for sample in samples where sample.isBeyondRange {
            let g = sample.accelerationInG
            let axis = (0..<3).max { abs(g[$0]) < abs(g[$1]) } ?? 0
            issues.append(
                .beyondRange(
                    sample: sample.number, byteOffset: dataOffset + sample.number * layout.scanSize,
                    axis: ["x", "y", "z"][axis], valueInG: g[axis]))
        }
        return issues
    }
}
