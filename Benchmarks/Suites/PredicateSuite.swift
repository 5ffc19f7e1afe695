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
/// - `fetch-objects-100k`: the same fetch through the whole stack (a context's `fetch` with the
///   predicate and a sort by name, reading both attributes of every object), against a prepared
///   raw SQLite statement with the equivalent `WHERE` and `ORDER BY` reading every selected column
///   into Swift values (issue #3: at most 2× raw).
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
    /// How many timed runs the full-stack fetch makes (`BENCH_RUNS`, 5 unless set), as the
    /// objectgraph suite's cases do.
    private static let objectFetchRuns = Int(ProcessInfo.processInfo.environment["BENCH_RUNS"] ?? "") ?? 5
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
        let url = directory.appendingPathComponent("Movies.sqlite")
        let path = url.path
        // The store is made by a container, so the object-level fetch below can open it; the rows
        // are written with plain SQL because only reading is measured.
        _ = try PersistentContainer(name: "Movies", managedObjectModel: model).loadPersistentStore(at: url)
        let database = try Database(path: path)
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
            try database.execute("UPDATE Z_PRIMARYKEY SET Z_MAX = \(movieCount) WHERE Z_ENT = 1")
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
        try runObjectFetch(model: model, url: url, expectedCount: baseCount)
    }

    /// The full-stack fetch: predicate, sort and every attribute of every object, against raw SQL.
    private static func runObjectFetch(model: ManagedObjectModel, url: URL, expectedCount: Int) throws {
        let container = PersistentContainer(name: "Movies", managedObjectModel: model)
        try container.loadPersistentStore(at: url)
        let raw = try RawMovieQuery(path: url.path)
        var oursChecksum = 0
        var baseChecksum = 0
        // The two sides alternate run by run, so a change in the shared machine's load weighs on both alike.
        let (ours, base) = try pairedMedians(runs: objectFetchRuns) {
            let context = ManagedObjectContext(
                concurrencyType: .mainQueue, coordinator: container.persistentStoreCoordinator)
            let request = FetchRequest(entityName: "Movie")
            request.predicate = try ObjectPredicate(format: format)
            request.sortDescriptors = [ObjectSortDescriptor(key: "name")]
            let movies = try context.fetch(request)
            oursChecksum = movies.count
            for movie in movies {
                oursChecksum &+= (movie.value(forKey: "name") as? String)?.utf8.count ?? 0
                oursChecksum &+= movie.value(forKey: "year") as? Int ?? 0
            }
            return (context, movies)
        } base: {
            let (checksum, rows) = raw.run()
            baseChecksum = checksum
            return rows
        }
        guard oursChecksum == baseChecksum, expectedCount > 0 else {
            throw BenchmarkMismatch(
                message: "fetch-objects-100k: objects give checksum \(oursChecksum), raw SQL \(baseChecksum)")
        }
        Measurement.report(
            suite: "predicate", name: "fetch-objects-100k", ours: ours, base: base, runs: objectFetchRuns)
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

    /// Times `ours` and `base` alternately, once each to warm up and then `runs` times; the
    /// median of each side's times in milliseconds. What each run returns (its objects or rows)
    /// is let go after the clock stops: freeing results is not part of fetching them.
    private static func pairedMedians(
        runs: Int = 5, ours: () throws -> Any, base: () throws -> Any
    ) throws -> (ours: Double, base: Double) {
        func time(_ body: () throws -> Any) throws -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            let result = try body()
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
            withExtendedLifetime(result) {}
            return elapsed
        }
        _ = try ours()
        _ = try base()
        var oursSamples: [Double] = []
        var baseSamples: [Double] = []
        for _ in 0..<runs {
            oursSamples.append(try time(ours))
            baseSamples.append(try time(base))
        }
        return (oursSamples.sorted()[runs / 2], baseSamples.sorted()[runs / 2])
    }

    /// The hand-written baseline of the full-stack fetch: one connection and one prepared
    /// statement, made before timing starts, stepped once per run.
    private final class RawMovieQuery {
        private var handle: OpaquePointer?
        private var statement: OpaquePointer?

        init(path: String) throws {
            let sql =
                "SELECT Z_PK, Z_ENT, Z_OPT, ZNAME, ZYEAR FROM ZMOVIE "
                + "WHERE ZYEAR > ? AND ZNAME LIKE ? ORDER BY ZNAME"
            guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK,
                sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK
            else { throw BenchmarkMismatch(message: "fetch-objects-100k: cannot prepare the raw query on \(path)") }
        }

        deinit {
            sqlite3_finalize(statement)
            sqlite3_close_v2(handle)
        }

        /// One row, every column in a Swift value.
        typealias Row = (key: Int64, entity: Int64, version: Int64, name: String?, year: Int)

        /// Runs the query, reading every column of every row; the same checksum as the objects
        /// give, and the rows.
        func run() -> (checksum: Int, rows: [Row]) {
            sqlite3_bind_int64(statement, 1, 2000)
            sqlite3_bind_text(statement, 2, "a%", -1, csqlite_transient())
            defer { sqlite3_reset(statement) }
            var rows: [Row] = []
            while sqlite3_step(statement) == SQLITE_ROW {
                let name = sqlite3_column_text(statement, 3).map { String(cString: $0) }
                rows.append(
                    (
                        sqlite3_column_int64(statement, 0), sqlite3_column_int64(statement, 1),
                        sqlite3_column_int64(statement, 2), name, Int(sqlite3_column_int64(statement, 4))
                    ))
            }
            var checksum = rows.count
            for row in rows {
                checksum &+= row.name?.utf8.count ?? 0
                checksum &+= row.year
            }
            return (checksum, rows)
        }
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
