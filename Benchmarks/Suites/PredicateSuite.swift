import CSQLite
import Foundation
import ObjectGraph
import SQLite

/// The `predicate` benchmark suite (`make bench SUITE=predicate`): the predicate language's two back
/// ends against hand-written work in the same run.
///
/// - `sql-fetch-100k`: `year > 2000 AND name BEGINSWITH[c] "a"` sorted by name over 100,000 movies:
///   compiling the predicate, preparing and stepping through the wrapper, against raw SQLite C calls
///   running `ZYEAR > 2000 AND ZNAME LIKE 'a%'` (the hand-written equivalent for ASCII names).
/// - `memory-filter-100k`: the same predicate evaluated in memory over 100,000 objects, against a
///   hand-written Swift closure doing the same comparisons.
/// - `parse-10k`: parsing 10,000 predicate format strings, against splitting the same strings into
///   words (a floor for any tokenizer).
enum PredicateSuite {
    static let suite = BenchmarkSuite(name: "predicate") {
        try runSQLFetch()
        runMemoryFilter()
        try runParse()
    }

    private static let movieCount = 100_000
    private static let format = #"year > 2000 AND name BEGINSWITH[c] "a""#

    private static func movieName(_ index: Int) -> String {
        let first = ["alpha", "Avatar", "beta", "Casablanca", "delta", "Amélie", "zulu", "arrival"][index % 8]
        return "\(first) \(index)"
    }

    private static func movieYear(_ index: Int) -> Int { 1950 + (index * 7919) % 75 }

    // MARK: - SQL

    private static func runSQLFetch() throws {
        let movie = EntityDescription(
            name: "Movie",
            properties: [
                AttributeDescription(name: "name", type: .string),
                AttributeDescription(name: "year", type: .integer32),
            ])
        let model = try ManagedObjectModel(entities: [movie])
        let layout = SQLiteLayout(model: model)
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("predicate-bench-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("Movies.sqlite").path
        let database = try Database(path: path)
        for statement in layout.createStatements { try database.execute(statement) }
        try registerPredicateFunctions(on: database)
        try database.transaction {
            let insert = try database.prepare(
                "INSERT INTO ZMOVIE(Z_PK, Z_ENT, Z_OPT, ZNAME, ZYEAR) VALUES(?, 1, 1, ?, ?)")
            for index in 0..<movieCount {
                try insert.bind([
                    .integer(Int64(index + 1)), .text(movieName(index)), .integer(Int64(movieYear(index))),
                ])
                try insert.run()
                insert.reset()
            }
        }

        var oursCount = 0
        let ours = try Measurement.medianMilliseconds {
            let predicate = try ObjectPredicate(format: format)
            let sql = try predicate.sql(for: movie, layout: layout)
            let statement = try database.prepare(
                "SELECT t0.Z_PK, t0.Z_OPT, t0.ZNAME, t0.ZYEAR FROM ZMOVIE t0"
                    + sql.joinClause + " WHERE " + sql.whereClause + " ORDER BY t0.ZNAME")
            try statement.bind(sql.bindings)
            oursCount = 0
            while try statement.step() {
                _ = statement.int64(at: 0)
                _ = statement.string(at: 2)
                oursCount += 1
            }
        }
        var baseCount = 0
        let base = Measurement.medianMilliseconds {
            baseCount = rawFetch(path: path)
        }
        guard oursCount == baseCount, oursCount > 0 else {
            throw BenchmarkMismatch(message: "sql-fetch-100k: predicate found \(oursCount) rows, raw SQL \(baseCount)")
        }
        Measurement.report(suite: "predicate", name: "sql-fetch-100k", ours: ours, base: base, runs: 5)
    }

    /// The hand-written baseline: C calls only, on its own connection.
    private static func rawFetch(path: String) -> Int {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else { return -1 }
        defer { sqlite3_close_v2(handle) }
        var statement: OpaquePointer?
        let sql = "SELECT Z_PK, Z_OPT, ZNAME, ZYEAR FROM ZMOVIE WHERE ZYEAR > ? AND ZNAME LIKE ? ORDER BY ZNAME"
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else { return -1 }
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_int64(statement, 1, 2000)
        sqlite3_bind_text(statement, 2, "a%", -1, csqlite_transient())
        var count = 0
        while sqlite3_step(statement) == SQLITE_ROW {
            _ = sqlite3_column_int64(statement, 0)
            if let text = sqlite3_column_text(statement, 2) { _ = String(cString: text) }
            count += 1
        }
        return count
    }

    // MARK: - Memory

    private struct Movie: KeyValueReadable {
        let name: String
        let year: Int

        func value(forKey key: String) -> Any? {
            switch key {
            case "name": return name
            case "year": return year
            default: return nil
            }
        }
    }

    private static func runMemoryFilter() {
        let movies = (0..<movieCount).map { Movie(name: movieName($0), year: movieYear($0)) }
        guard let predicate = try? ObjectPredicate(format: format) else { return }
        var oursCount = 0
        let ours = Measurement.medianMilliseconds { oursCount = movies.filter(predicate).count }
        var baseCount = 0
        let base = Measurement.medianMilliseconds {
            baseCount =
                movies.filter { movie in
                    movie.year > 2000 && movie.name.folding(options: .caseInsensitive, locale: nil).hasPrefix("a")
                }.count
        }
        if oursCount != baseCount { print("BENCH-NOTE predicate/memory-filter-100k: \(oursCount) != \(baseCount)") }
        Measurement.report(suite: "predicate", name: "memory-filter-100k", ours: ours, base: base, runs: 5)
    }

    // MARK: - Parsing

    private static func runParse() throws {
        let formats = (0..<10_000).map { index in
            "year > \(index) AND (name BEGINSWITH[cd] 'a\(index)' OR ANY movies.actors.name == \"x\") AND "
                + "SUBQUERY(movies, $m, $m.year BETWEEN {1, \(index)}).@count > 2"
        }
        let ours = try Measurement.medianMilliseconds {
            for format in formats { _ = try ObjectPredicate(format: format) }
        }
        let base = Measurement.medianMilliseconds {
            var words = 0
            for format in formats { words += format.split(whereSeparator: { $0 == " " || $0 == "(" }).count }
            if words == 0 { print("BENCH-NOTE predicate/parse-10k: no words") }
        }
        Measurement.report(suite: "predicate", name: "parse-10k", ours: ours, base: base, runs: 5)
    }
}

/// A benchmark whose two sides disagree: the measurement would be meaningless.
private struct BenchmarkMismatch: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
