import TestSupport
import Testing

/// The `batchedfetch` suite of `companion-bench` run the way `make bench SUITE=batchedfetch` runs
/// it, at a size small enough for a test: what it prints, never how fast anything was.
@Suite struct BatchedFetchSuiteTests {
    /// More than two batches of 500 (the last one short), so every walk crosses batch boundaries.
    private static let movies = 1_234

    private static func runSuite() throws -> ProcessOutcome {
        try ProductRunner.run(
            "companion-bench",
            environment: ["SUITE": "batchedfetch", "BENCH_BATCHED_MOVIES": String(movies), "BENCH_RUNS": "2"])
    }

    @Test func theWalkAndTheObjectIDsPrintBenchLinesWhoseWalksReadTheSameNames() throws {
        // Each walk checks that it read the names the raw walk read; a mismatch stops the suite.
        let outcome = try Self.runSuite()
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
        let walk = try #require(
            lines.first { $0.hasPrefix("BENCH batchedfetch/walk_\(Self.movies)_sorted_batch_500_read_name ") },
            "\(outcome.standardOutput)")
        #expect(walk.contains(" ratio=") && walk.contains(" runs=2") && walk.contains(" peak_mb="), "\(walk)")
        #expect(lines.contains { $0.hasPrefix("BENCH batchedfetch/object_ids_\(Self.movies)_sorted ") })
    }

    @Test func coreDataStatementsByHandArePrintedBesideTheWalkPlainAndCached() throws {
        let outcome = try Self.runSuite()
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let notes = outcome.standardOutput.split(separator: "\n").filter { $0.hasPrefix("# batchedfetch/walk_") }
        #expect(
            notes.contains { $0.contains("Core Data's statements by hand") && $0.contains("× the raw walk; ours ") })
        #expect(notes.contains { $0.contains("whole table in SQLite's page cache") && $0.contains("(peak ") })
    }
}
