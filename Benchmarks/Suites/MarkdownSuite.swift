/// The `markdown` benchmark suite (`make bench SUITE=markdown`).
enum MarkdownSuite {
    static let suite = BenchmarkSuite(name: "markdown") {
        print("BENCH-NOTE markdown: no cases yet")
    }
}
