import Foundation
import ObjectGraph

/// What one objectgraph case measured: the medians of ObjectGraph and of its baseline, and for
/// the fetch the memory of holding the fetched objects.
struct ObjectGraphFigures {
    /// ObjectGraph's median, in milliseconds.
    var ours: Double
    /// The baseline's median, in milliseconds.
    var base: Double
    /// The peak resident memory while the fetched objects were held, in MiB (the fetch only).
    var peakMiB: Double?
    /// The resident memory just before that fetch began, in MiB (the fetch only).
    var floorMiB: Double?
    /// The resident memory once the fetch returned, its freed memory (SQLite's sorter, the row
    /// batches) handed back to the system, with the objects still held, in MiB (the fetch only).
    var heldMiB: Double?

    /// Ours ÷ baseline.
    var ratio: Double { base > 0 ? ours / base : .infinity }

    /// What each of `count` fetched objects cost above the floor, in bytes (the fetch only).
    func bytesPerObject(count: Int) -> Double? {
        guard let peakMiB, let floorMiB, count > 0 else { return nil }
        return (peakMiB - floorMiB) * 1_048_576 / Double(count)
    }

    /// What each of `count` fetched objects costs while held, in bytes: ``heldMiB`` above the
    /// floor (the fetch only).
    func heldBytesPerObject(count: Int) -> Double? {
        guard let heldMiB, let floorMiB, count > 0 else { return nil }
        return (heldMiB - floorMiB) * 1_048_576 / Double(count)
    }
}

/// The three cases, each printing its BENCH line and notes under the benchmark's suite name.
extension ObjectGraphBenchmark {
    /// Inserts `count` movies and saves, against the same inserts in hand-written C.
    func benchmarkInsert(count: Int) throws -> ObjectGraphFigures {
        // Both sides stop the clock once the save has committed: closing the stack afterwards
        // (ObjectGraph letting go of its objects, SQLite checkpointing its log on close) is not
        // part of inserting and saving, as freeing the fetched objects is not part of the fetch
        // below. What the teardown costs is printed beside the result.
        try checkBaselineStatements()
        var teardown: [Double] = []
        var constantsInline: [Double] = []
        let (ours, base) = try pairedMedians { _ in
            let url = fresh("insert-ours")
            let start = DispatchTime.now()
            let saved = try insertWithObjectGraph(at: url, count: count)
            teardown.append(milliseconds(from: start) - saved)
            return saved
        } base: { _ in
            let layout = SQLiteLayout(model: model)
            constantsInline.append(
                try RawSQLite.insertMovies(
                    at: fresh("insert-base-inline"), layout: layout, count: count, statement: .constantsInline))
            return try RawSQLite.insertMovies(at: fresh("insert-base"), layout: layout, count: count)
        }
        let name = "insert_\(count)_movies_and_save"
        Measurement.report(suite: suite, name: name, ours: ours, base: base, runs: runs)
        let inline = Measurement.median(of: constantsInline)
        print(
            "# \(suite)/\(name): letting the context and its objects go afterwards "
                + "took \(String(format: "%.1f", Measurement.median(of: teardown))) ms more (median, not timed above)")
        print(
            "# \(suite)/\(name): the baseline with the entity number, version and theater key written into "
                + "its SQL as constants (5 values bound a row, not the context's 8) took "
                + "\(String(format: "%.1f", inline)) ms: ObjectGraph \(String(format: "%.3f", ours / inline))× that (median)"
        )
        return ObjectGraphFigures(ours: ours, base: base)
    }

