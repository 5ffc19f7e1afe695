import Foundation
import TestSupport
import Testing

/// `companion accel import` from raw captures with each kind of channel description, and from CSV.
@Suite struct AccelImportCommandTests {
    @Test func importsTheIIOSensorProxyScanWithACopiedSysfsDirectory() throws {
        let directory = try AccelTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let device = try AccelTestSupport.makeSysfsTree(in: directory)
        let out = directory.appendingPathComponent("normal.iiorec").path
        let outcome = try ProductRunner.run(
            "companion",
            ["accel", "import", AccelTestSupport.orientationScan.path, "--channels", device.path, "-o", out])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput == "wrote \(out): 1 scan of 24 bytes from accel_3d\n")
        let dump = try ProductRunner.run("companion", ["accel", "dump", out, "--format", "csv"])
        let row = try #require(try CSVDocument(dump.standardOutput).records.first)
        #expect(row.elements(at: 3...5) == ["103", "-919", "-385"])
        #expect(row.element(at: 2) == "\(0x165B_FC09_4574_81CE)")
        // The scan bytes are kept exactly, junk included.
        let recording = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(recording.suffix(24) == (try Data(contentsOf: AccelTestSupport.orientationScan)))
        let play = try ProductRunner.run("companion", ["accel", "play", out, "--fast"])
        #expect(play.standardOutput.contains("Accelerometer orientation changed: normal"))
    }

    @Test func importsACaptureDescribedByTheADXL355Context() throws {
        let directory = try AccelTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Two scans as the ADXL355 delivers them: be:s20/32>>4 per axis (junk in the low nibble and the
        // top byte), 4 pad bytes, le:s64 timestamp. Raw values −4641, −2198, 257934 (the XML's own).
        var capture = Data()
        for scan in 0..<2 {
            for raw in [-4641, -2198, 257_934] {
                let stored = (UInt32(bitPattern: Int32(raw)) & 0xF_FFFF) << 4 | 0xA5 << 24 | 0x9
                capture += [
                    UInt8(stored >> 24), UInt8((stored >> 16) & 0xFF), UInt8((stored >> 8) & 0xFF),
                    UInt8(stored & 0xFF),
                ]
            }
            capture += [0, 0, 0, 0]
            let time = UInt64(1_000_000 + scan * 250_000)
            capture += (0..<8).map { UInt8(truncatingIfNeeded: time >> (8 * UInt64($0))) }
        }
        let capturePath = directory.appendingPathComponent("adxl355.bin")
        try capture.write(to: capturePath)
        let xml = AccelTestSupport.iioCorpus.appendingPathComponent("analogdevicesinc__pyadi-iio__adxl355.xml").path
        let out = directory.appendingPathComponent("adxl355.iiorec").path
        let outcome = try ProductRunner.run(
            "companion", ["accel", "import", capturePath.path, "--channels", xml, "-o", out])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let info = try ProductRunner.run("companion", ["accel", "info", out])
        #expect(info.standardOutput.contains("sampling frequency: 4000 Hz"))
        #expect(info.standardOutput.contains("  0      accel_x    be:s20/32>>4  0.000038245  0       0"))
        // The first timestamp (1 ms after 1970 on the realtime clock) becomes the start time.
        #expect(info.standardOutput.contains("start time: 1970-01-01T00:00:00.001Z"))
        #expect(info.standardOutput.contains("  4      timestamp  le:s64/64>>0  1            0       16"))
        let dump = try ProductRunner.run("companion", ["accel", "dump", out, "--format", "csv"])
        let rows = try CSVDocument(dump.standardOutput).records
        try #require(rows.count == 2)
        #expect(rows[0].elements(at: 3...5) == ["-4641", "-2198", "257934"])
        #expect(rows[1].element(at: 1) == "0.00025")
        // 257934 × 0.000038245 m/s² ≈ 9.865 m/s² ≈ 1.006 g.
        let acceleration = try #require(rows[0].element(at: 8).flatMap { Double($0) })
        #expect(abs(acceleration - 257_934 * 0.000038245) < 1e-9)
    }

    @Test func importsWithAnIIOInfoListingAndPicksADevice() throws {
        let directory = try AccelTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let info = """
            IIO context has 2 devices:
            \tiio:device0: lid_accel (buffer capable)
            \t\t4 channels found:
            \t\t\taccel_x:  (input, index: 0, format: le:s16/32>>0)
            \t\t\t1 channel-specific attributes found:
            \t\t\t\tattr  0: scale value: 0.0095768
            \t\t\taccel_y:  (input, index: 1, format: le:s16/32>>0)
            \t\t\taccel_z:  (input, index: 2, format: le:s16/32>>0)
            \t\t\ttimestamp:  (input, index: 3, format: le:s64/64>>0)
            \tiio:device1: base_accel (buffer capable)
            \t\t3 channels found:
            \t\t\taccel_x:  (input, index: 0, format: le:s16/16>>0)
            \t\t\taccel_y:  (input, index: 1, format: le:s16/16>>0)
            \t\t\taccel_z:  (input, index: 2, format: le:s16/16>>0)

            """
        let infoPath = directory.appendingPathComponent("iio_info.txt").path
        try Data(info.utf8).write(to: URL(fileURLWithPath: infoPath))
        let out = directory.appendingPathComponent("lid.iiorec").path
        let scan = AccelTestSupport.orientationScan.path
        let ambiguous = try ProductRunner.run(
            "companion", ["accel", "import", scan, "--channels", infoPath, "-o", out])
        #expect(ambiguous.status == 1)
        #expect(
            ambiguous.standardError == "companion: \(infoPath): describes several devices "
                + "(lid_accel (iio:device0), base_accel (iio:device1)); pick one with --device NAME\n")
        let outcome = try ProductRunner.run(
            "companion", ["accel", "import", scan, "--channels", infoPath, "--device", "lid_accel", "-o", out])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let dump = try ProductRunner.run("companion", ["accel", "dump", out, "--format", "csv"])
        let row = try #require(try CSVDocument(dump.standardOutput).records.first)
        #expect(row.elements(at: 3...5) == ["103", "-919", "-385"])
    }

    @Test func aCaptureThatIsNotWholeScansIsReported() throws {
        let directory = try AccelTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let device = try AccelTestSupport.makeSysfsTree(in: directory)
        var capture = try Data(contentsOf: AccelTestSupport.orientationScan)
        capture += capture.prefix(7)
        let capturePath = directory.appendingPathComponent("cut.bin")
        try capture.write(to: capturePath)
        let out = directory.appendingPathComponent("cut.iiorec").path
        let outcome = try ProductRunner.run(
            "companion", ["accel", "import", capturePath.path, "--channels", device.path, "-o", out])
        #expect(outcome.status == 0)
        #expect(
            outcome.standardError
                == "companion: \(capturePath.path): warning: truncated last scan: sample 1 at byte offset 24 "
                + "has only 7 of its 24 bytes (ignored)\n")
    }

    @Test func importsPolledValuesFromCSV() throws {
        let directory = try AccelTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let csv = directory.appendingPathComponent("polled.csv").path
        try Data("time,x,y,z\r\n0,103,-919,-385\r\n0.01,104,-918,-384\r\n0.02,2000,-900,-380\r\n".utf8)
            .write(to: URL(fileURLWithPath: csv))
        let out = directory.appendingPathComponent("polled.iiorec").path
        let outcome = try ProductRunner.run(
            "companion", ["accel", "import", "--csv", csv, "--scale", "0.0958", "--rate", "100", "-o", out])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let dump = try ProductRunner.run("companion", ["accel", "dump", out, "--format", "csv"])
        let rows = try CSVDocument(dump.standardOutput).records
        #expect(
            rows.map { $0.elements(at: 3...5) } == [
                ["103", "-919", "-385"], ["104", "-918", "-384"], ["2000", "-900", "-380"],
            ])
        // 2000 × 0.0958 m/s² = 19.5 g: flagged in the output and on standard error, not hidden.
        try #require(rows.count == 3)
        #expect(rows[2].last == "1" && rows[0].last == "0")
        #expect(dump.standardError.contains("sample 2 (byte offset "))
        #expect(dump.standardError.contains("x = 19.538 g is beyond ±16 g"))
        let table = try ProductRunner.run("companion", ["accel", "dump", out], environment: ["COLUMNS": "80"])
        let lines = table.standardOutput.split(separator: "\n")
        #expect(lines.element(at: 1)?.hasSuffix("│ flag │") == true, "\(lines)")
        #expect(lines.filter { $0.hasSuffix("│ >16g │") }.count == 1)
        let bad = directory.appendingPathComponent("bad.csv").path
        try Data("x,y,z\n1,2,3\n4,five,6\n".utf8).write(to: URL(fileURLWithPath: bad))
        let failure = try ProductRunner.run("companion", ["accel", "import", "--csv", bad, "-o", out])
        #expect(failure.status == 1)
        #expect(
            failure.standardError == "companion: \(bad): CSV line 3: y value 'five' is not a whole number of counts\n")
    }

    @Test func aRawCaptureNeedsAChannelDescription() throws {
        let outcome = try ProductRunner.run(
            "companion", ["accel", "import", AccelTestSupport.orientationScan.path, "-o", "/tmp/x"])
        #expect(outcome.status == 2)
        #expect(
            outcome.standardError.hasSuffix(
                "a raw capture has no header: say what its channels are with --channels SOURCE\n"))
    }
}
