import Foundation

extension ObjectSortDescriptor {
    /// How string values are compared, after the Objective-C selectors Core Data accepts.
    public enum Comparison: String, Hashable, Sendable, CaseIterable {
        /// Exact comparison by Unicode code point, the order of SQLite's default `BINARY` collation.
        case compare
        /// Comparison ignoring case (`"apple" == "Apple"`).
        case caseInsensitiveCompare
        /// Comparison by the current locale's collation rules.
        case localizedCompare
        /// The current locale's collation rules, ignoring case.
        case localizedCaseInsensitiveCompare
        /// Finder-like: locale rules, case-insensitive, numbers by value (`"file2" < "file10"`).
        case localizedStandardCompare

        /// The Objective-C selector name (`caseInsensitiveCompare:`).
        public var selectorName: String { rawValue + ":" }

        /// Compares two values in ascending order; nil comes before everything else.
        public func compare(_ lhs: Any?, _ rhs: Any?) -> ComparisonResult {
            switch (lhs, rhs) {
            case (nil, nil): return .orderedSame
            case (nil, _): return .orderedAscending
            case (_, nil): return .orderedDescending
            case (let left?, let right?): return compareValues(left, right)
            }
        }

        private func compareValues(_ lhs: Any, _ rhs: Any) -> ComparisonResult {
            if let left = lhs as? String, let right = rhs as? String {
                return compareStrings(left, right)
            }
            if let left = SortableNumber(lhs), let right = SortableNumber(rhs) {
                return left.compare(right)
            }
            switch (lhs, rhs) {
            case (let left as Date, let right as Date):
                return order(left, right)
            case (let left as Data, let right as Data):
                return orderBytes(Array(left), Array(right))
            case (let left as UUID, let right as UUID):
                return orderBytes(left.bytes, right.bytes)
            case (let left as URL, let right as URL):
                return compareStrings(left.absoluteString, right.absoluteString)
            case (let left as ManagedObjectID, let right as ManagedObjectID):
                return order(left.primaryKey ?? .max, right.primaryKey ?? .max)
            default:
                // Values of unrelated types: order by type name so sorting stays total and stable.
                return order(String(describing: type(of: lhs)), String(describing: type(of: rhs)))
            }
        }

        private func compareStrings(_ lhs: String, _ rhs: String) -> ComparisonResult {
            switch self {
            case .compare:
                // SQLite's BINARY collation compares UTF-8 bytes, which is code-point order.
                return orderBytes(Array(lhs.utf8), Array(rhs.utf8))
            case .caseInsensitiveCompare:
                return lhs.compare(rhs, options: .caseInsensitive)
            case .localizedCompare:
                return lhs.compare(rhs, options: [], range: nil, locale: Locale.current)
            case .localizedCaseInsensitiveCompare:
                return lhs.compare(rhs, options: .caseInsensitive, range: nil, locale: Locale.current)
            case .localizedStandardCompare:
                return lhs.localizedStandardCompare(rhs)
            }
        }

        private func order<T: Comparable>(_ lhs: T, _ rhs: T) -> ComparisonResult {
            lhs < rhs ? .orderedAscending : (lhs == rhs ? .orderedSame : .orderedDescending)
        }

        private func orderBytes(_ lhs: [UInt8], _ rhs: [UInt8]) -> ComparisonResult {
            if lhs == rhs { return .orderedSame }
            return lhs.lexicographicallyPrecedes(rhs) ? .orderedAscending : .orderedDescending
        }
    }
}

/// A number of any of the attribute types, compared by value across types.
private enum SortableNumber {
    case integer(Int)
    case floating(Double)
    case decimal(Decimal)

    init?(_ value: Any) {
        switch value {
        case let number as Int: self = .integer(number)
        case let flag as Bool: self = .integer(flag ? 1 : 0)
        case let number as Double: self = .floating(number)
        case let number as Float: self = .floating(Double(number))
        case let number as Decimal: self = .decimal(number)
        case let number as Int64: self = .integer(Int(number))
        case let number as Int32: self = .integer(Int(number))
        case let number as Int16: self = .integer(Int(number))
        default: return nil
        }
    }

    func compare(_ other: SortableNumber) -> ComparisonResult {
        switch (self, other) {
        case (.integer(let left), .integer(let right)):
            return left < right ? .orderedAscending : (left == right ? .orderedSame : .orderedDescending)
        case (.decimal(let left), .decimal(let right)):
            return left < right ? .orderedAscending : (left == right ? .orderedSame : .orderedDescending)
        default:
            let left = asDouble
            let right = other.asDouble
            return left < right ? .orderedAscending : (left == right ? .orderedSame : .orderedDescending)
        }
    }

    private var asDouble: Double {
        switch self {
        case .integer(let value): Double(value)
        case .floating(let value): value
        case .decimal(let value): value.nearestDouble
        }
    }
}

extension UUID {
    /// The 16 bytes of the UUID, in order.
    fileprivate var bytes: [UInt8] {
        withUnsafeBytes(of: uuid) { Array($0) }
    }
}
