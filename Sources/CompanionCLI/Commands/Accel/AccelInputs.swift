import Accelerometer
import Foundation
import TerminalKit

/// Reading the files `companion accel` actions take, turning every failure into one CLI line.
enum AccelInputs {
    /// Reads and parses a recording, printing its non-fatal issues as warnings.
    static func loadRecording(_ path: String) throws(CommandLineError) -> Recording {
        let bytes = try readBytes(path)
        do {
            let recording = try Recording(bytes: bytes)
            for issue in recording.issues { printWarning(path, issue.description) }
            return recording
        } catch {
            throw .failure(error.description, subject: path)
        }
    }

    /// The whole file, with a message that names it (and says when it needs root).
    static func readBytes(_ path: String) throws(CommandLineError) -> [UInt8] {
        do {
            return try SystemFileAccess().readBytes(path)
        } catch {
            throw .failure(error)
        }
    }

    /// Writes `bytes` to `path` (replacing it); check it first with ``AccelOutputPath/check(_:option:against:)``.
    static func write(_ bytes: [UInt8], to path: String) throws(CommandLineError) {
        do {
            try SystemFileAccess().writeBytes(bytes, to: path)
        } catch {
            throw .failure(error)
        }
    }

    /// Prints `companion: <path>: warning: <text>` on standard error, control characters made visible.
    static func printWarning(_ path: String, _ text: String) {
        printError(TerminalSanitizer.sanitize("companion: \(path): warning: \(text)"))
    }

    /// Decodes a recording's samples and returns them with warnings printed for timestamps that do not
    /// increase and values beyond ±16 g (five of each, then a count).
    static func samples(of recording: Recording, path: String, warn: Bool = true) throws(CommandLineError)
        -> [AccelerationSample]
    {
        let samples: [AccelerationSample]
        do {
            samples = try recording.samples()
        } catch {
            throw .failure(error.description, subject: path)
        }
        if warn {
            let timestamps = recording.timestampIssues(in: samples)
            for issue in timestamps.prefix(5) { printWarning(path, issue.description) }
            if timestamps.count > 5 {
                let more = CountText.of(timestamps.count - 5, "more sample")
                printWarning(path, "\(more) whose timestamp does not increase")
            }
            let issues = recording.rangeIssues(in: samples)
            for issue in issues.prefix(5) { printWarning(path, issue.description) }
            if issues.count > 5 {
                let more = CountText.of(issues.count - 5, "more sample")
                printWarning(path, "\(more) beyond ±16 g (flagged in the output)")
            }
        }
        return samples
    }

    /// Exactly one positional argument, the file the action works on.
    static func singleFile(_ arguments: ArgumentList, action: String) throws(CommandLineError) -> String {
        let files = try arguments.positionals()
        guard files.count == 1 else {
            throw .usage(
                files.isEmpty ? "which recording? (give one file)" : "give exactly one file", subject: "accel \(action)"
            )
        }
        return files[0]
    }
}
