import Foundation
import TestSupport
import Testing

/// `companion accel info|dump|graph|play|synthesize` on the shipped recordings and on broken files.
@Suite struct AccelRecordingCommandTests {
    @Test func infoDescribesTheWalkingRecordingAndItsGap() throws {
        let outcome = try ProductRunner.run(
            "companion", ["accel", "info", AccelTestSupport.shippedRecording("walking")])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains("device: synthetic-walking (iio:device0)"))
        #expect(outcome.standardOutput.contains("  0      accel_x    le:s12/16>>4  0.0383072265625  0       0"))
        #expect(outcome.standardOutput.contains("  3      timestamp  le:s64/64>>0  1                0       8"))
        #expect(outcome.standardOutput.contains("scan size: 16 bytes"))
        #expect(
            outcome.standardOutput.contains(
                "gaps: 1 longer than 1.5 sampling periods (largest 0.267 s before sample 420)"))
        #expect(
            outcome.standardOutput.contains(
                "note: generator: companion accel synthesize walking --rate 60 --duration 12 --seed 3"))
        #expect(outcome.standardOutput.contains("problems: none"))
    }

    @Test func dumpPrintsSIAndGWithTimestampsAsCSV() throws {
        let outcome = try ProductRunner.run(
            "companion",
            ["accel", "dump", AccelTestSupport.shippedRecording("tilting"), "--format", "csv", "--filter", "lowpass"])
        #expect(outcome.status == 0)
        // RFC 4180: CRLF line ends, one header, every record as long.
        let document = try CSVDocument(outcome.standardOutput)
        #expect(document.records.count == 840)
        #expect(
            document.header.joined(separator: ",")
                == "sample,time_s,timestamp_ns,raw_x,raw_y,raw_z,x_m_s2,y_m_s2,z_m_s2,x_g,y_g,z_g,"
                + "lowpass_x_g,lowpass_y_g,lowpass_z_g,beyond_16g")
        let first = try #require(document.records.first)
        #expect(first.elements(at: 0...2) == ["0", "0.0", "1768212000000000000"])
        // Upright: y ≈ −1 g, in m/s² ≈ −9.8; the low-pass starts from zero, one 13th of the way.
        let yG = try #require(first.element(at: 10).flatMap { Double($0) })
        let yMS2 = try #require(first.element(at: 7).flatMap { Double($0) })
        let lowY = try #require(first.element(at: 13).flatMap { Double($0) })
        #expect(abs(yG + 1) < 0.05)
        #expect(abs(yMS2 - yG * 9.80665) < 1e-9)
        #expect(abs(lowY - yG / 13) < 1e-12)
    }

    @Test func dumpAsJSONAndTableAgree() throws {
        let path = AccelTestSupport.shippedRecording("shaking")
        let json = try ProductRunner.run("companion", ["accel", "dump", path, "--format", "json"])
        #expect(json.status == 0)
        let parsed = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        let samples = parsed?["samples"] as? [[String: Any]]
        #expect(samples?.count == 600)
        #expect(samples?.first?["beyond16g"] as? Bool == false)
        let table = try ProductRunner.run("companion", ["accel", "dump", path])
        #expect(table.standardOutput.hasPrefix("┌────────┬"))
        #expect(table.standardOutput.split(separator: "\n").filter { $0.hasPrefix("│ ") }.count == 601)
    }

    @Test func graphFitsTheRequestedWidthWithoutColourInAPipe() throws {
        let outcome = try ProductRunner.run(
            "companion", ["accel", "graph", AccelTestSupport.shippedRecording("tilting"), "--width", "72"])
        #expect(outcome.status == 0)
        #expect(!outcome.standardOutput.contains("\u{1B}"))
        #expect(outcome.standardOutput.contains("raw (g)"))
        #expect(outcome.standardOutput.contains("lowpass 5 Hz @ 60 Hz (g)"))
        for line in outcome.standardOutput.split(separator: "\n") { #expect(line.count <= 72) }
        let colour = try ProductRunner.run(
            "companion", ["accel", "graph", AccelTestSupport.shippedRecording("tilting"), "--color=always"],
            environment: ["COLUMNS": "90", "NO_COLOR": ""])
        #expect(colour.standardOutput.contains("\u{1B}[31m"))
        for line in colour.standardOutput.split(separator: "\n") {
            let visible = line.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            #expect(visible.count <= 90)
        }
    }

    @Test func graphWritesAnSVG() throws {
        let directory = try AccelTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let svg = directory.appendingPathComponent("shaking.svg").path
        let outcome = try ProductRunner.run(
            "companion",
            ["accel", "graph", AccelTestSupport.shippedRecording("shaking"), "--filter", "highpass", "--svg", svg])
        #expect(outcome.status == 0)
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(text.hasPrefix("<?xml"))
        #expect(text.contains("highpass 5 Hz @ 60 Hz (g)"))
        #expect(text.components(separatedBy: "<polyline").count == 7)
    }

    @Test func playReplaysFastWithMonitorSensorsOrientationNames() throws {
        let outcome = try ProductRunner.run(
            "companion", ["accel", "play", AccelTestSupport.shippedRecording("tilting"), "--fast"])
        #expect(outcome.status == 0)
        let changes = outcome.standardOutput.split(separator: "\n").filter {
            $0.contains("Accelerometer orientation changed:")
        }
        .compactMap { $0.split(separator: " ").dropFirst(3).first.map(String.init) }
        #expect(changes == ["normal", "left-up", "normal", "right-up", "normal", "face-up"])
        #expect(outcome.standardOutput.contains("done: 840 samples"))
        #expect(outcome.standardOutput.contains("low-pass x="))
    }

    @Test func synthesizeRecreatesTheShippedRecordingsByteForByte() throws {
        let directory = try AccelTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, seed) in [("tilting", 1), ("shaking", 2), ("walking", 3)] {
            let out = directory.appendingPathComponent("\(name).iiorec").path
            let outcome = try ProductRunner.run(
                "companion", ["accel", "synthesize", name, "--seed", "\(seed)", "-o", out])
            #expect(outcome.status == 0)
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: out))
                    == Data(contentsOf: URL(fileURLWithPath: AccelTestSupport.shippedRecording(name))))
        }
    }

    @Test func aTruncatedRecordingWarnsWithTheByteOffsetAndStillDumps() throws {
        let directory = try AccelTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("cut.iiorec").path
        var bytes = try Data(contentsOf: URL(fileURLWithPath: AccelTestSupport.shippedRecording("shaking")))
        bytes.removeLast(5)
        try bytes.write(to: URL(fileURLWithPath: path))
        let dump = try ProductRunner.run("companion", ["accel", "dump", path, "--format", "csv"])
        #expect(dump.status == 0)
        #expect(
            dump.standardError.hasPrefix("companion: \(path): warning: truncated last scan: sample 599 at byte offset ")
        )
        #expect(dump.standardError.hasSuffix("has only 11 of its 16 bytes (ignored)\n"))
        #expect(try CSVDocument(dump.standardOutput).records.count == 599)
        let info = try ProductRunner.run("companion", ["accel", "info", path])
        #expect(info.status == 1)
        #expect(info.standardOutput.contains("problems: 1"))
    }

    @Test func aOneScanRecordingSaysItHasTimestampsButNoSteps() throws {
        let directory = try AccelTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("one.iiorec").path
        var bytes = try Data(contentsOf: URL(fileURLWithPath: AccelTestSupport.shippedRecording("shaking")))
        bytes.removeLast(599 * 16)
        // The header announces the scans it holds: one now.
        let announced = Data("scans: 000000000600\n".utf8)
        let one = Data("scans: 000000000001\n".utf8)
        let range = try #require(bytes.range(of: announced))
        bytes.replaceSubrange(range, with: one)
        try bytes.write(to: URL(fileURLWithPath: path))
        let info = try ProductRunner.run("companion", ["accel", "info", path])
        #expect(info.status == 0)
        #expect(info.standardOutput.contains("gaps: none (one scan, no step between timestamps)\n"))
        #expect(!info.standardOutput.contains("timestamps: none"))
    }

    @Test func brokenRecordingsAreOneLineErrors() throws {
        let directory = try AccelTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let original = try String(contentsOfFile: AccelTestSupport.shippedRecording("walking"), encoding: .isoLatin1)
        let cases: [(String, String)] = [
            (
                original.replacingOccurrences(of: "scans: 000000000705", with: "scans: 000000000800"),
                "the header does not match the data: it announces 800 scans of 16 bytes, but the 11280 bytes after byte offset 902 hold 705 scans"
            ),
            (
                original.replacingOccurrences(of: "type=le:s12/16>>4", with: "type=le:s12/16"),
                "header line 9 (byte offset 211): channel accel_x: unknown scan type 'le:s12/16'"
            ),
            (
                original.replacingOccurrences(
                    of: "index=2 type=le:s12/16>>4 scale=0.0383072265625", with: "index=2 type=le:s12/16>>4 scale=0"),
                "channel accel_z has scale 0, which would turn every reading into 0"
            ),
        ]
        for (number, (text, message)) in cases.enumerated() {
            let path = directory.appendingPathComponent("broken\(number).iiorec").path
            try Data(text.data(using: .isoLatin1) ?? Data()).write(to: URL(fileURLWithPath: path))
            let outcome = try ProductRunner.run("companion", ["accel", "dump", path])
            #expect(outcome.status == 1)
            #expect(outcome.standardError.hasPrefix("companion: \(path): "))
            #expect(outcome.standardError.contains(message), "\(outcome.standardError)")
            #expect(outcome.standardError.filter { $0 == "\n" }.count == 1)
            #expect(outcome.standardOutput.isEmpty)
        }
    }

    @Test func usageErrorsExitTwo() throws {
        let unknown = try ProductRunner.run("companion", ["accel", "frobnicate"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError == "companion: accel frobnicate: unknown action (try 'companion accel --help')\n")
        let filter = try ProductRunner.run(
            "companion", ["accel", "dump", AccelTestSupport.shippedRecording("walking"), "--filter", "bandpass"])
        #expect(filter.status == 2)
        #expect(
            filter.standardError.hasPrefix(
                "companion: --filter: unknown filter 'bandpass' (filters: lowpass, highpass,"))
        let help = try ProductRunner.run("companion", ["accel", "--help"])
        #expect(help.status == 0)
        for action in ["record", "import", "info", "dump", "graph", "play", "synthesize"] {
            #expect(help.standardOutput.contains("  \(action) "))
        }
    }
}

/// `play` at the recorded pace stops cleanly on Ctrl-C, and says it was interrupted the way every
/// command does: by ending as the signal would (the shell's status 130).
@Suite struct AccelPlayInterruptionTests {
    @Test func ctrlCStopsAReplayCleanlyWithStatus130() throws {
        let process = Process()
        process.executableURL = ProductRunner.binDirectory.appendingPathComponent("companion")
        process.arguments = ["accel", "play", AccelTestSupport.shippedRecording("tilting")]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var seen = ""
        while !seen.contains("at the recorded pace") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        kill(process.processIdentifier, SIGINT)
        seen += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGINT)  // 128 + 2 = 130 in a shell
        #expect(seen.contains("stopped after "), "\(seen)")
        // The summary was written (and flushed) before the process ended, on a line of its own.
        #expect(seen.hasSuffix(" of 840 samples\n"), "\(seen)")
    }
}
