/// What SQLite reports to a trace handler (``Database/setTraceHandler(_:expandingSQL:_:)``).
public struct TraceEvent: Sendable {
    /// Which moment of a statement's life the event marks.
    public enum Kind: Sendable, Equatable {
        /// A statement started running (its first step).
        case statement
        /// A statement finished; SQLite's estimate of the time it took.
        case profile(nanoseconds: Int64)
    }

    /// Which events a handler receives.
    public struct Options: OptionSet, Sendable {
        /// The `SQLITE_TRACE_*` bits.
        public var rawValue: UInt32

        /// Wraps raw `SQLITE_TRACE_*` bits.
        public init(rawValue: UInt32) {
            self.rawValue = rawValue
        }

        /// ``Kind/statement`` events.
        public static let statement = Options(rawValue: 0x01)
        /// ``Kind/profile(nanoseconds:)`` events.
        public static let profile = Options(rawValue: 0x02)
    }

    /// The kind of event.
    public var kind: Kind
    /// The statement's SQL as written, with `?` placeholders (or a trigger's `-- comment`).
    public var sql: String
    /// The SQL with bound values substituted, when the handler asked for it.
    public var expandedSQL: String?
}
