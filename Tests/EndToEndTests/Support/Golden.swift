import Foundation
import Testing

/// Golden files in a `Golden/` folder beside the test that uses them, compared byte for byte;
/// `UPDATE_GOLDEN=1` rewrites them (review the diff).
enum Golden {
    /// Compares `actual` with the golden file `name` in the `Golden/` folder next to `file` (the
    /// calling test's source file, by default).
    static func compare(_ actual: String, to name: String, besides file: String = #filePath) throws {
        let directory = URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("Golden")
        let url = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(actual == expected, "\(name) differs; run with UPDATE_GOLDEN=1 to rewrite it and review the diff")
    }
}
