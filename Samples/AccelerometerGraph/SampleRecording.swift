import Accelerometer
import Foundation

/// The recording the sample plays: one shipped with it (by name) or any file (by path).
struct SampleRecording {
    /// The path as the user gave it, or the shipped file's path.
    var path: String
    /// The parsed recording.
    var recording: Recording
    /// Its samples.
    var samples: [AccelerationSample]

    /// Loads `name`: a file when something of that name exists (or it looks like a path), else the
    /// shipped recording of that name. Every failure is one sentence naming the file once, the same
    /// words `companion accel info` uses (a directory is "a directory, not a file").
    init(_ name: String) throws(SampleExit) {
        let isPath = FileManager.default.fileExists(atPath: name) || name.contains("/") || name.hasSuffix(".iiorec")
        path = isPath ? name : try Self.shippedPath(name)
        let bytes: [UInt8]
        do {
            bytes = try SystemFileAccess().readBytes(path)
        } catch {
            throw .failure("\(error.path ?? path): \(error.problem)")
        }
        do {
            recording = try Recording(bytes: bytes)
            samples = try recording.samples()
        } catch {
            throw .failure("\(path): \(error)")
        }
        guard !samples.isEmpty else { throw .failure("\(path): the recording holds no samples") }
    }

    /// The path of a shipped recording, or a failure listing the ones there are.
    private static func shippedPath(_ name: String) throws(SampleExit) -> String {
        guard let folder = Bundle.module.url(forResource: "Recordings", withExtension: nil) else {
            throw .failure("the shipped recordings are missing from the bundle")
        }
        let url = folder.appendingPathComponent(name + ".iiorec")
        guard FileManager.default.fileExists(atPath: url.path) else {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                .filter { $0.hasSuffix(".iiorec") }.map { String($0.dropLast(7)) }.sorted()
            throw .failure("no recording called '\(name)' (shipped: \(names.joined(separator: ", ")))")
        }
        return url.path
    }
}
