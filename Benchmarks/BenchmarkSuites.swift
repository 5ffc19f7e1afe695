/// One group of measurements, selected with `make bench SUITE=name`.
struct BenchmarkSuite: Sendable {
    /// The suite's name on the command line and in every BENCH line.
    var name: String
    /// Runs every case and prints one BENCH line per case.
    var run: @Sendable () throws -> Void
}

/// The registry of suites; each suite lives in `Suites/<Name>Suite.swift`.
enum BenchmarkSuites {
    static let all: [BenchmarkSuite] = [
        ObjectGraphSuite.suite,
        FetchedResultsSuite.suite,
        InspectorSuite.suite,
        MarkdownSuite.suite,
        AccelerometerSuite.suite,
        PredicateSuite.suite,
        BatchedFetchSuite.suite,
        ScalingSuite.suite,
        MigrationSuite.suite,
    ]
}
