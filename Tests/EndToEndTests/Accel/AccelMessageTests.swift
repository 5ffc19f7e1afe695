import Foundation
import TestSupport
import Testing

/// What `companion accel` says when something is wrong: one line, the file named once, no raw
/// control bytes from the file, counts that agree with their nouns.
@Suite struct AccelMessageTests {
    /// Whether `text` holds a C0 control other than the line feeds ending its lines, or DEL.
    private func hasRawControls(_ text: String) -> Bool {
        text.unicodeScalars.contains {
            ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F || (0x80...0x9F).contains($0.value)
        }
    }

    @Test func controlBytesFromAFileAreShownVisibly() throws {
        let directory = try AccelTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("\u{1B}[31mRED\u{1B}]0;pwned\u{07}".utf8).write(to: directory.appendingPathComponent("esc.iiorec"))
        var random = SystemRandomNumberGenerator()
        try Data((0..<300).map { _ in UInt8.random(in: 0...255, using: &random) })
            .write(to: directory.appendingPathComponent("garb.iiorec"))
        let esc = try ProductRunner.run("companion", ["accel", "info", "esc.iiorec"], directory: directory)
        #expect(esc.status == 1)
        #expect(
            esc.standardError == "companion: esc.iiorec: not a companion recording: it starts with "
                + "'␛[31mRED␛]0;pwned␇', not 'IIO-RECORDING 1' (for a raw iio_readdev capture use 'companion accel import')\n"
        )
        for file in ["esc.iiorec", "garb.iiorec"] {
            for arguments in [["accel", "info", file], ["accel", "dump", file], ["accel", "graph", file]] {
                let outcome = try ProductRunner.run("companion", arguments, directory: directory)
                #expect(outcome.status == 1)
                #expect(
                    !hasRawControls(outcome.standardError), "\(arguments): \(outcome.standardError.debugDescription)")
                #expect(outcome.standardError.filter { $0 == "\n" }.count == 1)
            }
            let sample = try ProductRunner.run("accelerometer-graph", [file], directory: directory)
            #expect(sample.status == 1)
            #expect(sample.standardError.hasPrefix("accelerometer-graph: \(file): not a companion recording"))
            #expect(!hasRawControls(sample.standardError), "\(sample.standardError.debugDescription)")
        }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat"), "needs Linux's /proc"))
    func anOutputInAFolderWhereNoFileCanBeMadeSaysSoAndWhy() throws {
        let recording = AccelTestSupport.shippedRecording("tilting")
        let runs: [(arguments: [String], output: String)] = [
            (["accel", "synthesize", "tilting", "-o", "/proc/companion.iiorec"], "/proc/companion.iiorec"),
            (["accel", "graph", recording, "--svg", "/proc/companion.svg"], "/proc/companion.svg"),
        ]
        for run in runs {
            let outcome = try ProductRunner.run("companion", run.arguments)
            #expect(outcome.status == 1)
            #expect(
                outcome.standardError
                    == "companion: \(run.output): cannot create a file in /proc: its file system does not allow new files\n"
            )
        }
    }

    @Test func infoOnARawCaptureSaysToImportItInOneLine() throws {
        let outcome = try ProductRunner.run("companion", ["accel", "info", AccelTestSupport.orientationScan.path])
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.isEmpty)
        #expect(
            outcome.standardError
                == "companion: \(AccelTestSupport.orientationScan.path): not a companion recording but a raw capture "
                + "(binary scans, no header): import it first "
                + "('companion accel import FILE --channels DESCRIPTION -o OUT.iiorec')\n")
    }

    @Test func aHeaderHoldingControlBytesIsPrintedVisibly() throws {
        let directory = try AccelTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let original = try String(contentsOfFile: AccelTestSupport.shippedRecording("walking"), encoding: .isoLatin1)
        let hostile = original.replacingOccurrences(
            of: "device: synthetic-walking", with: "device: \u{1B}]0;pwned\u{07}walk")
        try Data(hostile.data(using: .isoLatin1) ?? Data()).write(to: directory.appendingPathComponent("walk.iiorec"))
        let info = try ProductRunner.run("companion", ["accel", "info", "walk.iiorec"], directory: directory)
        #expect(info.status == 0)
        #expect(info.standardOutput.contains("device: ␛]0;pwned␇walk (iio:device0)"))
        #expect(!hasRawControls(info.standardOutput))
        let play = try ProductRunner.run("companion", ["accel", "play", "walk.iiorec", "--fast"], directory: directory)
        #expect(!hasRawControls(play.standardOutput))
        let sample = try ProductRunner.run(
            "accelerometer-graph", ["walk.iiorec", "--width", "80"], directory: directory)
        #expect(sample.standardOutput.hasPrefix("AccelerometerGraph — ␛]0;pwned␇walk, 705 samples"))
        #expect(!hasRawControls(sample.standardOutput))
    }

    @Test func aFileIsNamedOnceInEachMessage() throws {
        let directory = try AccelTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(
            at: AccelTestSupport.orientationScan, to: directory.appendingPathComponent("scan.bin"))
        try Data("<?xml version=\"1.0\"?>\n<context name=\"x\"><device id=\"iio:device0\"".utf8)
            .write(to: directory.appendingPathComponent("trunc.xml"))
        try Data("hello\nworld\n".utf8).write(to: directory.appendingPathComponent("garb.iiorec"))
        let cases: [([String], String)] = [
            (
                ["import", "scan.bin", "--channels", "nothere.xml", "-o", "x.iiorec"],
                "companion: nothere.xml: does not exist\n"
            ),
            (
                ["import", "scan.bin", "--channels", "garb.iiorec", "-o", "x.iiorec"],
                "companion: garb.iiorec: no 'IIO context has N devices:' line and no 'iio:deviceN:' block, so this is "
                    + "not iio_info output\n"
            ),
            (["info", "nothere.iiorec"], "companion: nothere.iiorec: does not exist\n"),
            (["info", "."], "companion: .: this is a directory, not a file\n"),
            (
                ["graph", AccelTestSupport.shippedRecording("tilting"), "--svg", "."],
                "companion: .: this is a directory, not a file\n"
            ),
        ]
        for (arguments, expected) in cases {
            let outcome = try ProductRunner.run("companion", ["accel"] + arguments, directory: directory)
            #expect(outcome.status == 1, "\(arguments)")
            #expect(outcome.standardError == expected)
        }
        let truncated = try ProductRunner.run(
            "companion", ["accel", "import", "scan.bin", "--channels", "trunc.xml", "-o", "x.iiorec"],
            directory: directory)
        #expect(truncated.status == 1)
        #expect(truncated.standardError.hasPrefix("companion: trunc.xml: line "), "\(truncated.standardError)")
        #expect(truncated.standardError.components(separatedBy: "trunc.xml").count == 2)
    }

    @Test func oneOfSomethingIsSingular() throws {
        let directory = try AccelTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("time,x,y,z\n0,1,2,3\n".utf8).write(to: directory.appendingPathComponent("one.csv"))
        let made = try ProductRunner.run(
            "companion", ["accel", "import", "--csv", "one.csv", "--scale", "0.0383", "-o", "one.iiorec"],
            directory: directory)
        #expect(made.standardOutput == "wrote one.iiorec: 1 scan of 24 bytes from polled\n")
        let svg = try ProductRunner.run(
            "companion", ["accel", "graph", "one.iiorec", "--svg", "one.svg"], directory: directory)
        #expect(svg.standardOutput == "wrote one.svg: 1 sample, 2 panels\n")
        let play = try ProductRunner.run("companion", ["accel", "play", "one.iiorec", "--fast"], directory: directory)
        #expect(play.standardOutput.hasPrefix("replaying one.iiorec: 1 sample of polled (fast)\n"))
        #expect(play.standardOutput.hasSuffix("done: 1 sample\n"))
        try Data([1, 2, 3]).write(to: directory.appendingPathComponent("tiny.bin"))
        let device = try AccelTestSupport.makeSysfsTree(in: directory)
        let tiny = try ProductRunner.run(
            "companion", ["accel", "import", "tiny.bin", "--channels", device.path, "-o", "tiny.iiorec"],
            directory: directory)
        #expect(tiny.standardError == "companion: tiny.bin: 3 bytes hold no complete 24-byte scan\n")
    }

    @Test func aOneSampleGraphLabelsItsSingleInstant() throws {
        let directory = try AccelTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("time,x,y,z\n0,1,2,3\n".utf8).write(to: directory.appendingPathComponent("one.csv"))
        _ = try ProductRunner.run(
            "companion", ["accel", "import", "--csv", "one.csv", "--scale", "0.0383", "-o", "one.iiorec"],
            directory: directory)
        let graph = try ProductRunner.run(
            "companion", ["accel", "graph", "one.iiorec", "--width", "40"], directory: directory)
        #expect(graph.status == 0)
        let axes = graph.standardOutput.split(separator: "\n").filter { $0.hasSuffix(" s") }
        #expect(axes.count == 2)
        for axis in axes { #expect(axis.trimmingCharacters(in: .whitespaces) == "0 s") }
    }

    /// `/dev/zero` never ends: `info /dev/zero` once read it until memory ran out. A device is
    /// refused at once (run under `timeout` so the old behaviour fails instead of hanging the suite).
    @Test func aDeviceIsRefusedInsteadOfReadForever() throws {
        let timeout = URL(fileURLWithPath: "/usr/bin/timeout")
        let companion = ProductRunner.binDirectory.appendingPathComponent("companion").path
        for action in ["info", "dump", "graph", "play"] {
            let outcome = try ProductRunner.run(executable: timeout, ["20", companion, "accel", action, "/dev/zero"])
            #expect(outcome.status == 1, "\(action)")
            #expect(outcome.standardError == "companion: /dev/zero: this is a device, not a file\n", "\(action)")
        }
        let context = Fixtures.iio("analogdevicesinc__pyadi-iio__adxl355.xml").path
        let directory = try AccelTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let imported = try ProductRunner.run(
            executable: timeout,
            ["20", companion, "accel", "import", "/dev/zero", "--channels", context, "-o", "x.iiorec"],
            directory: directory)
        #expect(imported.status == 1)
        #expect(imported.standardError == "companion: /dev/zero: this is a device, not a file\n")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("x.iiorec").path))
        let sample = ProductRunner.binDirectory.appendingPathComponent("accelerometer-graph").path
        let graph = try ProductRunner.run(executable: timeout, ["20", sample, "/dev/zero"])
        #expect(graph.status == 1)
        #expect(graph.standardError == "accelerometer-graph: /dev/zero: this is a device, not a file\n")
    }

    /// `dump > /dev/full` once lost every line and still exited 0: standard output's buffer was
    /// never checked. A failed write is one line on standard error and status 1.
    @Test func outputThatCannotBeWrittenIsAFailure() throws {
        let companion = ProductRunner.binDirectory.appendingPathComponent("companion").path
        let walking = AccelTestSupport.shippedRecording("walking")
        for action in [["dump", walking, "--format", "json"], ["info", walking], ["--help"]] {
            let outcome = try ProductRunner.run(
                executable: URL(fileURLWithPath: "/bin/sh"),
                ["-c", "exec \"$0\" \"$@\" > /dev/full", companion, "accel"] + action)
            #expect(outcome.status == 1, "\(action)")
            #expect(outcome.standardError.hasPrefix("companion: standard output: "), "\(outcome.standardError)")
            #expect(outcome.standardError.hasSuffix("; the output is incomplete\n"))
            #expect(outcome.standardError.split(separator: "\n").count == 1)
        }
    }
}
