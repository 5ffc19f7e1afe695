import ObjectGraph

/// What `rows ENTITY` should list: which rows, in which order, how many.
public struct RowQuery: Sendable {
    /// How a predicate is applied to the rows.
    enum Evaluation: Equatable, Sendable {
        /// Compiled to SQL, so SQLite filters (falling back to ``inMemory`` when it cannot be compiled).
        case sql
        /// Evaluated on each row as it streams past (the fallback, and the reference in tests).
        case inMemory
    }

    /// Only rows for which this predicate holds.
    public var predicate: ObjectPredicate?
    /// The attribute to sort by (SQL `ORDER BY` on its column); nil for primary-key order.
    public var sortKey: String?
    /// Whether the sort is ascending.
    public var ascending: Bool
    /// At most this many rows; nil for all.
    public var limit: Int?
    /// How the predicate is applied (tests force ``Evaluation/inMemory`` to compare the two).
    var evaluation: Evaluation = .sql

    /// A query; by default all rows in primary-key order.
    public init(predicate: ObjectPredicate? = nil, sortKey: String? = nil, ascending: Bool = true, limit: Int? = nil) {
        self.predicate = predicate
        self.sortKey = sortKey
        self.ascending = ascending
        self.limit = limit
    }

    /// Parses `--sort` text: `name`, `-name` or `name:desc` / `name:asc`.
    public static func parseSort(_ text: String) -> (key: String, ascending: Bool) {
        if text.hasPrefix("-") { return (String(text.dropFirst()), false) }
        if text.lowercased().hasSuffix(":desc") { return (String(text.dropLast(5)), false) }
        if text.lowercased().hasSuffix(":asc") { return (String(text.dropLast(4)), true) }
        return (text, true)
    }
}
