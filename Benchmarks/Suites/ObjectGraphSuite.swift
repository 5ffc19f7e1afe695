import CSQLite
import Foundation
import ObjectGraph

#if canImport(Glibc)
    import Glibc
#endif

/// The `objectgraph` benchmark suite (`make bench SUITE=objectgraph`, DESIGN.md §7).
///
/// ObjectGraph against hand-written SQLite C calls doing the same work on the same machine in
/// the same run: insert 100,000 movies (four attributes and a to-one) and save; fetch them all
/// sorted by name reading every attribute; delete a theater with 10,000 movies by cascade and
/// save; and the peak memory of holding the 100,000 fetched objects.
enum ObjectGraphSuite {
    static let suite = BenchmarkSuite(name: "objectgraph") {
        try ObjectGraphBenchmark().run()
    }
}

/// One run of the suite: its scratch directory, model and sizes.
private struct ObjectGraphBenchmark {
    let movieCount = Int(ProcessInfo.processInfo.environment["BENCH_MOVIES"] ?? "") ?? 100_000
    let cascadeCount = Int(ProcessInfo.processInfo.environment["BENCH_CASCADE"] ?? "") ?? 10_000
    let runs = Int(ProcessInfo.processInfo.environment["BENCH_RUNS"] ?? "") ?? 5
    let directory: URL
    let model: ManagedObjectModel

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "objectgraph-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        model = try Self.benchmarkModel()
        SQLDebugLog.shared.level = 0
    }

    /// Theater ⟷ Movie; a movie has four attributes and a to-one theater.
    static func benchmarkModel() throws -> ManagedObjectModel {
        try ManagedObjectModel(entities: [
            EntityDescription(
                name: "Movie",
                properties: [
                    AttributeDescription(name: "name", type: .string),
                    AttributeDescription(name: "year", type: .integer32),
                    AttributeDescription(name: "rating", type: .double),
                    AttributeDescription(name: "released", type: .date),
                    RelationshipDescription(name: "theater", destinationEntityName: "Theater", inverseName: "movies"),
                ]),
            EntityDescription(
                name: "Theater",
                properties: [
                    AttributeDescription(name: "name", type: .string),
                    RelationshipDescription(
                        name: "movies", destinationEntityName: "Movie", inverseName: "theater", isToMany: true,
                        deleteRule: .cascade),
                ]),
        ])
    }

    func run() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let only = ProcessInfo.processInfo.environment["BENCH_ONLY"] ?? ""
        if only.isEmpty || only == "insert" { try benchmarkInsert() }
        if only.isEmpty || only == "fetch" { try benchmarkFetch() }
        if only.isEmpty || only == "cascade" { try benchmarkCascadeDelete() }
    }

    // MARK: - Cases

    private func benchmarkInsert() throws {
        // Both sides stop the clock once the save has committed: closing the stack afterwards
        // (ObjectGraph letting go of its 100,000 objects, SQLite checkpointing its log on close)
        // is not part of inserting and saving, as freeing the fetched objects is not part of the
        // fetch below. What the teardown costs is printed beside the result.
        var teardown: [Double] = []
        let (ours, base) = try pairedMedians { index in
            let url = fresh("insert-ours-\(index)")
            let start = DispatchTime.now()
            let saved = try insertWithObjectGraph(at: url, count: movieCount)
            teardown.append(milliseconds(from: start) - saved)
            return saved
        } base: { index in
            let url = fresh("insert-base-\(index)")
            return try RawSQLite.insertMovies(at: url, layout: SQLiteLayout(model: model), count: movieCount)
        }
        Measurement.report(
            suite: "objectgraph", name: "insert_\(movieCount)_movies_and_save", ours: ours, base: base, runs: runs)
        print(
            "# objectgraph/insert_\(movieCount)_movies_and_save: letting the context and its objects go afterwards "
                + "took \(String(format: "%.1f", Self.median(of: teardown))) ms more (median, not timed above)")
    }

    private func benchmarkFetch() throws {
        let url = fresh("fetch")
        try insertWithObjectGraph(at: url, count: movieCount)
        let baseline: (Int) throws -> Double = { _ in
            try timed {
                let checksum = try RawSQLite.fetchMovies(at: url)
                precondition(checksum > 0)
            }
        }
        // First touch: the heap freed so far is handed back to the system before each run, so
        // the peak is this fetch's own and every object lands on a page new to the process.
        var peak = 0.0
        let (firstTouch, firstTouchBase) = try pairedMedians(
            ours: { _ in
                Measurement.resetPeakMemory()
                return try timedFetch(at: url) { peak = max(peak, Measurement.peakMemoryMiB()) }
            }, base: baseline)
        // The result: runs that reuse the memory earlier runs freed, as the insert and cascade
        // cases do and as an app fetching again does.
        let (ours, base) = try pairedMedians(ours: { _ in try timedFetch(at: url) {} }, base: baseline)
        let name = "fetch_\(movieCount)_sorted_read_all"
        Measurement.report(suite: "objectgraph", name: name, ours: ours, base: base, runs: runs, peakMiB: peak)
        print(
            "# objectgraph/\(name): on memory new to the process (freed memory handed back to the system "
                + "before each run; the peak above is from these runs) it took \(String(format: "%.1f", firstTouch)) ms "
                + "against \(String(format: "%.1f", firstTouchBase)) ms: \(String(format: "%.3f", firstTouch / firstTouchBase))×"
        )
    }

    /// Opens the store, fetches every movie sorted by name reading each attribute, calls
    /// `whileHeld` while the objects are still held, and returns the fetch's time. Opening and
    /// letting the objects go afterwards are not timed, as freeing is not part of a fetch.
    private func timedFetch(at url: URL, whileHeld: () -> Void) throws -> Double {
        let container = try openContainer(at: url)
        let start = DispatchTime.now()
        let (checksum, movies) = try fetchAllWithObjectGraph(container.viewContext)
        let elapsed = milliseconds(from: start)
        precondition(checksum > 0)
        whileHeld()
        withExtendedLifetime(movies) {}
        return elapsed
    }

    private func benchmarkCascadeDelete() throws {
        // Each side opens its store before the clock starts and stops it when the delete has
        // committed (closing, where SQLite checkpoints its log, is not timed), as in the insert.
        //
        // The baseline does the same work as the context, as the insert and fetch baselines do:
        // it runs by hand the statements Core Data runs for this cascade. A delete must know each
        // row's version and delete it `WHERE Z_PK = ? AND Z_OPT = ?` (DESIGN §3.3), so that a
        // change another context or process saved meanwhile is a conflict, not silently lost.
        // One set-based `DELETE … WHERE ZTHEATER IN (…)` checks no versions: it is measured too,
        // and reported beside the result as what skipping optimistic locking would save.
        var setBased: [Double] = []
        var statementPhases: [RawSQLite.CascadePhases] = []
        let (ours, base) = try pairedMedians { index in
            let url = fresh("cascade-ours-\(index)")
            try insertWithObjectGraph(at: url, count: cascadeCount)
            let container = try openContainer(at: url)
            let context = container.viewContext
            return try timed {
                let theaters = try context.fetch(FetchRequest(entityName: "Theater"))
                for theater in theaters { context.delete(theater) }
                try context.save()
            }
        } base: { index in
            let setBasedURL = fresh("cascade-set-based-\(index)")
            try insertWithObjectGraph(at: setBasedURL, count: cascadeCount)
            setBased.append(try RawSQLite.timedOnOpenStore(setBasedURL, RawSQLite.cascadeDeleteTheaterSetBased))
            let url = fresh("cascade-base-\(index)")
            try insertWithObjectGraph(at: url, count: cascadeCount)
            return try RawSQLite.timedOnOpenStore(url) { handle in
                statementPhases.append(try RawSQLite.cascadeDeleteAsCoreDataDoes(handle))
            }
        }
        let name = "cascade_delete_theater_\(cascadeCount)_movies"
        Measurement.report(suite: "objectgraph", name: name, ours: ours, base: base, runs: runs)
        print(
            "# objectgraph/\(name): of the baseline, reading the members' rows took "
                + "\(String(format: "%.1f", Self.median(of: statementPhases.map(\.readingRows)))) ms and the "
                + "per-row deletes \(String(format: "%.1f", Self.median(of: statementPhases.map(\.deletingRows)))) ms")
        let unlocked = Self.median(of: setBased)
        let floor = ObjectBookkeepingFloor.medianMilliseconds(count: cascadeCount, runs: runs)
        print(
            "# objectgraph/\(name): one set-based DELETE with no version checks took "
                + "\(String(format: "%.1f", unlocked)) ms: the baseline's statements are "
                + "\(String(format: "%.2f", base / unlocked))× that, ObjectGraph \(String(format: "%.2f", ours / unlocked))×, "
                + "and the least bookkeeping a context can do for \(cascadeCount) deleted objects (make each object and ID, "
                + "register and unregister it, put both in the did-save sets, free them; plain Swift) "
                + "\(String(format: "%.1f", floor)) ms more (medians)")
    }

    // MARK: - ObjectGraph work

    private func openContainer(at url: URL) throws -> PersistentContainer {
        let container = PersistentContainer(name: "Bench", managedObjectModel: model)
        try container.loadPersistentStore(at: url)
        return container
    }

    /// Inserts `count` movies of one theater into a new store and saves; returns the time from
    /// the start until the save committed (the stack is let go after that).
    @discardableResult
    private func insertWithObjectGraph(at url: URL, count: Int) throws -> Double {
        let start = DispatchTime.now()
        let container = try openContainer(at: url)
        let context = container.viewContext
        let theater = try context.insertNewObject(forEntityName: "Theater")
        theater.setValue("Odeon", forKey: "name")
        for index in 0..<count {
            let movie = try context.insertNewObject(forEntityName: "Movie")
            let values = MovieValues(index: index)
            movie.setValue(values.name, forKey: "name")
            movie.setValue(values.year, forKey: "year")
            movie.setValue(values.rating, forKey: "rating")
            movie.setValue(values.released, forKey: "released")
            movie.setValue(theater, forKey: "theater")
        }
        try context.save()
        return milliseconds(from: start)
    }

    /// Fetches every movie sorted by name and reads each attribute and the to-one's key.
    private func fetchAllWithObjectGraph(_ context: ManagedObjectContext) throws -> (Int, [ManagedObject]) {
        let request = FetchRequest(entityName: "Movie")
        request.sortDescriptors = [ObjectSortDescriptor(key: "name")]
        let movies = try context.fetch(request)
        var checksum = 0
        for movie in movies {
            checksum &+= (movie.value(forKey: "name") as? String)?.utf8.count ?? 0
            checksum &+= movie.value(forKey: "year") as? Int ?? 0
            checksum &+= Int(movie.value(forKey: "rating") as? Double ?? 0)
            checksum &+= Int((movie.value(forKey: "released") as? Date)?.timeIntervalSinceReferenceDate ?? 0)
            checksum &+= (movie.value(forKey: "theater") as? ManagedObject) == nil ? 0 : 1
        }
        return (checksum, movies)
    }

    // MARK: - Timing

    /// Runs each side once to warm up, then both `runs` times more, alternating, so a change in
    /// the machine's load (it is shared) weighs on both sides alike; the median of each side's times.
    private func pairedMedians(
        ours: (Int) throws -> Double, base: (Int) throws -> Double
    ) throws -> (ours: Double, base: Double) {
        _ = try ours(0)
        _ = try base(0)
        var oursSamples: [Double] = []
        var baseSamples: [Double] = []
        for index in 1...runs {
            oursSamples.append(try ours(index))
            baseSamples.append(try base(index))
        }
        return (Self.median(of: oursSamples), Self.median(of: baseSamples))
    }

    private static func median(of samples: [Double]) -> Double {
        samples.sorted()[samples.count / 2]
    }

    private func timed(_ body: () throws -> Void) throws -> Double {
        let start = DispatchTime.now()
        try body()
        return milliseconds(from: start)
    }

    private func fresh(_ name: String) -> URL {
        let url = directory.appendingPathComponent(name + ".sqlite")
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
        return url
    }
}

