import Testing

@testable import Accelerometer

@Suite struct AccelerationPipelineTests {
    /// Recordings whose axes take each decoding path: uniform (one loop per integer type, sign and byte
    /// order, with and without a mount matrix) and mixed.
    static func recordings() throws -> [Recording] {
        var result: [Recording] = []
        let types = [
            "le:s16/32>>0", "be:s20/32>>4", "le:u12/16>>4", "be:s16/16>>0", "le:s8/8>>0", "le:s64/64>>0",
            "le:s32/32>>0",
            "be:s32/32>>0", "be:s16/32>>0", "le:s16/16>>0", "le:u16/16>>0", "be:u16/16>>0", "le:u32/32>>0",
        ]
        for (number, text) in types.enumerated() {
            let type = try ScanType(parsing: text)
            let channels = DeviceDescription.axisNames.enumerated().map {
                ChannelDescription(
                    name: $1, index: $0, type: type, scale: 0.01 * Double(number + 1), offset: Double($0))
            }
            let layout = try ScanLayout(channels: channels)
            var generator = SeededGenerator(seed: UInt64(number + 1))
            let data = (0..<(layout.scanSize * 50)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            for matrix in [MountMatrix.identity, try MountMatrix(parsing: "0, 1, 0; -1, 0, 0; 0, 0, 1")] {
                result.append(
                    try Recording(
                        header: RecordingHeader(
                            tool: "t", device: text, channels: channels,
                            mountMatrix: matrix), scanData: data))
            }
        }
        let mixed = [
            ChannelDescription(name: "accel_x", index: 0, type: try ScanType(parsing: "le:s16/16>>0"), scale: 0.5),
            ChannelDescription(name: "accel_y", index: 1, type: try ScanType(parsing: "be:u12/16>>4"), scale: 0.25),
            ChannelDescription(name: "accel_z", index: 2, type: try ScanType(parsing: "le:s32/32>>0"), scale: 0.125),
        ]
        result.append(
            try Recording(
                header: RecordingHeader(tool: "t", device: "mixed", channels: mixed),
                scanData: (0..<(8 * 40)).map { UInt8(truncatingIfNeeded: $0 &* 37) }))
        return result
    }

    @Test func bulkDecodingEqualsSampleBySampleDecoding() throws {
        for recording in try Self.recordings() {
            let expected = try recording.samples().map(\.accelerationInG)
            var decoded = [Vector3](repeating: .zero, count: recording.scanCount)
            let decoder = try recording.decoder()
            let count = recording.scanData.withUnsafeBytes { bytes in
                decoded.withUnsafeMutableBufferPointer { decoder.decodeInG(bytes, into: $0) }
            }
            #expect(count == recording.scanCount)
            for (a, b) in zip(decoded, expected) {
                #expect(abs(a.x - b.x) <= 1e-12 * max(1, abs(b.x)), "\(recording.header.device)")
                #expect(abs(a.y - b.y) <= 1e-12 * max(1, abs(b.y)))
                #expect(abs(a.z - b.z) <= 1e-12 * max(1, abs(b.z)))
            }
        }
    }

    @Test func thePipelineEqualsTheFiltersRunOneSampleAtATime() throws {
        for adaptive in [false, true] {
            for recording in try Self.recordings() {
                let decoder = try recording.decoder()
                var inputs = [Vector3](repeating: .zero, count: recording.scanCount)
                recording.scanData.withUnsafeBytes { bytes in
                    _ = inputs.withUnsafeMutableBufferPointer { decoder.decodeInG(bytes, into: $0) }
                }
                var lowpass = LowpassFilter(adaptive: adaptive)
                var highpass = HighpassFilter(adaptive: adaptive)
                let expectedLow = inputs.map { lowpass.filter($0, interval: nil) }
                let expectedHigh = inputs.map { highpass.filter($0, interval: nil) }
                // Two calls of half the data each: the state must carry over.
                var pipeline = AccelerationPipeline(decoder: decoder, adaptive: adaptive)
                var low = [Vector3](repeating: .zero, count: inputs.count)
                var high = [Vector3](repeating: .zero, count: inputs.count)
                let half = recording.scanCount / 2 * recording.layout.scanSize
                var firstCount = 0
                recording.scanData.withUnsafeBytes { bytes in
                    low.withUnsafeMutableBufferPointer { lowBuffer in
                        high.withUnsafeMutableBufferPointer { highBuffer in
                            let first = pipeline.process(
                                UnsafeRawBufferPointer(rebasing: bytes[0..<half]), lowpass: lowBuffer,
                                highpass: highBuffer)
                            firstCount = first
                            // More than the buffers hold is a failed expectation below, not a trap here.
                            guard first <= lowBuffer.count else { return }
                            _ = pipeline.process(
                                UnsafeRawBufferPointer(rebasing: bytes[half...]),
                                lowpass: UnsafeMutableBufferPointer(rebasing: lowBuffer[first...]),
                                highpass: UnsafeMutableBufferPointer(rebasing: highBuffer[first...]))
                        }
                    }
                }
                #expect(firstCount == recording.scanCount / 2)
                #expect(low == expectedLow)
                #expect(high == expectedHigh)
            }
        }
    }
}
