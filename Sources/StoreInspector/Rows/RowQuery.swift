import Foundation
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

    /// One key of the listing's order: a listed attribute or relationship and its direction.
    public struct SortKey: Equatable, Sendable {
        /// The attribute or relationship name (matched case-insensitively when no exact match exists).
        public var key: String
        /// Whether this key sorts ascending.
        public var ascending: Bool

        /// A sort key; ascending by default.
        public init(_ key: String, ascending: Bool = true) {
            self.key = key
            self.ascending = ascending
        }
    }

    /// Only rows for which this predicate holds.
    public var predicate: ObjectPredicate?
    /// The keys to sort by, most significant first (SQL `ORDER BY` on their columns, the primary
    /// key breaking remaining ties); empty for primary-key order.
    public var sortKeys: [SortKey]
    /// At most this many rows; nil for all.
    public var limit: Int?
    /// How the predicate is applied (tests force ``Evaluation/inMemory`` to compare the two).
    var evaluation: Evaluation = .sql

    /// A query; by default all rows in primary-key order.
    public init(predicate: ObjectPredicate? = nil, sortKeys: [SortKey] = [], limit: Int? = nil) {
        self.predicate = predicate
        self.sortKeys = sortKeys
        self.limit = limit
    }

    /// Parses one `--sort` key: `name`, `-name` or `name:desc` / `name:asc`.
    public static func parseSort(_ text: String) -> (key: String, ascending: Bool) {
        if text.hasPrefix("-") { return (String(text.dropFirst()), false) }
        if text.lowercased().hasSuffix(":desc") { return (String(text.dropLast(5)), false) }
        if text.lowercased().hasSuffix(":asc") { return (String(text.dropLast(4)), true) }
        return (text, true)
    }

    /// Parses the whole `--sort` text: keys separated by commas (`name,-year`), each as
    /// ``parseSort(_:)`` reads it, spaces around them ignored.
    ///
    /// - Throws: ``InspectorError/invalidQuery(option:detail:)`` for an empty text or an empty key
    ///   (`name,,year`, `-`).
    public static func parseSortKeys(_ text: String) throws(InspectorError) -> [SortKey] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        var keys: [SortKey] = []
        for part in parts {
            let parsed = parseSort(part)
            guard !parsed.key.isEmpty else {
                throw .invalidQuery(
                    option: "--sort",
                    detail: "'\(text)' has an empty key; write keys separated by commas, "
                        + "each KEY, -KEY, KEY:asc or KEY:desc (e.g. name,-year)")
            }
            keys.append(SortKey(parsed.key, ascending: parsed.ascending))
        }
        return keys
    }
}