/// The attribute values of movie number `index`, the same for both sides.
private struct MovieValues {
    var name: String
    var year: Int
    var rating: Double
    var released: Date

    init(index: Int) {
        // A scrambled order so the sort has work to do.
        name = "Movie \((index &* 7_919) % 1_000_003)"
        year = 1950 + index % 75
        rating = Double(index % 100) / 10
        released = Date(timeIntervalSinceReferenceDate: Double(index) * 86_400)
    }
}

/// The baseline: what a careful programmer writes with SQLite's C API for the same work.
private enum RawSQLite {
    static func open(_ url: URL) throws -> OpaquePointer {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(url.path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK,
            let handle
        else { throw RawError(message: "cannot open \(url.path)") }
        return handle
    }

    static func exec(_ handle: OpaquePointer, _ sql: String) throws {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
            throw RawError(message: String(cString: sqlite3_errmsg(handle)))
        }
    }

    static func prepare(_ handle: OpaquePointer, _ sql: String) throws -> OpaquePointer {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw RawError(message: String(cString: sqlite3_errmsg(handle)))
        }
        return statement
    }

    /// Same tables as Core Data's (WAL, auto_vacuum), one theater, `count` movies, one
    /// transaction; returns the time from the start until the commit (closing comes after).
    static func insertMovies(at url: URL, layout: SQLiteLayout, count: Int) throws -> Double {
        let start = DispatchTime.now()
        let handle = try open(url)
        defer { sqlite3_close(handle) }
        try exec(handle, "PRAGMA page_size=4096; PRAGMA auto_vacuum=2; PRAGMA journal_mode=wal")
        try exec(handle, "BEGIN EXCLUSIVE")
        for statement in layout.createStatements { try exec(handle, statement) }
        try exec(handle, "INSERT INTO ZTHEATER(Z_PK, Z_ENT, Z_OPT, ZNAME) VALUES(1, 2, 1, 'Odeon')")
        let insert = try prepare(
            handle,
            "INSERT INTO ZMOVIE(Z_PK, Z_ENT, Z_OPT, ZYEAR, ZTHEATER, ZRATING, ZRELEASED, ZNAME) VALUES(?, 1, 1, ?, 1, ?, ?, ?)"
        )
        defer { sqlite3_finalize(insert) }
        for index in 0..<count {
            let values = MovieValues(index: index)
            sqlite3_bind_int64(insert, 1, Int64(index + 1))
            sqlite3_bind_int64(insert, 2, Int64(values.year))
            sqlite3_bind_double(insert, 3, values.rating)
            sqlite3_bind_double(insert, 4, values.released.timeIntervalSinceReferenceDate)
            sqlite3_bind_text(insert, 5, values.name, -1, csqlite_transient())
            guard sqlite3_step(insert) == SQLITE_DONE else {
                throw RawError(message: String(cString: sqlite3_errmsg(handle)))
            }
            sqlite3_reset(insert)
        }
        try exec(handle, "COMMIT")
        return milliseconds(from: start)
    }

    /// Every movie sorted by name, each column read into a Swift value.
    static func fetchMovies(at url: URL) throws -> Int {
        let handle = try open(url)
        defer { sqlite3_close(handle) }
        let select = try prepare(
            handle, "SELECT Z_PK, Z_OPT, ZNAME, ZRATING, ZRELEASED, ZYEAR, ZTHEATER FROM ZMOVIE ORDER BY ZNAME")
        defer { sqlite3_finalize(select) }
        var checksum = 0
        while sqlite3_step(select) == SQLITE_ROW {
            checksum &+= Int(sqlite3_column_int64(select, 0) + sqlite3_column_int64(select, 1))
            if let text = sqlite3_column_text(select, 2) {
                let name = String(cString: text)
                checksum &+= name.utf8.count
            }
            checksum &+= Int(sqlite3_column_double(select, 3))
            checksum &+= Int(sqlite3_column_double(select, 4))
            checksum &+= Int(sqlite3_column_int64(select, 5))
            checksum &+= Int(sqlite3_column_int64(select, 6))
        }
        return checksum
    }

    /// Opens `url`, then times `work` on the open connection; the connection is closed after the
    /// clock stops.
    static func timedOnOpenStore(_ url: URL, _ work: (OpaquePointer) throws -> Void) throws -> Double {
        let handle = try open(url)
        defer { sqlite3_close(handle) }
        let start = DispatchTime.now()
        try work(handle)
        return milliseconds(from: start)
    }

    /// Deletes the theater and its movies in one transaction, set-based, checking no row's
    /// version: what a programmer writing SQL by hand with no other writer in mind would do.
    static func cascadeDeleteTheaterSetBased(_ handle: OpaquePointer) throws {
        try exec(handle, "BEGIN EXCLUSIVE")
        try exec(handle, "DELETE FROM ZMOVIE WHERE ZTHEATER IN (SELECT Z_PK FROM ZTHEATER)")
        try exec(handle, "DELETE FROM ZTHEATER")
        try exec(handle, "COMMIT")
    }

    /// The statements Core Data runs for the same cascade: read the theaters, read their movies'
    /// rows (a delete must know each row's version), then delete each row by key and version
    /// (`Z_PK = ? AND Z_OPT = ?`, optimistic locking) in one transaction.
    static func cascadeDeleteAsCoreDataDoes(_ handle: OpaquePointer) throws -> CascadePhases {
        let start = DispatchTime.now()
        let theaters = try rows(
            handle, "SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZNAME FROM ZTHEATER t0", binding: [])
        var movies: [(key: Int64, version: Int64)] = []
        for theater in theaters {
            movies += try rows(
                handle,
                "SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZNAME, t0.ZRATING, t0.ZRELEASED, t0.ZYEAR, t0.ZTHEATER "
                    + "FROM ZMOVIE t0 WHERE  t0.ZTHEATER IN (?)", binding: [theater.key])
        }
        let read = DispatchTime.now()
        try exec(handle, "BEGIN EXCLUSIVE")
        try deleteByKeyAndVersion(handle, table: "ZMOVIE", movies)
        let deleted = DispatchTime.now()
        try deleteByKeyAndVersion(handle, table: "ZTHEATER", theaters)
        try exec(handle, "COMMIT")
        return CascadePhases(
            readingRows: milliseconds(from: start, to: read), deletingRows: milliseconds(from: read, to: deleted))
    }

    /// How long two phases of ``cascadeDeleteAsCoreDataDoes(_:)`` took, in milliseconds.
    struct CascadePhases {
        /// Reading the theaters' and their movies' rows.
        var readingRows: Double
        /// Beginning the transaction and deleting the movies row by row.
        var deletingRows: Double
    }

    /// The key and version of each row `sql` selects (its columns 1 and 2); every other column is
    /// read as Core Data would read it into a row.
    private static func rows(_ handle: OpaquePointer, _ sql: String, binding keys: [Int64]) throws
        -> [(key: Int64, version: Int64)]
    {
        let statement = try prepare(handle, sql)
        defer { sqlite3_finalize(statement) }
        for (index, key) in keys.enumerated() { sqlite3_bind_int64(statement, Int32(index + 1), key) }
        var result: [(key: Int64, version: Int64)] = []
        let columns = sqlite3_column_count(statement)
        while sqlite3_step(statement) == SQLITE_ROW {
            result.append((sqlite3_column_int64(statement, 1), sqlite3_column_int64(statement, 2)))
            for column in 3..<max(columns, 3) {
                switch sqlite3_column_type(statement, column) {
                case SQLITE_TEXT: _ = String(cString: sqlite3_column_text(statement, column))
                case SQLITE_FLOAT: _ = sqlite3_column_double(statement, column)
                default: _ = sqlite3_column_int64(statement, column)
                }
            }
        }
        return result
    }

    /// `DELETE FROM <table> WHERE Z_PK = ? AND Z_OPT = ?` for each row, failing when a row's
    /// version no longer matches (another writer changed it).
    private static func deleteByKeyAndVersion(
        _ handle: OpaquePointer, table: String, _ rows: [(key: Int64, version: Int64)]
    ) throws {
        let delete = try prepare(handle, "DELETE FROM \(table) WHERE Z_PK = ? AND Z_OPT = ?")
        defer { sqlite3_finalize(delete) }
        for row in rows {
            sqlite3_bind_int64(delete, 1, row.key)
            sqlite3_bind_int64(delete, 2, row.version)
            guard sqlite3_step(delete) == SQLITE_DONE, sqlite3_changes(handle) == 1 else {
                throw RawError(message: "\(table) row \(row.key) changed under the delete")
            }
            sqlite3_reset(delete)
        }
    }

    struct RawError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}

/// The milliseconds from `start` to `end` (now, by default).
private func milliseconds(from start: DispatchTime, to end: DispatchTime = .now()) -> Double {
    Double(end.uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000
}
