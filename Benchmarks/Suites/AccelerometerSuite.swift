/// The `accel` benchmark suite (`make bench SUITE=accel`).
enum AccelerometerSuite {
    static let suite = BenchmarkSuite(name: "accel") {
        print("BENCH-NOTE accel: no cases yet")
    }
}
