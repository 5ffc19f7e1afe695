import Testing

@testable import Accelerometer

@Suite struct ScanLayoutTests {
    private func channel(_ name: String, _ index: Int, _ type: String) throws -> ChannelDescription {
        ChannelDescription(name: name, index: index, type: try ScanType(parsing: type))
    }

    @Test func laysOutTheIIOSensorProxyScanWithPaddingBeforeTheTimestamp() throws {
        let layout = try ScanLayout(channels: [
            channel("timestamp", 3, "le:s64/64>>0"), channel("accel_z", 2, "le:s16/32>>0"),
            channel("accel_x", 0, "le:s16/32>>0"), channel("accel_y", 1, "le:s16/32>>0"),
        ])
        #expect(layout.channels.map(\.name) == ["accel_x", "accel_y", "accel_z", "timestamp"])
        #expect(layout.offsets == [0, 4, 8, 16])
        #expect(layout.scanSize == 24)
    }

    @Test func putsTheTimestampLastEvenWithALowerIndex() throws {
        let layout = try ScanLayout(channels: [
            channel("timestamp", 0, "le:s64/64>>0"), channel("accel_x", 5, "le:s16/16>>0"),
        ])
        #expect(layout.channels.map(\.name) == ["accel_x", "timestamp"])
        #expect(layout.offsets == [0, 8])
    }

    @Test func roundsTheScanUpToItsLargestElement() throws {
        let layout = try ScanLayout(channels: [
            channel("accel_x", 0, "le:s16/16>>0"), channel("accel_y", 1, "le:s16/16>>0"),
            channel("accel_z", 2, "le:s16/16>>0"), channel("temp", 3, "le:s32/32>>0"),
        ])
        #expect(layout.offsets == [0, 2, 4, 8])
        #expect(layout.scanSize == 12)
        let odd = try ScanLayout(channels: [channel("temp", 0, "le:s32/32>>0"), channel("accel_x", 1, "le:u8/8>>0")])
        #expect(odd.scanSize == 8)
    }

    @Test func rejectsDuplicateIndexesAndEmptyScans() throws {
        #expect(throws: ScanLayoutError.noChannels) { try ScanLayout(channels: []) }
        #expect(throws: ScanLayoutError.duplicateIndex(0, "accel_x", "accel_y")) {
            try ScanLayout(channels: [channel("accel_x", 0, "le:s16/16>>0"), channel("accel_y", 0, "le:s16/16>>0")])
        }
    }

    @Test func decodesEachChannelOfTheCorpusScan() throws {
        let layout = try ScanLayout(channels: [
            channel("accel_x", 0, "le:s16/32>>0"), channel("accel_y", 1, "le:s16/32>>0"),
            channel("accel_z", 2, "le:s16/32>>0"), channel("timestamp", 3, "le:s64/64>>0"),
        ])
        let scan = try TestPaths.corpusBytes(TestPaths.orientationScan)
        let values = scan.withUnsafeBytes { bytes in (0..<4).map { layout.rawValue(ofChannelAt: $0, in: bytes) } }
        #expect(Array(values.prefix(3)) == [103, -919, -385])
        #expect(values[3] == Int64(bitPattern: 0x165B_FC09_4574_81CE))
    }
}
