import Foundation
import TestSupport
import Testing

/// Option values are checked against what they mean: a cutoff against the sampling rate, numbers
/// as decimal numbers.
@Suite struct AccelOptionValueTests {
    private let shaking = AccelTestSupport.shippedRecording("shaking")

    @Test func aCutoffAtOrAboveHalfTheRateIsAUsageError() throws {
        for (arguments, cutoff, rate) in [
            (["dump", shaking, "--filter", "lowpass", "--cutoff", "1000"], "1000", "60"),
            (["dump", shaking, "--filter", "highpass", "--cutoff", "30"], "30", "60"),
            (["graph", shaking, "--cutoff", "50", "--rate", "100"], "50", "100"),
            (["play", shaking, "--fast", "--rate", "8"], "5", "8"),
        ] {
            let outcome = try ProductRunner.run("companion", ["accel"] + arguments)
            #expect(outcome.status == 2, "\(arguments)")
            #expect(
                outcome.standardError.hasPrefix(
                    "companion: --cutoff: a \(cutoff) Hz cutoff is not below half the \(rate) Hz sampling rate"),
                "\(outcome.standardError)")
            #expect(outcome.standardError.filter { $0 == "\n" }.count == 1)
            #expect(outcome.standardOutput.isEmpty)
        }
        // The guide's fixed-factor filters take no cutoff; below half the rate is fine.
        #expect(
            try ProductRunner.run(
                "companion", ["accel", "dump", shaking, "--filter", "factor-lowpass", "--cutoff", "1000"]
            )
            .status == 0)
        #expect(
            try ProductRunner.run("companion", ["accel", "dump", shaking, "--filter", "lowpass", "--cutoff", "29"])
                .status == 0)
    }

    @Test func numbersMustBeDecimal() throws {
        for (option, value) in [
            ("--rate", "0x3C"), ("--cutoff", "0x5"), ("--rate", "inf"), ("--cutoff", "nan"), ("--rate", "6O"),
        ] {
            let outcome = try ProductRunner.run(
                "companion", ["accel", "dump", shaking, "--filter", "lowpass", option, value])
            #expect(outcome.status == 2)
            #expect(outcome.standardError == "companion: \(option): '\(value)' is not a decimal number\n")
        }
        let speed = try ProductRunner.run("companion", ["accel", "play", shaking, "--speed", "0x2"])
        #expect(speed.standardError == "companion: --speed: '0x2' is not a decimal number\n")
        for value in ["60", "60.0", "6e1", "+60", ".5e2"] {
            let outcome = try ProductRunner.run(
                "companion", ["accel", "dump", shaking, "--filter", "lowpass", "--rate", value, "--limit", "1"])
            #expect(outcome.status == 0, "\(value): \(outcome.standardError)")
        }
    }
}

/// `accel info` on recordings whose timestamps repeat or go back.
@Suite struct AccelInfoTimestampTests {
    @Test func timestampsThatGoBackAreAProblemWithTheSampleNumber() throws {
        let directory = try AccelTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("time,x,y,z\n0,1,2,3\n0.5,1,2,3\n0.2,1,2,3\n".utf8).write(
            to: directory.appendingPathComponent("tback.csv"))
        let made = try ProductRunner.run(
            "companion", ["accel", "import", "--csv", "tback.csv", "-o", "c4.iiorec", "--scale", "0.0383"],
            directory: directory)
        #expect(made.status == 0)
        let info = try ProductRunner.run("companion", ["accel", "info", "c4.iiorec"], directory: directory)
        #expect(info.status == 1)
        #expect(info.standardOutput.contains("duration: 0.500 s\n"))
        #expect(
            info.standardOutput.contains(
                "problems: 1\n  sample 2 (byte offset 502): its timestamp goes back to 0.2 s "
                    + "from sample 1's 0.5 s; timestamps must increase\n"))
        // The other actions warn, once per sample, and carry on.
        let dump = try ProductRunner.run(
            "companion", ["accel", "dump", "c4.iiorec", "--format", "csv"], directory: directory)
        #expect(dump.status == 0)
        #expect(
            dump.standardError == "companion: c4.iiorec: warning: sample 2 (byte offset 502): its timestamp goes back "
                + "to 0.2 s from sample 1's 0.5 s; timestamps must increase\n")
    }

    @Test func aRepeatedTimestampIsAProblemToo() throws {
        let directory = try AccelTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("timestamp,x,y,z\n1000,1,2,3\n1000,1,2,3\n2000,1,2,3\n".utf8).write(
            to: directory.appendingPathComponent("rep.csv"))
        _ = try ProductRunner.run(
            "companion", ["accel", "import", "--csv", "rep.csv", "-o", "rep.iiorec", "--scale", "1"],
            directory: directory)
        let info = try ProductRunner.run("companion", ["accel", "info", "rep.iiorec"], directory: directory)
        #expect(info.status == 1)
        #expect(info.standardOutput.contains("  sample 1 (byte offset "))
        #expect(info.standardOutput.contains("its timestamp repeats sample 0's (0 s); timestamps must increase"))
    }
}
