import Foundation

/// A single value sorted into the classes the comparison rules distinguish.
///
/// Numbers of every Swift type (and Booleans, as 0 and 1) are one class and compare by value, as
/// Foundation's `NSNumber` does; a URL compares by its absolute string, which is how the store keeps it.
enum PredicateScalar {
    case number(PredicateNumber)
    case string(String)
    case date(Date)
    case data(Data)
    case uuid(UUID)
    case url(String)
    case other(Any)

    init(_ value: Any) {
        switch value {
        case let value as String: self = .string(value)
        case let value as Int: self = .number(.integer(Int64(value)))
        case let value as Int64: self = .number(.integer(value))
        case let value as Double: self = .number(.double(value))
        case let value as Bool: self = .number(.integer(value ? 1 : 0))
        case let value as Date: self = .date(value)
        case let value as Int32: self = .number(.integer(Int64(value)))
        case let value as Int16: self = .number(.integer(Int64(value)))
        case let value as Int8: self = .number(.integer(Int64(value)))
        case let value as UInt8: self = .number(.integer(Int64(value)))
        case let value as UInt16: self = .number(.integer(Int64(value)))
        case let value as UInt32: self = .number(.integer(Int64(value)))
        case let value as UInt:
            self = .number(value <= UInt(Int64.max) ? .integer(Int64(value)) : .double(Double(value)))
        case let value as UInt64:
            self = .number(value <= UInt64(Int64.max) ? .integer(Int64(value)) : .double(Double(value)))
        case let value as Float: self = .number(.double(Double(value)))
        // The store keeps decimals as REAL, so comparisons use their Double value on both sides.
        case let value as Decimal: self = .number(.double(value.nearestDouble))
        case let value as Substring: self = .string(String(value))
        case let value as Data: self = .data(value)
        case let value as UUID: self = .uuid(value)
        case let value as URL: self = .url(value.absoluteString)
        case let value as PredicateValue:
            if let any = value.anyValue { self = PredicateScalar(any) } else { self = .other(value) }
        default: self = .other(value)
        }
    }
}

/// A number as the comparison rules see it: an exact integer or a double.
enum PredicateNumber {
    case integer(Int64)
    case double(Double)

    var doubleValue: Double {
        switch self {
        case .integer(let value): return Double(value)
        case .double(let value): return value
        }
    }

    /// -1, 0 or 1; nil when either side is NaN. Integers and doubles compare exactly, as SQLite does.
    static func compare(_ lhs: PredicateNumber, _ rhs: PredicateNumber) -> Int? {
        switch (lhs, rhs) {
        case (.integer(let left), .integer(let right)):
            return left < right ? -1 : (left > right ? 1 : 0)
        case (.double(let left), .double(let right)):
            if left.isNaN || right.isNaN { return nil }
            return left < right ? -1 : (left > right ? 1 : 0)
        case (.integer(let left), .double(let right)):
            return compare(integer: left, double: right)
        case (.double(let left), .integer(let right)):
            return compare(integer: right, double: left).map { -$0 }
        }
    }

    private static func compare(integer: Int64, double: Double) -> Int? {
        if double.isNaN { return nil }
        if double < -9.2233720368547758e18 { return 1 }
        if double >= 9.2233720368547758e18 { return -1 }
        let truncated = Int64(double.rounded(.down))
        if integer != truncated { return integer < truncated ? -1 : 1 }
        let fraction = double - Double(truncated)
        return fraction > 0 ? -1 : 0
    }
}
