import CSQLite

/// A run-time limit of a connection (`SQLITE_LIMIT_*`), lowered to contain untrusted input.
public struct Limit: RawRepresentable, Hashable, Sendable {
    /// The `SQLITE_LIMIT_*` code.
    public var rawValue: Int32

    /// Wraps a limit code.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// Longest string or blob, in bytes.
    public static let length = Limit(rawValue: SQLITE_LIMIT_LENGTH)
    /// Longest SQL text, in bytes.
    public static let sqlLength = Limit(rawValue: SQLITE_LIMIT_SQL_LENGTH)
    /// Most columns in a table, index, view or result.
    public static let columns = Limit(rawValue: SQLITE_LIMIT_COLUMN)
    /// Deepest expression tree.
    public static let expressionDepth = Limit(rawValue: SQLITE_LIMIT_EXPR_DEPTH)
    /// Most terms in a compound SELECT.
    public static let compoundSelect = Limit(rawValue: SQLITE_LIMIT_COMPOUND_SELECT)
    /// Most virtual-machine instructions in one statement.
    public static let virtualMachineOperations = Limit(rawValue: SQLITE_LIMIT_VDBE_OP)
    /// Most arguments to a function.
    public static let functionArguments = Limit(rawValue: SQLITE_LIMIT_FUNCTION_ARG)
    /// Most attached databases.
    public static let attachedDatabases = Limit(rawValue: SQLITE_LIMIT_ATTACHED)
    /// Longest LIKE or GLOB pattern.
    public static let likePatternLength = Limit(rawValue: SQLITE_LIMIT_LIKE_PATTERN_LENGTH)
    /// Highest parameter number.
    public static let variableNumber = Limit(rawValue: SQLITE_LIMIT_VARIABLE_NUMBER)
    /// Deepest trigger recursion.
    public static let triggerDepth = Limit(rawValue: SQLITE_LIMIT_TRIGGER_DEPTH)
    /// Most auxiliary worker threads.
    public static let workerThreads = Limit(rawValue: SQLITE_LIMIT_WORKER_THREADS)
}
