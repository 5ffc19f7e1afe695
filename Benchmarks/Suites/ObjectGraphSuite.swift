/// The `objectgraph` benchmark suite (`make bench SUITE=objectgraph`).
enum ObjectGraphSuite {
    static let suite = BenchmarkSuite(name: "objectgraph") {
        print("BENCH-NOTE objectgraph: no cases yet")
    }
}
