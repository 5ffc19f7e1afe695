import CSQLite
import Foundation
import StoreInspector

/// The `inspector` benchmark suite (`make bench SUITE=inspector`, DESIGN.md §7, issue 4 "Speed").
///
/// - `summary`: opening a large store the inspector's way (header check, hardened read-only
///   open in place with `immutable=1` since it has no `-wal`, `quick_check` bounded to Core Data's
///   own tables above 64 MiB) plus the summary's row counts, against raw SQLite C calls running
///   `SELECT count(*)` on each table of the original, as `sqlite3` would.
/// - `rows-first-100`: the first 100 rows as objects from an opened store, against a raw
///   `SELECT … LIMIT 100`; measured at two table sizes to show it does not grow with the table.
/// - `batch-200`: 200 small stores inspected one after another (summary and check), against raw
///   open + count per store; the peak number of stores open at once must be 1.
///
/// The large store has `INSPECTOR_BENCH_ROWS` rows (default 1,000,000, about 200 MB; the issue's
/// size is 5,000,000 rows, about 1 GB: `INSPECTOR_BENCH_ROWS=5000000 make bench SUITE=inspector`), and
/// `INSPECTOR_BENCH_RUNS` how many runs each median is taken over (5).
enum InspectorSuite {
    static let suite = BenchmarkSuite(name: "inspector") {
        try InspectorBenchmark().run()
    }
}

