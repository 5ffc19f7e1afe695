import Foundation
import TestSupport
import Testing

/// A store made by the `theater` sample, inspected with `companion inspect`: its model comes
/// from the `Z_MODELCACHE` row ObjectGraph writes, not from inference, and nothing is a problem.
@Suite struct TheaterStoreInspectionTests {
    /// Runs the Theater lecture into a fresh store and returns the store's directory and path.
    private func makeTheaterStore() throws -> (directory: URL, store: String) {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("modelcache-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = directory.appendingPathComponent("Theater.sqlite").path
        let outcome = try ProductRunner.run(
            "theater", ["--store", store], environment: ["SQLDEBUG": ""], directory: directory)
        #expect(outcome.status == 0, "theater: \(outcome.standardError)")
        return (directory, store)
    }

    @Test func inspectModelShowsTheDecodedTheaterModel() throws {
        let (directory, store) = try makeTheaterStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try ProductRunner.run("companion", ["inspect", store, "model"], directory: directory)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("model decoded from Z_MODELCACHE"))
        #expect(!outcome.standardOutput.contains("inferred"))
        #expect(outcome.standardOutput.contains("entity Movie"))
        #expect(outcome.standardOutput.contains("entity Theater"))
        #expect(outcome.standardOutput.contains("movies  → Movie  to-many  optional  inverse theater, cascade"))
    }

    @Test func inspectSummaryFindsNoProblemsAndExitsZero() throws {
        let (directory, store) = try makeTheaterStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try ProductRunner.run(
            "companion", ["inspect", store, "summary", "--format", "markdown"], directory: directory)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("| model | decoded from Z_MODELCACHE |"))
        #expect(!outcome.standardOutput.contains("Z_MODELCACHE is empty"))
        #expect(outcome.standardOutput.contains("no problems found"))
    }

    @Test func storeIsCompatibleWithTheSamplesOwnModel() throws {
        let (directory, store) = try makeTheaterStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = ProductRunner.packageRoot.appendingPathComponent("Samples/Theater/Theater.xcdatamodeld").path
        let outcome = try ProductRunner.run(
            "companion", ["inspect", store, "diff", "--expected", model, "--format", "markdown"], directory: directory)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("compatible: every entity's version hash matches"))
    }
}
