import Foundation
import SQLite

/// A store opened for inspection, read-only and hardened, in a way that cannot change its files.
///
/// The procedure (DESIGN.md §4): refuse links, devices and FIFOs; read the 100-byte header; then
/// - when a `-wal` or `-journal` with content lies beside the store, copy the file with its
///   `-wal`, `-shm` and `-journal` into a private directory (``PrivateCopy``) and open the
///   **copy**, so SQLite can replay the WAL (where stores keep their newest rows) without
///   touching the user's files;
/// - otherwise (no `-wal`/`-journal`, or only empty ones) open the **original** as
///   `file:…?mode=ro&immutable=1`: `immutable` makes SQLite take no locks and never open, create
///   or rewrite a `-wal`, `-shm` or `-journal`, and with nothing in a WAL it ignores nothing. This
///   departs from DESIGN.md's "always copy" (<doc:OpeningAStore>, "Why not always copy"):
///   copying a 1 GB store takes 15–30 times as long as counting its rows, for no gain in safety.
///   The siblings are looked at again after opening; if a `-wal` or `-journal` with content
///   appeared meanwhile, the store is copied after all.
///
/// Either way the connection is `SQLITE_OPEN_READONLY` through a `file:` URI with defensive mode,
/// trusted schema off, cell-size checks, no memory mapping, queries only, lowered limits and a
/// time limit; then `quick_check` (bounded for large stores, see ``OpenOptions/QuickCheck``).
public final class InspectedStore: @unchecked Sendable {
    /// What `quick_check` looked at when the store was opened.
    public enum QuickCheckCoverage: Equatable, Sendable {
        /// It was not run.
        case notRun
        /// The whole file.
        case wholeStore
        /// Only these tables (with their indexes): the store is larger than the bound.
        case tables([String])
    }

    /// The path the user gave.
    public let path: String
    /// The parsed SQLite header of the original.
    public let header: SQLiteHeader
    /// The siblings found beside the original before opening it.
    public let siblings: StoreSiblings
    /// The private copy SQLite reads, or nil when the original is read in place (immutable).
    public let copy: PrivateCopy?
    /// The read-only connection.
    public let database: Database
    /// The size of the main file in bytes.
    public let fileSize: Int64
    /// What `quick_check` reported when it did not say `ok` (empty when all is well or not run).
    public internal(set) var quickCheckProblems: [String] = []
    /// What `quick_check` covered so far.
    public internal(set) var quickCheckCoverage: QuickCheckCoverage = .notRun
    /// The options the store was opened with.
    public let options: OpenOptions

    /// Whether SQLite reads the user's file itself (opened immutable), not a private copy.
    public var readsOriginalInPlace: Bool { copy == nil }

    /// How many stores this process holds open right now (a batch keeps it at one).
    public static var openCount: Int { OpenStoreCounter.shared.count }

    private let deadline = DeadlineBox()
    private let openToken = OpenStoreCounter.Token()

    /// Opens `path` as described above.
    ///
    /// - Throws: ``InspectorError`` for every way the file can be unfit; a store that opens but
    ///   fails `quick_check` throws `.malformed` only when not even the schema can be read.
    public init(path: String, options: OpenOptions = OpenOptions()) throws(InspectorError) {
        self.path = path
        self.options = options
        header = try StoreFileCheck.header(of: path)
        if case .regular(let size) = FileKind(path: path) { fileSize = size } else { fileSize = 0 }
        (database, copy, siblings) = try Self.open(path)
        let box = deadline
        database.setProgressHandler(every: 10_000) { box.isPastDeadline }
        do {
            // Reading the schema is the first thing that touches the pages; a broken first page fails here.
            let tables = try run { () throws -> [String] in
                try database.rows("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap {
                    $0[0].stringValue
                }
            }
            try runQuickCheck(options.quickCheck, tables: tables)
        } catch {
            close()
            throw error
        }
        openToken.open()
    }

    deinit {
        close()
    }

    /// Closes the connection and removes the private copy, if any. Safe to call more than once.
    public func close() {
        database.close()
        copy?.remove()
        openToken.close()
    }

    /// Stops the query running now, or the next one if none is running yet (Ctrl-C in the shell
    /// pressed just after Return); safe from any thread and from a signal handler's queue.
    public func interrupt() {
        deadline.cancel()
        database.interrupt()
    }

    /// Forgets an interrupt that arrived while nothing ran (the shell calls it before each prompt).
    public func clearInterrupt() {
        deadline.clearCancel()
    }

    /// Runs `body` under the time limit, translating SQLite's errors into ``InspectorError``.
    public func run<T>(_ body: () throws -> T) throws(InspectorError) -> T {
        deadline.start(seconds: options.timeLimit)
        defer { deadline.stop() }
        do {
            return try body()
        } catch let error as InspectorError {
            throw error
        } catch {
            if deadline.wasCancelled { throw .interrupted(path: path) }
            if deadline.expired { throw .timeLimitExceeded(path: path, seconds: options.timeLimit) }
            throw Self.translate(error, path: path)
        }
    }

    /// All rows of a query (for small, bounded results such as the schema).
    public func rows(_ sql: String, _ bindings: [SQLiteValue] = []) throws(InspectorError) -> [Row] {
        try run { () throws -> [Row] in try database.rows(sql, bindings) }
    }

