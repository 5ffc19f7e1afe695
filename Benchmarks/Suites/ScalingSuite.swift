import Foundation

/// The `scaling` benchmark suite (`make bench SUITE=scaling`, issue 21 "Scaling").
///
/// The objectgraph suite's three cases — insert and save, fetch sorted reading every attribute,
/// cascade delete — at 10,000, 100,000 and 1,000,000 movies, each against the same baseline as
/// there (the insert's and fetch's statements written by hand in C; for the cascade, Core Data's
/// own statements: read the members, then delete each by key and version), plus what each fetched
/// object costs in memory. Each case prints its BENCH line as it ends; the series is printed last
/// as one table, with how far each column spreads across the sizes: the ratios should stay flat
/// and the bytes per object constant as the store grows.
///
/// `SCALING_SIZES=1000,5000` chooses other sizes (movies, comma-separated), `BENCH_RUNS` the runs.
enum ScalingSuite {
    static let suite = BenchmarkSuite(name: "scaling") {
        let environment = ProcessInfo.processInfo.environment
        let sizes = try ScalingSuite.sizes(from: environment["SCALING_SIZES"] ?? "")
        let benchmark = try ObjectGraphBenchmark(suite: "scaling", runs: Int(environment["BENCH_RUNS"] ?? "") ?? 5)
        defer { benchmark.removeScratch() }
        var series: [ScalingRow] = []
        for size in sizes {
            series.append(
                ScalingRow(
                    movies: size, insert: try benchmark.benchmarkInsert(count: size),
                    fetch: try benchmark.benchmarkFetch(count: size),
                    cascade: try benchmark.benchmarkCascadeDelete(count: size)))
        }
        for line in ScalingSuite.table(series, runs: benchmark.runs) { print(line) }
    }

    /// The sizes the issue asks for.
    static let defaultSizes = [10_000, 100_000, 1_000_000]

    /// The largest size accepted: ten million movies already hold several GB.
    static let largestSize = 10_000_000

    /// `SCALING_SIZES` read as whole numbers of movies; the default sizes when it is empty.
    static func sizes(from text: String) throws(ScalingSuiteError) -> [Int] {
        guard !text.isEmpty else { return defaultSizes }
        let sizes = text.split(separator: ",", omittingEmptySubsequences: false).map {
            Int($0.trimmingCharacters(in: .whitespaces))
        }
        guard !sizes.isEmpty, sizes.allSatisfy({ $0.map { (1...largestSize).contains($0) } ?? false }) else {
            throw .invalidSizes(text)
        }
        return sizes.compactMap { $0 }
    }

    /// The series as a Markdown table (one row per size), then each column's spread.
    ///
    /// Two memory columns: what each fetched movie cost above the floor (which includes what a
    /// fetch holds whatever its size: SQLite's sorter and page cache, about 4 MiB), and what each
    /// movie added since the previous size. The second is the cost of one more object, the one to
    /// judge "constant per object" by.
    static func table(_ series: [ScalingRow], runs: Int) -> [String] {
        var lines = [
            "scaling: ours ÷ baseline at each size (medians of \(runs) runs), and the memory of each fetched movie",
            "| movies | insert | fetch | cascade | fetch bytes/object | added bytes/object |",
            "| ---: | ---: | ---: | ---: | ---: | ---: |",
        ]
        let added = addedBytesPerObject(series)
        for (row, added) in zip(series, added) {
            let bytes = row.fetch.bytesPerObject(count: row.movies).map { String(format: "%.0f", $0) } ?? "–"
            lines.append(
                "| \(row.movies) | \(format(row.insert.ratio)) | \(format(row.fetch.ratio)) "
                    + "| \(format(row.cascade.ratio)) | \(bytes) | \(added.map { String(format: "%.0f", $0) } ?? "–") |"
            )
        }
        let columns: [(String, [Double])] = [
            ("insert", series.map(\.insert.ratio)), ("fetch", series.map(\.fetch.ratio)),
            ("cascade", series.map(\.cascade.ratio)),
            ("bytes/object", series.compactMap { $0.fetch.bytesPerObject(count: $0.movies) }),
            ("added bytes/object", added.compactMap { $0 }),
        ]
        let spreads = columns.map { name, values in "\(name) \(spread(values).map(format) ?? "–")" }
        lines.append("scaling: spread across the sizes (largest ÷ smallest): " + spreads.joined(separator: ", "))
        return lines
    }

    /// For each size after the first, the memory above the floor it added over the previous size,
    /// per movie added (nil for the first size, and where the memory was not measured).
    static func addedBytesPerObject(_ series: [ScalingRow]) -> [Double?] {
        series.indices.map { index in
            guard index > 0 else { return nil }
            let previous = series[index - 1]
            let current = series[index]
            guard current.movies > previous.movies,
                let now = current.fetch.bytesPerObject(count: current.movies),
                let before = previous.fetch.bytesPerObject(count: previous.movies)
            else { return nil }
            let addedBytes = now * Double(current.movies) - before * Double(previous.movies)
            return addedBytes / Double(current.movies - previous.movies)
        }
    }

    /// The largest value ÷ the smallest, when all are above zero.
    private static func spread(_ values: [Double]) -> Double? {
        guard let smallest = values.min(), let largest = values.max(), smallest > 0 else { return nil }
        return largest / smallest
    }

    private static func format(_ value: Double) -> String {
        String(format: "%.2f", value)
    }
}

/// One size of the scaling series: the figures of its three cases.
struct ScalingRow {
    /// How many movies the store holds (and the cascade deletes).
    var movies: Int
    var insert: ObjectGraphFigures
    var fetch: ObjectGraphFigures
    var cascade: ObjectGraphFigures
}

/// Why the scaling suite cannot run as asked.
enum ScalingSuiteError: Error, CustomStringConvertible {
    case invalidSizes(String)

    var description: String {
        switch self {
        case .invalidSizes(let text):
            "SCALING_SIZES must be whole numbers of movies from 1 to \(ScalingSuite.largestSize) separated by "
                + "commas (like 10000,100000), not '\(text)'"
        }
    }
}
