import Foundation
import SQLite

/// A store opened for inspection: its private copy, opened read-only and hardened.
///
/// The procedure (DESIGN.md §4): refuse links, devices and FIFOs; read the 100-byte header; copy
/// the file with its `-wal`, `-shm` and `-journal` into a private directory; open the **copy**
/// with `SQLITE_OPEN_READONLY` through a `file:` URI; switch on defensive mode, turn off trusted
/// schema, check cell sizes, map no memory, allow queries only, lower the limits, stop any query
/// that runs past the time limit; then `quick_check`. The original file is never handed to SQLite.
public final class InspectedStore: @unchecked Sendable {
    /// The path the user gave.
    public let path: String
    /// The parsed SQLite header of the original.
    public let header: SQLiteHeader
    /// The private copy SQLite reads.
    public let copy: PrivateCopy
    /// The read-only connection to the copy.
    public let database: Database
    /// The size of the main file in bytes.
    public let fileSize: Int64
    /// What `quick_check` reported when it did not say `ok` (empty when all is well or not run).
    public private(set) var quickCheckProblems: [String] = []
    /// The options the store was opened with.
    public let options: OpenOptions

    private let deadline = DeadlineBox()

    /// Opens `path` as described above.
    ///
    /// - Throws: ``InspectorError`` for every way the file can be unfit; a store that opens but
    ///   fails `quick_check` throws `.malformed` only when not even the schema can be read.
    public init(path: String, options: OpenOptions = OpenOptions()) throws(InspectorError) {
        self.path = path
        self.options = options
        header = try StoreFileCheck.header(of: path)
        if case .regular(let size) = FileKind(path: path) { fileSize = size } else { fileSize = 0 }
        copy = try PrivateCopy(of: path)
        do {
            database = try Self.openHardened(copy.path)
        } catch {
            copy.remove()
            throw Self.translate(error, path: path)
        }
        let box = deadline
        database.setProgressHandler(every: 10_000) { box.isPastDeadline }
        do {
            // Reading the schema is the first thing that touches the pages; a broken first page fails here.
            _ = try run { () throws -> SQLiteValue? in try database.scalar("SELECT count(*) FROM sqlite_master") }
            quickCheckProblems = options.runsQuickCheck ? try runQuickCheck() : []
        } catch {
            database.close()
            copy.remove()
            throw error
        }
    }

    deinit {
        close()
    }

    /// Closes the connection and removes the private copy. Safe to call more than once.
    public func close() {
        database.close()
        copy.remove()
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

    private static func openHardened(_ copyPath: String) throws -> Database {
        var components = URLComponents()
        components.scheme = "file"
        components.path = copyPath
        components.queryItems = [URLQueryItem(name: "mode", value: "ro")]
        let uri = components.string ?? "file:" + copyPath + "?mode=ro"
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

    private func runQuickCheck() throws(InspectorError) -> [String] {
        let rows = try self.rows("PRAGMA quick_check(20)")
        let messages = rows.compactMap { $0[0].stringValue }
        return messages == ["ok"] ? [] : messages
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

/// The time limit shared with SQLite's progress handler (which may run on any thread).
private final class DeadlineBox: @unchecked Sendable {
    private let lock = NSLock()
    private var deadline: UInt64?
    private var fired = false
    private var depth = 0

    /// Starts the clock; a query run while another is being stepped shares the outer deadline.
    func start(seconds: Double) {
        let now = DispatchTime.now().uptimeNanoseconds
        lock.withLock {
            depth += 1
            guard depth == 1 else { return }
            deadline = now + UInt64(max(seconds, 0) * 1_000_000_000)
            fired = false
        }
    }

    func stop() {
        lock.withLock {
            depth = max(0, depth - 1)
            if depth == 0 { deadline = nil }
        }
    }

    private var cancelled = false

    var expired: Bool { lock.withLock { fired } }

    var wasCancelled: Bool { lock.withLock { cancelled } }

    func cancel() { lock.withLock { cancelled = true } }

    func clearCancel() { lock.withLock { cancelled = false } }

    /// Asked by SQLite's progress handler: stop when interrupted or past the deadline.
    var isPastDeadline: Bool {
        let now = DispatchTime.now().uptimeNanoseconds
        return lock.withLock {
            if cancelled { return true }
            guard let deadline, now > deadline else { return false }
            fired = true
            return true
        }
    }
}
