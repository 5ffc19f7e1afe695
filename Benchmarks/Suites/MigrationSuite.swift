import Foundation
import ObjectGraph
import SQLite

/// The `migration` benchmark suite (`make bench SUITE=migration`, issue 19 "Benchmark").
///
/// - `migrate_100000_movies_add_and_rename`: a store of `BENCH_MOVIES` movies (default 100,000)
///   migrated in place by ``MigrationManager`` to a model that adds one attribute and renames
///   another, against hand-written SQL doing the same on a copy: `ALTER TABLE … ADD COLUMN`,
///   `ALTER TABLE … RENAME COLUMN`, and the new `Z_METADATA` and `Z_MODELCACHE` (taken from a
///   migrated copy beforehand), in one transaction. Both open and close their own connection; each
///   run migrates a fresh copy, made outside the timing.
enum MigrationSuite {
    static let suite = BenchmarkSuite(name: "migration") {
        try MigrationBenchmark().run()
    }
}

private struct MigrationBenchmark {
    let movies = Int(ProcessInfo.processInfo.environment["BENCH_MOVIES"] ?? "") ?? 100_000
    let runs = Int(ProcessInfo.processInfo.environment["BENCH_RUNS"] ?? "") ?? 5
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "migration-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// Movie with a name; version 2 renames it `title` and adds a genre.
    static func model(version: Int) throws -> ManagedObjectModel {
        let properties: [PropertyDescription] = [
            AttributeDescription(name: version == 1 ? "name" : "title", type: .string, renamingIdentifier: "name"),
            AttributeDescription(name: "year", type: .integer32),
            AttributeDescription(name: "rating", type: .double),
        ]
        let genre = version == 1 ? [] : [AttributeDescription(name: "genre", type: .string)]
        return try ManagedObjectModel(entities: [EntityDescription(name: "Movie", properties: properties + genre)])
    }

    func run() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = try Self.model(version: 1)
        let destination = try Self.model(version: 2)
        let template = directory.appendingPathComponent("Movies.sqlite").path
        try makeStore(at: template, model: source)
        // What the hand-written migration writes besides its two ALTER TABLEs: taken once from a
        // store migrated by ObjectGraph.
        let reference = try copy(template, as: "reference")
        let manager = MigrationManager(sourceModel: source, destinationModel: destination, log: SQLDebugLog())
        try manager.migrateStore(at: URL(fileURLWithPath: reference))
        let (plist, cache) = try Self.systemRows(of: reference)

        var ours: [Double] = []
        var base: [Double] = []
        for run in 0...runs {
            let mine = try copy(template, as: "ours\(run)")
            let theirs = try copy(template, as: "base\(run)")
            let oursTime = try Self.milliseconds { try manager.migrateStore(at: URL(fileURLWithPath: mine)) }
            let baseTime = try Self.milliseconds { try Self.handMigration(theirs, plist: plist, cache: cache) }
            // The first run warms the caches up and is not counted.
            if run > 0 {
                ours.append(oursTime)
                base.append(baseTime)
            }
            for path in [mine, theirs] { Self.remove(path) }
        }
        Measurement.report(
            suite: "migration", name: "migrate_\(movies)_movies_add_and_rename", ours: Self.median(ours),
            base: Self.median(base), runs: runs)
    }

    /// A store of `model` holding `movies` movies, written with plain SQL after ObjectGraph made it.
    private func makeStore(at path: String, model: ManagedObjectModel) throws {
        let store = try SQLiteStore(url: URL(fileURLWithPath: path), model: model, options: .init(log: SQLDebugLog()))
        store.close()
        let database = try Database(path: path, flags: .readWrite)
        defer { database.close() }
        try database.begin(.immediate)
        let insert = try database.prepare(
            "INSERT INTO ZMOVIE(Z_PK, Z_ENT, Z_OPT, ZNAME, ZYEAR, ZRATING) VALUES(?, 1, 1, ?, ?, ?)")
        for index in 1...movies {
            try insert.bind([
                .integer(Int64(index)), .text("Movie \(index)"), .integer(Int64(1900 + index % 120)),
                .real(Double(index % 100) / 10),
            ])
            try insert.run()
            insert.reset()
        }
        try database.execute("UPDATE Z_PRIMARYKEY SET Z_MAX = \(movies)")
        try database.commit()
    }

    /// The migration written by hand, as one would in the `sqlite3` shell.
    private static func handMigration(_ path: String, plist: Data, cache: Data) throws {
        let database = try Database(path: path, flags: .readWrite)
        defer { database.close() }
        try database.begin(.immediate)
        try database.execute("ALTER TABLE ZMOVIE ADD COLUMN ZGENRE VARCHAR")
        try database.execute("ALTER TABLE ZMOVIE RENAME COLUMN ZNAME TO ZTITLE")
        try database.execute("UPDATE Z_METADATA SET Z_PLIST = ?", [.blob(plist)])
        try database.execute("DELETE FROM Z_MODELCACHE")
        try database.execute("INSERT INTO Z_MODELCACHE(Z_CONTENT) VALUES(?)", [.blob(cache)])
        try database.commit()
    }

    /// `Z_METADATA.Z_PLIST` and `Z_MODELCACHE.Z_CONTENT` of the store at `path`.
    private static func systemRows(of path: String) throws -> (Data, Data) {
        let database = try Database(path: path, flags: .readOnly)
        defer { database.close() }
        let plist = try database.scalar("SELECT Z_PLIST FROM Z_METADATA")?.dataValue ?? Data()
        let cache = try database.scalar("SELECT Z_CONTENT FROM Z_MODELCACHE")?.dataValue ?? Data()
        return (plist, cache)
    }

    /// A copy of the store at `path` (closed, so it is one file) named `name`.
    private func copy(_ path: String, as name: String) throws -> String {
        let target = directory.appendingPathComponent(name + ".sqlite").path
        try FileManager.default.copyItem(atPath: path, toPath: target)
        return target
    }

    private static func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    private static func milliseconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
    }

    private static func median(_ samples: [Double]) -> Double {
        let sorted = samples.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
