import Foundation

/// How to order fetched objects by one key path: Core Data's `NSSortDescriptor`, renamed so it
/// does not clash with Foundation's `SortDescriptor`.
///
/// ```swift
/// request.sortDescriptors = [
///     ObjectSortDescriptor(key: "theater.name", ascending: true),
///     ObjectSortDescriptor(key: "name", ascending: false, comparison: .caseInsensitiveCompare),
/// ]
/// ```
///
/// Nil values sort before every other value when ascending (as SQLite orders NULL), after when
/// descending.
public struct ObjectSortDescriptor: Hashable, Sendable, CustomStringConvertible {
    /// The key or key path (`name`, `theater.name`) whose values are compared.
    public let key: String
    /// Whether smaller values come first.
    public let ascending: Bool
    /// How strings are compared; other values always compare by their natural order.
    public let comparison: Comparison

    /// Orders by `key`, smallest first unless `ascending` is false, with `comparison` for strings.
    public init(key: String, ascending: Bool = true, comparison: Comparison = .compare) {
        self.key = key
        self.ascending = ascending
        self.comparison = comparison
    }

    /// The same descriptor with the direction flipped.
    public var reversed: ObjectSortDescriptor {
        ObjectSortDescriptor(key: key, ascending: !ascending, comparison: comparison)
    }

    /// `(name, ascending, caseInsensitiveCompare:)`, the way Core Data prints a sort descriptor.
    public var description: String {
        "(\(key), \(ascending ? "ascending" : "descending"), \(comparison.selectorName))"
    }

    /// Compares two values of `key` as this descriptor orders them (direction included).
    public func compare(_ lhs: Any?, _ rhs: Any?) -> ComparisonResult {
        let result = comparison.compare(lhs, rhs)
        guard !ascending else { return result }
        switch result {
        case .orderedAscending: return .orderedDescending
        case .orderedDescending: return .orderedAscending
        case .orderedSame: return .orderedSame
        }
    }
}
