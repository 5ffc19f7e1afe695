import Foundation

/// Golden files: expected text kept in a `Golden/` folder beside the test that compares with it,
/// byte for byte. `UPDATE_GOLDEN=1` in the environment rewrites them instead; review the diff.
public enum Golden {
    /// The one switch that rewrites every golden file.
    public static let updateVariable = "UPDATE_GOLDEN"

    /// Whether this run rewrites golden files.
    public static var isUpdating: Bool { ProcessInfo.processInfo.environment[updateVariable] == "1" }

    /// A golden file that differs from what the test produced, or that does not exist yet.
    public struct Mismatch: Error, CustomStringConvertible {
        /// The golden file.
        public let file: URL
        /// The first line that differs (1-based), or nil when the file is missing.
        public let line: Int?
        /// That line in the golden file and in the actual text.
        public let expected: String
        /// The actual text's version of that line.
        public let actual: String

        public var description: String {
            guard let line else {
                return "\(file.path) does not exist; run with \(Golden.updateVariable)=1 to write it"
            }
            return """
                \(file.lastPathComponent) differs at line \(line):
                  expected: \(expected)
                  actual:   \(actual)
                run with \(Golden.updateVariable)=1 to rewrite it and review the diff
                """
        }
    }

    /// The golden file `name` in the folder `folder` (by default `Golden/` beside `file`).
    public static func url(_ name: String, besides file: String, folder: String = "Golden") -> URL {
        URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent(folder)
            .appendingPathComponent(name)
    }

    /// Compares `actual` with the golden file `name` beside the calling test's source file and
    /// throws ``Mismatch`` when they differ; with `UPDATE_GOLDEN=1`, writes the file instead.
    public static func assert(
        _ actual: String, matches name: String, folder: String = "Golden", besides file: String = #filePath
    ) throws {
        try assert(actual, matchesFile: url(name, besides: file, folder: folder))
    }

    /// Compares `actual` with the golden file at `goldenFile` (see ``assert(_:matches:folder:besides:)``).
    public static func assert(_ actual: String, matchesFile goldenFile: URL) throws {
        if isUpdating {
            try FileManager.default.createDirectory(
                at: goldenFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: goldenFile)
            return
        }
        guard let data = FileManager.default.contents(atPath: goldenFile.path) else {
            throw Mismatch(file: goldenFile, line: nil, expected: "", actual: "")
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard expected != actual else { return }
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var index = 0
        while index < min(expectedLines.count, actualLines.count), expectedLines[index] == actualLines[index] {
            index += 1
        }
        throw Mismatch(
            file: goldenFile, line: index + 1,
            expected: index < expectedLines.count ? String(expectedLines[index]) : "(end of file)",
            actual: index < actualLines.count ? String(actualLines[index]) : "(end of text)")
    }
}
