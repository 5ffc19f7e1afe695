import Foundation

/// The `objectgraph` benchmark suite (`make bench SUITE=objectgraph`, DESIGN.md §7).
///
/// ObjectGraph against hand-written SQLite C calls doing the same work on the same machine in
/// the same run: insert 100,000 movies (four attributes and a to-one) and save; fetch them all
/// sorted by name reading every attribute, with the memory of holding them; and delete a theater
/// with 10,000 movies by cascade and save. `BENCH_MOVIES`, `BENCH_CASCADE` and `BENCH_RUNS`
/// change the sizes and runs, `BENCH_ONLY=insert|fetch|cascade` runs one case.
enum ObjectGraphSuite {
    static let suite = BenchmarkSuite(name: "objectgraph") {
        let environment = ProcessInfo.processInfo.environment
        let movieCount = Int(environment["BENCH_MOVIES"] ?? "") ?? 100_000
        let cascadeCount = Int(environment["BENCH_CASCADE"] ?? "") ?? 10_000
        let only = environment["BENCH_ONLY"] ?? ""
        let benchmark = try ObjectGraphBenchmark(suite: "objectgraph", runs: Int(environment["BENCH_RUNS"] ?? "") ?? 5)
        defer { benchmark.removeScratch() }
        if only.isEmpty || only == "insert" { _ = try benchmark.benchmarkInsert(count: movieCount) }
        if only.isEmpty || only == "fetch" { _ = try benchmark.benchmarkFetch(count: movieCount) }
        if only.isEmpty || only == "cascade" { _ = try benchmark.benchmarkCascadeDelete(count: cascadeCount) }
    }
}
