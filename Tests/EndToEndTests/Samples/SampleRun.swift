import Foundation
import Testing

/// A scratch directory for one run of a sample, the masking its output needs, and its golden
/// files (in `Golden/` next to this file; `UPDATE_GOLDEN=1` rewrites them, review the diff).
struct SampleRun {
    let product: String
    let directory: URL

    init(_ product: String) throws {
        self.product = product
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(product)-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// The store file the run uses.
    var store: URL { directory.appendingPathComponent("\(product).sqlite") }

    /// Runs the sample with `arguments` after `--store <store>`, with no SQL trace from the
    /// environment unless `environment` asks for one.
    func run(_ arguments: [String] = [], environment: [String: String] = ["SQLDEBUG": ""]) throws -> ProcessOutcome {
        try ProductRunner.run(
            product, ["--store", store.path] + arguments, environment: environment, directory: directory)
    }

    /// Replaces what differs between runs: the scratch path, UUIDs and durations.
    func masked(_ text: String) -> String {
        var result = text.replacingOccurrences(of: directory.path, with: "<DIR>")
        result = result.replacingOccurrences(
            of: "[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}", with: "<UUID>",
            options: .regularExpression)
        return result.replacingOccurrences(of: "[0-9]+\\.[0-9]{4}s", with: "#.####s", options: .regularExpression)
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Compares `actual` with the golden file `name`, byte for byte.
    static func compare(_ actual: String, toGolden name: String) throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
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
