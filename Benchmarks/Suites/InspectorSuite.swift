/// The `inspector` benchmark suite (`make bench SUITE=inspector`).
enum InspectorSuite {
    static let suite = BenchmarkSuite(name: "inspector") {
        print("BENCH-NOTE inspector: no cases yet")
    }
}
