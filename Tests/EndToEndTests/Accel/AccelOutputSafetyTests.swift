import Foundation
import TestSupport
import Testing

/// No `companion accel` action writes over a file it reads, however the output path is spelled.
@Suite struct AccelOutputSafetyTests {
    /// Every way to name `name` from inside `directory`: itself, `./`, absolute, a symbolic and a hard link.
    private func spellings(of name: String, in directory: URL) throws -> [String] {
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("symbolic-\(name)").path, withDestinationPath: name)
        try FileManager.default.linkItem(
            atPath: directory.appendingPathComponent(name).path,
            toPath: directory.appendingPathComponent("hard-\(name)").path)
        return [name, "./\(name)", directory.appendingPathComponent(name).path, "symbolic-\(name)", "hard-\(name)"]
    }

    @Test(arguments: [
        (["synthesize", "walking", "-o", ""], "-o"),
        (["graph", "Samples/AccelerometerGraph/Recordings/shaking.iiorec", "--svg", ""], "--svg"),
    ])
    func anEmptyOutputPathIsAUsageErrorNamingTheOption(arguments: [String], option: String) throws {
        let outcome = try ProductRunner.run("companion", ["accel"] + arguments)
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "companion: \(option): the output path is empty\n")
    }

    @Test func graphRefusesToWriteItsSVGOverTheRecordingItPlots() throws {
        let directory = try AccelTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let original = try Data(contentsOf: URL(fileURLWithPath: AccelTestSupport.shippedRecording("shaking")))
        try original.write(to: directory.appendingPathComponent("sh.iiorec"))
        for output in try spellings(of: "sh.iiorec", in: directory) {
            let outcome = try ProductRunner.run(
                "companion", ["accel", "graph", "sh.iiorec", "--svg", output], directory: directory)
            #expect(outcome.status == 2, "\(output)")
            #expect(
                outcome.standardError.hasPrefix("companion: \(output): --svg names the input recording"),
                "\(outcome.standardError)")
            #expect(outcome.standardError.contains("refusing to overwrite it"))
            #expect(outcome.standardError.filter { $0 == "\n" }.count == 1)
            #expect(try Data(contentsOf: directory.appendingPathComponent("sh.iiorec")) == original, "\(output)")
        }
        // Another file is still fine.
        let fine = try ProductRunner.run(
            "companion", ["accel", "graph", "sh.iiorec", "--svg", "sh.svg"], directory: directory)
        #expect(fine.status == 0, "\(fine.standardError)")
    }

    @Test func importRefusesToWriteOverTheCaptureTheCSVOrTheChannelDescription() throws {
        let directory = try AccelTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let capture = try Data(contentsOf: AccelTestSupport.orientationScan)
        try capture.write(to: directory.appendingPathComponent("same.bin"))
        let xml = try Data(
            contentsOf: AccelTestSupport.iioCorpus.appendingPathComponent("analogdevicesinc__pyadi-iio__adxl355.xml"))
        try xml.write(to: directory.appendingPathComponent("adxl355.xml"))
        let csv = Data("time,x,y,z\n0,1,2,3\n0.01,1,2,3\n".utf8)
        try csv.write(to: directory.appendingPathComponent("polled.csv"))
        let cases: [([String], String, String)] = [
            (
                ["same.bin", "--channels", "adxl355.xml", "-o", "same.bin"], "same.bin",
                "-o names the raw capture itself"
            ),
            (
                ["same.bin", "--channels", "adxl355.xml", "-o", "./same.bin"], "./same.bin",
                "-o names the raw capture (same.bin)"
            ),
            (
                ["same.bin", "--channels", "adxl355.xml", "--output", "adxl355.xml"], "adxl355.xml",
                "-o names the channel description itself"
            ),
            (["--csv", "polled.csv", "-o", "polled.csv"], "polled.csv", "-o names the CSV being imported itself"),
        ]
        for (arguments, output, message) in cases {
            let outcome = try ProductRunner.run("companion", ["accel", "import"] + arguments, directory: directory)
            #expect(outcome.status == 2, "\(arguments)")
            #expect(outcome.standardError.hasPrefix("companion: \(output): \(message)"), "\(outcome.standardError)")
            #expect(outcome.standardError.filter { $0 == "\n" }.count == 1)
        }
        #expect(try Data(contentsOf: directory.appendingPathComponent("same.bin")) == capture)
        #expect(try Data(contentsOf: directory.appendingPathComponent("adxl355.xml")) == xml)
        #expect(try Data(contentsOf: directory.appendingPathComponent("polled.csv")) == csv)
    }

    @Test func recordRefusesToWriteOverTheFileItPolls() throws {
        let directory = try AccelTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let device = try AccelTestSupport.makeSysfsTree(in: directory)
        let raw = device.appendingPathComponent("in_accel_y_raw").path
        let outcome = try ProductRunner.run(
            "companion", ["accel", "record", "--sysfs-root", directory.path, "--poll", "--samples", "1", "-o", raw])
        #expect(outcome.status == 2)
        #expect(
            outcome.standardError.hasPrefix("companion: \(raw): -o names the polled reading itself"),
            "\(outcome.standardError)")
        #expect(try String(contentsOfFile: raw, encoding: .utf8) == "-919\n")
    }
}
