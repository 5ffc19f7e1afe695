import Testing

@testable import Accelerometer

@Suite struct RecordingTests {
    @Test func roundTripsHeaderAndScansBitForBit() throws {
        let recording = try RecordingTestData.recording(notes: ["generator: test"])
        let bytes = recording.encoded()
        let read = try Recording(bytes: bytes)
        #expect(read.header == recording.header)
        #expect(read.scanData == recording.scanData)
        #expect(read.issues.isEmpty)
        #expect(read.encoded() == bytes)
        #expect(read.dataOffset == bytes.count - 5 * 24)
    }

    @Test func theHeaderIsReadableText() throws {
        let text = try RecordingTestData.recording(count: 2).header.text(scanSize: 24)
        #expect(
            text == """
                IIO-RECORDING 1
                tool: companion test
                device: lis3dh
                device-id: iio:device0
                sampling-frequency: 100
                timestamp-clock: monotonic
                start-time: 2026-11-30T10:00:00.000Z
                mount-matrix: 1, 0, 0; 0, 1, 0; 0, 0, 1
                channel: accel_x index=0 type=le:s16/32>>0 scale=0.0095768 offset=0
                channel: accel_y index=1 type=le:s16/32>>0 scale=0.0095768 offset=0
                channel: accel_z index=2 type=le:s16/32>>0 scale=0.0095768 offset=0
                channel: timestamp index=3 type=le:s64/64>>0 scale=1 offset=0
                scan-size: 24
                scans: 000000000002
                data:

                """)
    }

    @Test func decodesSamplesInSIUnitsAndGWithTimes() throws {
        let samples = try RecordingTestData.recording().samples()
        try #require(samples.count == 5)
        #expect(samples[1].raw == [10, -1024, 12])
        #expect(samples[1].acceleration.y == -1024 * 0.0095768)
        #expect(abs(samples[1].accelerationInG.y - (-1024 * 0.0095768 / 9.80665)) < 1e-15)
        #expect(samples[4].time == 0.04)
        #expect(samples[4].timestampNanoseconds == 1_040_000_000)
    }

    @Test func aTruncatedLastScanIsReportedWithSampleAndByteOffset() throws {
        let recording = try RecordingTestData.recording(count: 3)
        var bytes = recording.encoded()
        bytes += RecordingTestData.scan(1, 2, 3, nanoseconds: 5).prefix(10)
        // The header said 3 scans; a fourth, partial one is a truncation, not a mismatch.
        let read = try Recording(bytes: bytes)
        #expect(read.scanCount == 3)
        let offset = recording.dataOffset + 72
        #expect(read.issues == [.truncatedLastScan(sample: 3, byteOffset: offset, bytesPresent: 10, scanSize: 24)])
        #expect(
            read.issues.first?.description
                == "truncated last scan: sample 3 at byte offset \(offset) has only 10 of its 24 bytes (ignored)")
    }

    @Test func aHeaderPromisingMoreScansThanTheDataHoldsIsAMismatch() throws {
        let recording = try RecordingTestData.recording(count: 4)
        let bytes = Array(recording.encoded().dropLast(48))
        #expect(
            throws: RecordingError.headerMismatch(
                "it announces 4 scans of 24 bytes, but the 48 bytes after byte offset \(recording.dataOffset) hold 2 scans"
            )
        ) {
            try Recording(bytes: bytes)
        }
    }

    @Test func aScanSizeThatDisagreesWithTheChannelsIsAMismatch() throws {
        let text = String(decoding: try RecordingTestData.recording(count: 1).encoded(), as: UTF8.self)
            .replacingOccurrences(of: "scan-size: 24", with: "scan-size: 16")
        do {
            _ = try Recording(bytes: Array(text.utf8))
            Issue.record("expected a mismatch")
        } catch {
            #expect(error.description.contains("says scans are 16 bytes, but the channels it lists make 24-byte scans"))
            #expect(error.description.contains("line 13 (byte offset "))
        }
    }

    @Test func anUnknownTypeStringNamesItsLineAndByteOffset() throws {
        let original = String(decoding: try RecordingTestData.recording(count: 1).encoded(), as: UTF8.self)
        let text = original.replacingOccurrences(
            of: "accel_y index=1 type=le:s16/32>>0", with: "accel_y index=1 type=le:s16/32>0")
        let line = try #require(original.range(of: "channel: accel_y"))
        let lineOffset = original.utf8.distance(from: original.startIndex, to: line.lowerBound)
        #expect(
            throws: RecordingError.badHeaderLine(
                line: 10, byteOffset: lineOffset,
                reason: "channel accel_y: \(ScanTypeError.unknownFormat("le:s16/32>0"))")
        ) {
            try Recording(bytes: Array(text.utf8))
        }
    }

    @Test func aZeroScaleIsRejectedWithItsLine() throws {
        let text = String(decoding: try RecordingTestData.recording(count: 1).encoded(), as: UTF8.self)
            .replacingOccurrences(
                of: "accel_z index=2 type=le:s16/32>>0 scale=0.0095768",
                with: "accel_z index=2 type=le:s16/32>>0 scale=0")
        do {
            _ = try Recording(bytes: Array(text.utf8))
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("header line 11 (byte offset "))
            #expect(error.description.hasSuffix("channel accel_z has scale 0, which would turn every reading into 0"))
        }
    }

    @Test func valuesBeyondSixteenGAreFlaggedNotHidden() throws {
        var data: [UInt8] = []
        data += RecordingTestData.scan(0, -1024, 0, nanoseconds: 0)
        data += RecordingTestData.scan(20000, -1024, 0, nanoseconds: 10_000_000)  // 20000 × 0.0095768 ≈ 19.5 g
        let header = RecordingHeader(tool: "t", device: "d", channels: try RecordingTestData.channels())
        let recording = try Recording(header: header, scanData: data)
        let samples = try recording.samples()
        try #require(samples.count == 2)
        #expect(!samples[0].isBeyondRange)
        #expect(samples[1].isBeyondRange)
        let issues = recording.rangeIssues(in: samples)
        #expect(issues.count == 1)
        guard case .beyondRange(let sample, let offset, let axis, let value) = issues.first else {
            Issue.record("expected a range issue")
            return
        }
        #expect(sample == 1)
        #expect(offset == recording.dataOffset + 24)
        #expect(axis == "x")
        #expect(abs(value - 20000 * 0.0095768 / 9.80665) < 1e-12)
        #expect(
            issues.first?.description.hasPrefix(
                "sample 1 (byte offset \(recording.dataOffset + 24)): x = 19.531 g is beyond ±16 g") == true)
    }

    @Test func otherFilesAreNotRecordings() {
        #expect(throws: RecordingError.notARecording(firstLine: "hello")) {
            try Recording(bytes: Array("hello\nworld\n".utf8))
        }
        #expect(throws: RecordingError.unterminatedHeader(byteCount: 28)) {
            try Recording(bytes: Array("IIO-RECORDING 1\ndevice: x\nab".utf8))
        }
        #expect(throws: RecordingError.missingHeaderEntry("channel")) {
            try Recording(bytes: Array("IIO-RECORDING 1\ndevice: x\ndata:\n".utf8))
        }
        #expect(throws: RecordingError.badHeaderLine(line: 2, byteOffset: 16, reason: "unknown header entry 'colour'"))
        {
            try Recording(bytes: Array("IIO-RECORDING 1\ncolour: red\ndata:\n".utf8))
        }
    }

    @Test func aRecordingWithoutAnAxisIsRejected() throws {
        let channels = Array(try RecordingTestData.channels().filter { $0.name != "accel_z" })
        let header = RecordingHeader(tool: "t", device: "d", channels: channels)
        #expect(throws: RecordingError.missingAxis("accel_z")) { try Recording(header: header, scanData: []) }
    }
}

@Suite struct RecordingNumberTextTests {
    @Test(arguments: [
        (0.000038245, "0.000038245"), (3.7e-8, "0.000000037"), (0.0095768, "0.0095768"), (60.0, "60"),
        (-2111.25, "-2111.25"), (1.5e20, "150000000000000000000"), (0.1 + 0.2, "0.30000000000000004"),
    ])
    func numbersAreWrittenWithoutExponentsAndReadBackExactly(_ value: Double, _ text: String) {
        #expect(RecordingHeader.format(value) == text)
        #expect(Double(RecordingHeader.format(value)) == value)
    }
}
