import TestSupport
import Testing

/// The `scaling` suite of `companion-bench` run the way `make bench SUITE=scaling` runs it, at
/// sizes small enough for a test: what it prints, never how fast anything was.
@Suite struct ScalingSuiteTests {
    private static let sizes = [30, 60]

    private static func runSuite(sizes: String) throws -> ProcessOutcome {
        try ProductRunner.run(
            "companion-bench", environment: ["SUITE": "scaling", "SCALING_SIZES": sizes, "BENCH_RUNS": "1"])
    }

    @Test func eachCaseAtEachSizePrintsItsBenchLine() throws {
        let outcome = try Self.runSuite(sizes: Self.sizes.map(String.init).joined(separator: ","))
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let benchLines = outcome.standardOutput.split(separator: "\n").filter { $0.hasPrefix("BENCH ") }
        for size in Self.sizes {
            let names = [
                "insert_\(size)_movies_and_save", "fetch_\(size)_sorted_read_all",
                "cascade_delete_theater_\(size)_movies",
            ]
            for name in names {
                let line = benchLines.first { $0.hasPrefix("BENCH scaling/\(name) ") }
                let found = try #require(line, "no BENCH line for \(name) in \(outcome.standardOutput)")
                #expect(found.contains(" ratio=") && found.contains(" runs=1"), "\(found)")
            }
        }
        let fetch = try #require(benchLines.first { $0.hasPrefix("BENCH scaling/fetch_30_sorted_read_all ") })
        #expect(fetch.contains(" peak_mb=") && fetch.contains(" floor_mb="), "\(fetch)")
    }

    @Test func theSeriesEndsAsATableWithOneRowPerSize() throws {
        let outcome = try Self.runSuite(sizes: Self.sizes.map(String.init).joined(separator: ","))
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
        let header = try #require(
            lines.firstIndex(of: "| movies | insert | fetch | cascade | fetch bytes/object | added bytes/object |"))
        #expect(lines.count > header + 1 + Self.sizes.count)
        let rows = lines.dropFirst(header + 2).prefix(Self.sizes.count)
        for (row, size) in zip(rows, Self.sizes) {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            try #require(cells.count == 6, "\(row)")
            #expect(cells[0] == String(size))
            // Three ratios, then whole bytes (the memory of a handful of objects can be below the floor's noise).
            #expect(cells[1...3].allSatisfy { (Double($0) ?? -1) > 0 }, "\(row)")
            #expect(Int(cells[4]) != nil, "\(row)")
            // What each movie added since the previous size; the first size has none.
            #expect(size == Self.sizes.first ? cells[5] == "–" : Int(cells[5]) != nil, "\(row)")
        }
        let spread = try #require(lines.last)
        #expect(spread.hasPrefix("scaling: spread across the sizes (largest ÷ smallest): insert "), "\(spread)")
    }

    @Test(arguments: ["ten", "100,", "0", "100,,200", "-5"])
    func sizesThatAreNotWholeNumbersOfMoviesAreOneLineAndStatusOne(sizes: String) throws {
        let outcome = try Self.runSuite(sizes: sizes)
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.isEmpty)
        #expect(
            outcome.standardError == "companion-bench: scaling: SCALING_SIZES must be whole numbers of movies from 1 "
                + "to 10000000 separated by commas (like 10000,100000), not '\(sizes)'\n")
    }
}