    /// Fetches `count` movies sorted by name reading every attribute, against the same select in
    /// hand-written C; with the memory of holding the objects.
    func benchmarkFetch(count: Int) throws -> ObjectGraphFigures {
        try checkBaselineStatements()
        let url = try filledStore("fetch-\(count)", count: count)
        func baseline(_ statement: RawSQLite.FetchStatement) throws -> Double {
            // Opened before the clock starts and closed after it stops, as ObjectGraph's store is.
            try RawSQLite.timedOnOpenStore(url) { handle in
                let checksum = try RawSQLite.fetchMovies(handle, statement: statement)
                precondition(checksum > 0)
            }
        }
        var withoutEntityColumn: [Double] = []
        // First touch: the heap freed so far is handed back to the system before each run, so
        // the peak is this fetch's own and every object lands on a page new to the process. The
        // floor is the resident size of that run just before its fetch began.
        var memory: (peak: Double, floor: Double, held: Double) = (0, 0, 0)
        let (firstTouch, firstTouchBase) = try pairedMedians(
            ours: { _ in
                Measurement.resetPeakMemory()
                return try timedFetch(at: url) { floor in
                    let peak = Measurement.peakMemoryMiB()
                    Measurement.returnFreedMemory()
                    let held = Measurement.residentMemoryMiB()
                    if peak > memory.peak { memory = (peak, floor, held) }
                }
            }, base: { _ in try baseline(.asTheContextRuns) })
        // The result: runs that reuse the memory earlier runs freed, as the insert and cascade
        // cases do and as an app fetching again does.
        let (ours, base) = try pairedMedians(
            ours: { _ in try timedFetch(at: url) { _ in } },
            base: { _ in
                withoutEntityColumn.append(try baseline(.withoutEntityColumn))
                return try baseline(.asTheContextRuns)
            })
        let name = "fetch_\(count)_sorted_read_all"
        Measurement.report(
            suite: suite, name: name, ours: ours, base: base, runs: runs, peakMiB: memory.peak, floorMiB: memory.floor)
        print(
            "# \(suite)/\(name): on memory new to the process (freed memory handed back to the system "
                + "before each run; the peak above is from these runs) it took \(String(format: "%.1f", firstTouch)) ms "
                + "against \(String(format: "%.1f", firstTouchBase)) ms: \(String(format: "%.3f", firstTouch / firstTouchBase))×"
        )
        let narrower = Measurement.median(of: withoutEntityColumn)
        print(
            "# \(suite)/\(name): the baseline's SELECT without Core Data's leading 0 column (one column less "
                + "through SQLite's sorter) took \(String(format: "%.1f", narrower)) ms: ObjectGraph "
                + "\(String(format: "%.3f", ours / narrower))× that (median)")
        // The same fetch read the way an app without typed subclasses reads: by key, casting each
        // `Any`. The casts are the app's code, the runtime's general cast each time.
        let (byKey, byKeyBase) = try pairedMedians(
            ours: { _ in try timedFetch(at: url, reading: .keyValueCast) { _ in } },
            base: { _ in try baseline(.asTheContextRuns) })
        print(
            "# \(suite)/\(name): read by value(forKey:) and as? instead of the typed value(forKey:as:) it took "
                + "\(String(format: "%.1f", byKey)) ms against \(String(format: "%.1f", byKeyBase)) ms: "
                + "\(String(format: "%.3f", byKey / byKeyBase))×")
        let figures = ObjectGraphFigures(
            ours: ours, base: base, peakMiB: memory.peak, floorMiB: memory.floor, heldMiB: memory.held)
        if let held = figures.heldBytesPerObject(count: count) {
            print(
                "# \(suite)/\(name): held once the fetch returned (SQLite's sorter and the row batches freed and "
                    + "trimmed): \(String(format: "%.1f", memory.held - memory.floor)) MiB above the floor, "
                    + "\(String(format: "%.0f", held)) bytes a movie")
        }
        return figures
    }

    /// Opens the store, fetches every movie sorted by name reading each attribute, calls
    /// `whileHeld` with the resident size just before the fetch (MiB) while the objects are still
    /// held, and returns the fetch's time. Opening and letting the objects go afterwards are not
    /// timed, as freeing is not part of a fetch.
    private func timedFetch(
        at url: URL, reading: ValueReading = .typed, whileHeld: (Double) -> Void
    ) throws -> Double {
        let container = try openContainer(at: url)
        let floor = Measurement.residentMemoryMiB()
        let start = DispatchTime.now()
        let (checksum, movies) = try fetchAllWithObjectGraph(container.viewContext, reading: reading)
        let elapsed = milliseconds(from: start)
        precondition(checksum > 0)
        whileHeld(floor)
        // The stack is let go only now: Swift may end a value's life at its last use, which
        // would tear the context down inside the timed fetch.
        withExtendedLifetime((container, movies)) {}
        return elapsed
    }

    /// Deletes a theater with `count` movies by cascade and saves, against Core Data's own
    /// statements for it in hand-written C; the set-based DELETE is printed beside it.
    func benchmarkCascadeDelete(count: Int) throws -> ObjectGraphFigures {
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
        let (ours, base) = try pairedMedians { _ in
            let url = try filledStore("cascade-ours", count: count)
            let container = try openContainer(at: url)
            let context = container.viewContext
            return try Measurement.timed {
                let theaters = try context.fetch(FetchRequest(entityName: "Theater"))
                for theater in theaters { context.delete(theater) }
                try context.save()
            }
        } base: { _ in
            let setBasedURL = try filledStore("cascade-set-based", count: count)
            setBased.append(try RawSQLite.timedOnOpenStore(setBasedURL, RawSQLite.cascadeDeleteTheaterSetBased))
            let url = try filledStore("cascade-base", count: count)
            return try RawSQLite.timedOnOpenStore(url) { handle in
                statementPhases.append(try RawSQLite.cascadeDeleteAsCoreDataDoes(handle))
            }
        }
        let name = "cascade_delete_theater_\(count)_movies"
        Measurement.report(suite: suite, name: name, ours: ours, base: base, runs: runs)
        print(
            "# \(suite)/\(name): of the baseline, reading the members' rows took "
                + "\(String(format: "%.1f", Measurement.median(of: statementPhases.map(\.readingRows)))) ms and the "
                + "per-row deletes \(String(format: "%.1f", Measurement.median(of: statementPhases.map(\.deletingRows)))) ms"
        )
        let unlocked = Measurement.median(of: setBased)
        let floor = ObjectBookkeepingFloor.medianMilliseconds(count: count, runs: runs)
        print(
            "# \(suite)/\(name): one set-based DELETE with no version checks took "
                + "\(String(format: "%.1f", unlocked)) ms: the baseline's statements are "
                + "\(String(format: "%.2f", base / unlocked))× that, ObjectGraph \(String(format: "%.2f", ours / unlocked))×, "
                + "and the least bookkeeping a context can do for \(count) deleted objects (make each object and ID, "
                + "register and unregister it, put both in the did-save sets, free them; plain Swift) "
                + "\(String(format: "%.1f", floor)) ms more (medians)")
        return ObjectGraphFigures(ours: ours, base: base)
    }
}