private struct InspectorBenchmark {
    let rows = Int(ProcessInfo.processInfo.environment["INSPECTOR_BENCH_ROWS"] ?? "") ?? 1_000_000
    let runs = Int(ProcessInfo.processInfo.environment["INSPECTOR_BENCH_RUNS"] ?? "") ?? 5
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "inspector-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func run() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let large = directory.appendingPathComponent("Large.sqlite").path
        try Self.makeStore(at: large, items: rows)
        let size = (try? FileManager.default.attributesOfItem(atPath: large)[.size] as? Int) ?? 0
        print("BENCH-NOTE inspector: large store \(rows) rows, \(size / 1_048_576) MiB")
        try benchmarkSummary(large)
        let small = directory.appendingPathComponent("Small.sqlite").path
        try Self.makeStore(at: small, items: 1_000)
        try benchmarkRows(large, label: "rows-first-100")
        try benchmarkRows(small, label: "rows-first-100-small-table")
        try benchmarkBatch(template: small)
        try benchmarkSummaryWithWriteAheadLog(large)
    }

    // MARK: - Cases

    private func benchmarkSummary(_ path: String) throws {
        // Alternating, run by run, so the machine's load weighs on both sides alike.
        let (ours, base) = try Measurement.pairedMedians(runs: runs) { _ in
            try Measurement.timed {
                let inspection = try StoreInspection(path: path)
                _ = try StoreSummary(inspection)
                inspection.close()
            }
        } base: { _ in
            try Measurement.timed { try Self.rawCounts(path) }
        }
        Measurement.report(suite: "inspector", name: "summary", ours: ours, base: base, runs: runs)
    }

    /// The same summary once a few rows wait in a `-wal`: the store must be copied then, so this
    /// shows what the copy costs (reported as a note; the issue's 2× is for a store at rest).
    private func benchmarkSummaryWithWriteAheadLog(_ path: String) throws {
        try Self.addRowsInWriteAheadLog(path)
        let ours = try Measurement.medianMilliseconds(runs: runs) {
            let inspection = try StoreInspection(path: path)
            precondition(!inspection.store.readsOriginalInPlace, "a store with a -wal must be copied")
            _ = try StoreSummary(inspection)
            inspection.close()
        }
        let walBytes = StoreSiblings(of: path).walSize ?? 0
        print(
            "BENCH-NOTE inspector/summary-with-wal: \(String(format: "%.1f", ours)) ms with a \(walBytes)-byte -wal "
                + "(private copy of the whole store, then the same summary)")
    }

    private func benchmarkRows(_ path: String, label: String) throws {
        let inspection = try StoreInspection(path: path)
        defer { inspection.close() }
        let entity = try inspection.entity(named: "Item")
        let ours = try Measurement.medianMilliseconds(runs: runs) {
            let reader = try RowReader(inspection: inspection, entity: entity)
            var count = 0
            try reader.read(RowQuery(limit: 100)) { _ in
                count += 1
                return true
            }
            precondition(count == 100, "expected 100 rows")
        }
        let base = try Measurement.medianMilliseconds(runs: runs) {
            try Self.raw(path, "SELECT Z_PK, Z_ENT, ZNUMBER, ZCREATED, ZTITLE, ZTAG FROM ZITEM ORDER BY Z_PK LIMIT 100")
        }
        Measurement.report(suite: "inspector", name: label, ours: ours, base: base, runs: runs)
    }

    private func benchmarkBatch(template: String) throws {
        let folder = directory.appendingPathComponent("batch")
        for index in 0..<200 {
            let sub = folder.appendingPathComponent(String(index))
            try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: template, toPath: sub.appendingPathComponent("Store.sqlite").path)
        }
        let stores = StoreScanner.scan(folder.path).stores
        precondition(stores.count == 200, "expected 200 stores")
        var mostAlive = 0
        Measurement.resetPeakMemory()
        let ours = try Measurement.medianMilliseconds(runs: runs) {
            for store in stores {
                let inspection = try StoreInspection(path: store)
                mostAlive = max(mostAlive, InspectedStore.openCount)
                _ = try StoreSummary(inspection)
                _ = try ConsistencyChecker.check(inspection)
                inspection.close()
            }
        }
        let peak = Measurement.peakMemoryMiB()
        let base = try Measurement.medianMilliseconds(runs: runs) {
            for store in stores { try Self.rawCounts(store) }
        }
        Measurement.report(suite: "inspector", name: "batch-200", ours: ours, base: base, runs: runs, peakMiB: peak)
        print("BENCH-NOTE inspector/batch-200: at most \(mostAlive) store open at a time")
    }

    // MARK: - Raw SQLite baseline

    private static func rawCounts(_ path: String) throws {
        var tables: [String] = []
        try raw(path, "SELECT name FROM sqlite_master WHERE type = 'table'") { statement in
            tables.append(String(cString: sqlite3_column_text(statement, 0)))
        }
        for table in tables { try raw(path, "SELECT count(*) FROM \"\(table)\"") }
    }

    private static func raw(_ path: String, _ sql: String, _ row: (OpaquePointer) -> Void = { _ in }) throws {
        var db: OpaquePointer?
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK, let db else {
            throw BenchError.sqlite("open \(path)")
        }
        defer { sqlite3_close(db) }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw BenchError.sqlite(String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_finalize(statement) }
        while sqlite3_step(statement) == SQLITE_ROW { row(statement) }
    }

    /// Switches the store to WAL and leaves one transaction in its `-wal` (no checkpoint on close).
    private static func addRowsInWriteAheadLog(_ path: String) throws {
        var db: OpaquePointer?
        guard sqlite3_open(path, &db) == SQLITE_OK, let db else { throw BenchError.sqlite("open \(path)") }
        defer { sqlite3_close(db) }
        var unused: Int32 = 0
        guard csqlite_db_config_int(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, &unused) == SQLITE_OK,
            sqlite3_exec(
                db, "PRAGMA journal_mode = WAL; INSERT INTO ZTAG VALUES (101, 2, 1, 'in the wal')", nil, nil, nil)
                == SQLITE_OK
        else { throw BenchError.sqlite(String(cString: sqlite3_errmsg(db))) }
    }

    // MARK: - The store

    /// A store in Core Data's layout: `Item` (number, date, ~150-character title, to-one tag) and `Tag`.
    static func makeStore(at path: String, items: Int) throws {
        var db: OpaquePointer?
        guard sqlite3_open(path, &db) == SQLITE_OK, let db else { throw BenchError.sqlite("create \(path)") }
        defer { sqlite3_close(db) }
        let plist = try PropertyListSerialization.data(
            fromPropertyList: [
                "NSStoreType": "SQLite", "NSPersistenceFrameworkVersion": 1344, "NSStoreModelVersionHashesVersion": 3,
                "NSStoreModelVersionIdentifiers": [""], "NSStoreUUID": "6F1C1B3E-0000-4000-8000-000000000001",
            ] as [String: Any], format: .binary, options: 0)
        let setup = """
            PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA page_size = 4096;
            CREATE TABLE ZITEM ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNUMBER INTEGER, ZTAG INTEGER, ZCREATED TIMESTAMP, ZTITLE VARCHAR );
            CREATE TABLE ZTAG ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR );
            CREATE INDEX ZITEM_ZTAG_INDEX ON ZITEM (ZTAG);
            CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
            CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB);
            INSERT INTO Z_PRIMARYKEY VALUES (1, 'Item', 0, \(items)), (2, 'Tag', 0, 100);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100)
              INSERT INTO ZTAG SELECT i, 2, 1, 'tag ' || i FROM n;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(items))
              INSERT INTO ZITEM SELECT i, 1, 1, i * 7, 1 + i % 100, 700000000.0 + i,
              'Item number ' || i || ' — ' || substr(hex(randomblob(80)), 1, 140) FROM n;
            """
        guard sqlite3_exec(db, setup, nil, nil, nil) == SQLITE_OK else {
            throw BenchError.sqlite(String(cString: sqlite3_errmsg(db)))
        }
        var statement: OpaquePointer?
        sqlite3_prepare_v2(
            db, "INSERT INTO Z_METADATA VALUES (1, '6F1C1B3E-0000-4000-8000-000000000001', ?)", -1, &statement, nil)
        _ = plist.withUnsafeBytes { sqlite3_bind_blob(statement, 1, $0.baseAddress, Int32($0.count), nil) }
        sqlite3_step(statement)
        sqlite3_finalize(statement)
    }
}

private enum BenchError: Error {
    case sqlite(String)
}
