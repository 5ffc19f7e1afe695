import CSQLite
import Foundation
import ObjectGraph

/// The baseline: what a careful programmer writes with SQLite's C API for the same work.
enum RawSQLite {
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

    /// How the baseline's INSERT gives SQLite the values Core Data binds.
    enum InsertStatement {
        /// The statement the context runs, as Core Data's trace prints it: every column a
        /// parameter (`INSERT INTO ZMOVIE(Z_PK, Z_ENT, Z_OPT, ZYEAR, ZTHEATER, …) VALUES(?, ?, …)`),
        /// each row binding its entity number, version and theater key too.
        case asTheContextRuns
        /// The entity number, version and theater key written into the SQL as constants, so each
        /// row binds five values instead of eight: a cheaper statement than the context's (the
        /// baseline before round six, still printed beside the result).
        case constantsInline
    }

    /// The context's INSERT of a movie, as its SQL trace prints it; the benchmark checks that
    /// the context still runs exactly this (``ObjectGraphBenchmark/checkBaselineStatements()``).
    static let movieInsertSQL =
        "INSERT INTO ZMOVIE(Z_PK, Z_ENT, Z_OPT, ZYEAR, ZTHEATER, ZRATING, ZRELEASED, ZNAME) "
        + "VALUES(?, ?, ?, ?, ?, ?, ?, ?)"

    /// Same tables as Core Data's (WAL, auto_vacuum), one theater, `count` movies, one
    /// transaction; returns the time from the start until the commit (closing comes after).
    static func insertMovies(
        at url: URL, layout: SQLiteLayout, count: Int, statement: InsertStatement = .asTheContextRuns
    ) throws -> Double {
        let start = DispatchTime.now()
        let handle = try open(url)
        defer { sqlite3_close(handle) }
        try exec(handle, "PRAGMA page_size=4096; PRAGMA auto_vacuum=2; PRAGMA journal_mode=wal")
        try exec(handle, "BEGIN EXCLUSIVE")
        for statement in layout.createStatements { try exec(handle, statement) }
        try exec(handle, "INSERT INTO ZTHEATER(Z_PK, Z_ENT, Z_OPT, ZNAME) VALUES(1, 2, 1, 'Odeon')")
        let insert: OpaquePointer
        switch statement {
        case .asTheContextRuns:
            insert = try prepare(handle, movieInsertSQL)
        case .constantsInline:
            insert = try prepare(
                handle,
                "INSERT INTO ZMOVIE(Z_PK, Z_ENT, Z_OPT, ZYEAR, ZTHEATER, ZRATING, ZRELEASED, ZNAME) "
                    + "VALUES(?, 1, 1, ?, 1, ?, ?, ?)")
        }
        defer { sqlite3_finalize(insert) }
        // The parameters of the year, rating, release date and name (Z_PK is always the first);
        // the context's statement also binds Z_ENT, Z_OPT and ZTHEATER, at 2, 3 and 5.
        let bindsEveryValue = statement == .asTheContextRuns
        let (year, rating, released, name): (Int32, Int32, Int32, Int32) = bindsEveryValue ? (4, 6, 7, 8) : (2, 3, 4, 5)
        for index in 0..<count {
            let values = MovieValues(index: index)
            sqlite3_bind_int64(insert, 1, Int64(index + 1))
            if bindsEveryValue {
                sqlite3_bind_int64(insert, 2, 1)
                sqlite3_bind_int64(insert, 3, 1)
                sqlite3_bind_int64(insert, 5, 1)
            }
            sqlite3_bind_int64(insert, year, Int64(values.year))
            sqlite3_bind_double(insert, rating, values.rating)
            sqlite3_bind_double(insert, released, values.released.timeIntervalSinceReferenceDate)
            sqlite3_bind_text(insert, name, values.name, -1, csqlite_transient())
            guard sqlite3_step(insert) == SQLITE_DONE else {
                throw RawError(message: String(cString: sqlite3_errmsg(handle)))
            }
            sqlite3_reset(insert)
        }
        try exec(handle, "COMMIT")
        return milliseconds(from: start)
    }

    /// The context's fetch of every movie sorted by name, as its SQL trace prints it (the `0`
    /// is Core Data's entity column of an entity without subentities); checked like
    /// ``movieInsertSQL``.
    static let movieFetchSQL =
        "SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZNAME, t0.ZYEAR, t0.ZRATING, t0.ZRELEASED, t0.ZTHEATER "
        + "FROM ZMOVIE t0 ORDER BY t0.ZNAME"

    /// Which SELECT the baseline's fetch runs.
    enum FetchStatement {
        /// ``movieFetchSQL``, the statement the context runs.
        case asTheContextRuns
        /// The same columns without Core Data's leading `0`, so SQLite's sorter carries one column
        /// less per row: a cheaper statement than the context's (the baseline before round six,
        /// still printed beside the result).
        case withoutEntityColumn
    }

    /// Every movie sorted by name, each column read into a Swift value, on the open connection
    /// `handle`.
    static func fetchMovies(_ handle: OpaquePointer, statement: FetchStatement = .asTheContextRuns) throws -> Int {
        // Where each value is: the columns of the key, version, name, year, rating, release date
        // and theater.
        let (sql, columns): (String, [Int32]) =
            switch statement {
            case .asTheContextRuns: (movieFetchSQL, [1, 2, 3, 4, 5, 6, 7])
            case .withoutEntityColumn:
                (
                    "SELECT Z_PK, Z_OPT, ZNAME, ZRATING, ZRELEASED, ZYEAR, ZTHEATER FROM ZMOVIE ORDER BY ZNAME",
                    [0, 1, 2, 5, 3, 4, 6]
                )
            }
        let select = try prepare(handle, sql)
        defer { sqlite3_finalize(select) }
        let (key, version, name, year, rating, released, theater) =
            (columns[0], columns[1], columns[2], columns[3], columns[4], columns[5], columns[6])
        var checksum = 0
        while sqlite3_step(select) == SQLITE_ROW {
            checksum &+= Int(sqlite3_column_int64(select, key) + sqlite3_column_int64(select, version))
            if let text = sqlite3_column_text(select, name) {
                checksum &+= String(cString: text).utf8.count
            }
            checksum &+= Int(sqlite3_column_int64(select, year))
            checksum &+= Int(sqlite3_column_double(select, rating))
            checksum &+= Int(sqlite3_column_double(select, released))
            checksum &+= Int(sqlite3_column_int64(select, theater))
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