    /// The first column of the first row, or nil.
    public func scalar(_ sql: String, _ bindings: [SQLiteValue] = []) throws(InspectorError) -> SQLiteValue? {
        try run { () throws -> SQLiteValue? in try database.scalar(sql, bindings) }
    }

    /// Steps through a query one row at a time, so large tables never load whole.
    /// Return false from `body` to stop early.
    public func forEachRow(
        _ sql: String, _ bindings: [SQLiteValue] = [], _ body: (Statement) throws -> Bool
    ) throws(InspectorError) {
        try run { () throws in
            let statement = try database.prepare(sql)
            try statement.bind(bindings)
            while try statement.step() {
                if try !body(statement) { break }
            }
        }
    }

    // MARK: - Opening

    /// Opens the original immutable when its main file is the whole store, else a private copy.
    private static func open(_ path: String) throws(InspectorError) -> (Database, PrivateCopy?, StoreSiblings) {
        let siblings = StoreSiblings(of: path)
        if siblings.mainFileIsComplete {
            let database: Database
            do {
                database = try openHardened(absolute(path), immutable: true)
            } catch {
                throw translate(error, path: path)
            }
            // A -wal or -journal written between the look and the open would be ignored: copy instead.
            if StoreSiblings(of: path).mainFileIsComplete { return (database, nil, siblings) }
            database.close()
        }
        let copy = try PrivateCopy(of: path)
        do {
            try rollBackUnfinishedTransaction(inCopy: copy.path)
            return (try openHardened(copy.path, immutable: false), copy, StoreSiblings(of: path))
        } catch {
            copy.remove()
            throw translate(error, path: path)
        }
    }

    /// A `-journal` with content is a transaction the app never finished (killed mid-save). SQLite
    /// rolls it back on the next read, which a read-only connection cannot do ("attempt to write a
    /// readonly database"), so it is done first on the private copy, never on the user's files:
    /// the store is then read as the app itself would find it on its next launch.
    private static func rollBackUnfinishedTransaction(inCopy copyPath: String) throws {
        guard case .regular(let size) = FileKind(path: copyPath + "-journal"), size > 0 else { return }
        let database = try Database(path: copyPath, flags: [.readWrite, .noFollow])
        defer { database.close() }
        try database.configure(defensive: true)
        try database.configure(.trustedSchema, enabled: false)
        _ = try database.rows("SELECT count(*) FROM sqlite_master")
    }

    /// Whether the private copy had an unfinished transaction in its `-journal`, rolled back before reading.
    public var rolledBackJournal: Bool {
        guard copy != nil, case .regular(let size) = siblings.present.first(where: { $0.suffix == "-journal" })?.kind
        else { return false }
        return size > 0
    }

    /// `path` made absolute, so the `file:` URI cannot read any of it as an authority or a scheme.
    private static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    private static func openHardened(_ path: String, immutable: Bool) throws -> Database {
        var components = URLComponents()
        components.scheme = "file"
        components.path = path
        components.queryItems = [URLQueryItem(name: "mode", value: "ro")]
        if immutable { components.queryItems?.append(URLQueryItem(name: "immutable", value: "1")) }
        guard let uri = components.string else {
            throw InspectorError.unreadable(path: path, reason: "the path cannot be written as a file: URI")
        }
        let database = try Database(path: uri, flags: [.readOnly, .uri, .noFollow])
        try database.configure(defensive: true)
        try database.configure(.trustedSchema, enabled: false)
        for pragma in [
            "PRAGMA trusted_schema = OFF", "PRAGMA cell_size_check = ON", "PRAGMA mmap_size = 0",
            "PRAGMA query_only = ON",
        ] {
            _ = try database.rows(pragma)
        }
        // Lowered limits: a hostile schema or query cannot make SQLite build huge programs or values.
        database.setLimit(.length, to: 256 << 20)
        database.setLimit(.sqlLength, to: 1 << 20)
        database.setLimit(.columns, to: 2000)
        database.setLimit(.expressionDepth, to: 200)
        database.setLimit(.compoundSelect, to: 64)
        database.setLimit(.functionArguments, to: 32)
        database.setLimit(.attachedDatabases, to: 0)
        database.setLimit(.likePatternLength, to: 10_000)
        database.setLimit(.variableNumber, to: 10_000)
        database.setLimit(.triggerDepth, to: 10)
        return database
    }

    /// Maps SQLite's error codes to messages about the user's file.
    static func translate(_ error: any Error, path: String) -> InspectorError {
        if let error = error as? InspectorError { return error }
        guard let error = error as? SQLiteError else {
            return .sqlite(path: path, detail: String(describing: error))
        }
        switch error.code {
        case .corrupt:
            return .malformed(path: path, detail: error.message)
        case .notADatabase:
            // The magic string was checked before copying, so SQLite rejecting the file means its
            // header or first page is damaged, not that it is something else.
            return .malformed(path: path, detail: error.message)
        case .interrupt:
            return .sqlite(path: path, detail: "interrupted")
        default:
            return .sqlite(path: path, detail: error.message)
        }
    }
}
