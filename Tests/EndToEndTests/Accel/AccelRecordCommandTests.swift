import Foundation
import TestSupport
import Testing

/// `companion accel record` against a fake sysfs tree (`--sysfs-root`, `--dev-root`).
@Suite struct AccelRecordCommandTests {
    @Test func recordsFromABufferAndDisablesItAfterwards() throws {
        let root = try AccelTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let device = try AccelTestSupport.makeSysfsTree(in: root)
        let scan = try Data(contentsOf: AccelTestSupport.orientationScan)
        try (scan + scan + scan).write(to: root.appendingPathComponent("dev/iio:device0"))
        let out = root.appendingPathComponent("rec.iiorec").path
        let outcome = try ProductRunner.run(
            "companion",
            [
                "accel", "record", "--sysfs-root", root.path, "--dev-root", root.appendingPathComponent("dev").path,
                "--samples", "2", "--buffer-length", "16", "-o", out,
            ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardError.hasSuffix("wrote 2 scans to \(out)\n"))
        #expect(try String(contentsOf: device.appendingPathComponent("buffer/enable"), encoding: .utf8) == "0\n")
        #expect(try String(contentsOf: device.appendingPathComponent("buffer/length"), encoding: .utf8) == "16\n")
        #expect(
            try String(contentsOf: device.appendingPathComponent("scan_elements/in_accel_y_en"), encoding: .utf8)
                == "1\n")
        let info = try ProductRunner.run("companion", ["accel", "info", out])
        #expect(info.standardOutput.contains("device: accel_3d (iio:device0)"))
        #expect(info.standardOutput.contains("scans: 2 "))
        #expect(info.standardOutput.contains("sampling frequency: 100 Hz"))
        let recorded = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(recorded.suffix(48) == scan + scan)
    }

    @Test func pollsTheRawFiles() throws {
        let root = try AccelTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        _ = try AccelTestSupport.makeSysfsTree(in: root)
        let out = root.appendingPathComponent("polled.iiorec").path
        let outcome = try ProductRunner.run(
            "companion",
            ["accel", "record", "--poll", "--rate", "1000", "--samples", "3", "--sysfs-root", root.path, "-o", out])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let dump = try ProductRunner.run("companion", ["accel", "dump", out, "--format", "csv"])
        let rows = try CSVDocument(dump.standardOutput).records
        try #require(rows.count == 3)
        #expect(rows.allSatisfy { $0.elements(at: 3...5) == ["103", "-919", "-385"] })
        let yMS2 = try #require(rows[0].element(at: 7).flatMap { Double($0) })
        #expect(abs(yMS2 - (-919 * 0.0095768)) < 1e-9)
    }

    @Test func ctrlCStopsTheCaptureAndWritesZeroToBufferEnable() throws {
        let root = try AccelTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let device = try AccelTestSupport.makeSysfsTree(in: root)
        let fifo = root.appendingPathComponent("dev/iio:device0").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // Open the FIFO read-write ourselves first: the capture then always has a writer, so it blocks
        // waiting for scans the way it does on a real device, until the signal arrives.
        let writer = open(fifo, O_RDWR)
        #expect(writer >= 0)
        defer { close(writer) }
        let scan = [UInt8](try Data(contentsOf: AccelTestSupport.orientationScan))
        _ = scan.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
        let out = root.appendingPathComponent("interrupted.iiorec").path
        let process = Process()
        process.executableURL = ProductRunner.binDirectory.appendingPathComponent("companion")
        process.arguments = [
            "accel", "record", "--sysfs-root", root.path, "--dev-root", root.appendingPathComponent("dev").path, "-o",
            out,
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // The command prints its "Ctrl-C to stop" line after the buffer is enabled and the handler installed.
        var seen = ""
        while !seen.contains("(Ctrl-C to stop)") {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        #expect(try String(contentsOf: device.appendingPathComponent("buffer/enable"), encoding: .utf8) == "1\n")
        kill(process.processIdentifier, SIGINT)
        let rest = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        seen += String(decoding: rest, as: UTF8.self)
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        #expect(seen.contains("(stopped by signal)"), "\(seen)")
        #expect(try String(contentsOf: device.appendingPathComponent("buffer/enable"), encoding: .utf8) == "0\n")
        let info = try ProductRunner.run("companion", ["accel", "info", out])
        #expect(info.status == 0 || info.status == 1)
        #expect(info.standardOutput.contains("device: accel_3d"))
    }

    @Test func aMissingDeviceNamesWhatExists() throws {
        let root = try AccelTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        _ = try AccelTestSupport.makeSysfsTree(in: root)
        let outcome = try ProductRunner.run(
            "companion", ["accel", "record", "--device", "mma8452", "--sysfs-root", root.path, "-o", root.path + "/x"])
        #expect(outcome.status == 1)
        #expect(
            outcome.standardError == "companion: accel record: no IIO device called 'mma8452' (available: accel_3d)\n")
    }

    /// Root reads any file whatever its mode, so the test runs the binary as `nobody` (setpriv), for
    /// whom a mode-000 file is truly unreadable.
    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func aFileThatNeedsRootIsNamed() throws {
        let root = try AccelTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let device = try AccelTestSupport.makeSysfsTree(in: root)
        let raw = device.appendingPathComponent("in_accel_y_raw").path
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: raw)
        let companion = ProductRunner.binDirectory.appendingPathComponent("companion").path
        let outcome = try AccelTestSupport.runTool(
            "/usr/bin/setpriv",
            [
                "--reuid=65534", "--regid=65534", "--clear-groups", companion, "accel", "record", "--poll", "--samples",
                "1",
                "--sysfs-root", root.path, "-o", root.appendingPathComponent("p.iiorec").path,
            ],
            directory: root)
        #expect(outcome.status == 1)
        // The file is named once, first, as every companion message names its file.
        #expect(
            outcome.standardError.hasSuffix(
                "companion: \(raw): permission denied; reading this file needs root "
                    + "(run the command with sudo, or give your user access with a udev rule)\n"),
            "\(outcome.standardError)")
    }
}
