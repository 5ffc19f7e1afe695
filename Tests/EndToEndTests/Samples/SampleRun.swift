import Foundation
import TestSupport

/// A scratch directory for one run of a sample, and the masking its output needs before it is
/// compared with a golden file (``Golden``).
struct SampleRun {
    let product: String
    let directory: URL
    /// The store file the run uses.
    let store: URL

    /// A run of `product` with its store named `storeFileName` (default `<product>.sqlite`).
    init(_ product: String, storeFileName: String? = nil) throws {
        self.product = product
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(product)-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        store = directory.appendingPathComponent(storeFileName ?? "\(product).sqlite")
    }

    /// Runs the sample with `arguments` after `--store <store>`, with no SQL trace from the
    /// environment unless `environment` asks for one.
    func run(_ arguments: [String] = [], environment: [String: String] = ["SQLDEBUG": ""]) throws -> ProcessOutcome {
        try run(exactly: ["--store", store.path] + arguments, environment: environment)
    }

    /// Runs the sample with exactly `arguments` in the scratch directory (no `--store` added).
    func run(exactly arguments: [String], environment: [String: String] = ["SQLDEBUG": ""]) throws -> ProcessOutcome {
        try ProductRunner.run(product, arguments, environment: environment, directory: directory)
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
}
