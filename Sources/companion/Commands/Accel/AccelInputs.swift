import Accelerometer
import Foundation

/// Reading the files `companion accel` actions take, turning every failure into one CLI line.
enum AccelInputs {
    /// Reads and parses a recording, printing its non-fatal issues as warnings.
    static func loadRecording(_ path: String) throws(CommandLineError) -> Recording {
        let bytes = try readBytes(path)
        do {
            let recording = try Recording(bytes: bytes)
            for issue in recording.issues { printError("companion: \(path): warning: \(issue)") }
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
            // The message already names the file.
            throw .failure(error.description)
        }
    }

    /// Writes `bytes` to `path` (replacing it).
    static func write(_ bytes: [UInt8], to path: String) throws(CommandLineError) {
        do {
            try SystemFileAccess().writeBytes(bytes, to: path)
        } catch {
            throw .failure(error.description)
        }
    }

    /// Decodes a recording's samples and returns them with the ±16 g warnings printed.
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
            let issues = recording.rangeIssues(in: samples)
            for issue in issues.prefix(5) { printError("companion: \(path): warning: \(issue)") }
            if issues.count > 5 {
                printError("companion: \(path): warning: \(issues.count - 5) more samples beyond ±16 g (flagged in the output)")
            }
        }
        return samples
    }

    /// Exactly one positional argument, the file the action works on.
    static func singleFile(_ arguments: ArgumentList, action: String) throws(CommandLineError) -> String {
        let files = try arguments.positionals()
        guard files.count == 1 else {
            throw .usage(files.isEmpty ? "which recording? (give one file)" : "give exactly one file", subject: "accel \(action)")
        }
        return files[0]
    }
}
