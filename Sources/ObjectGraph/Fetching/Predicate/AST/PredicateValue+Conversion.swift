import Foundation

extension PredicateValue {
    /// The value as a `Double` when it is a number or a Boolean.
    var doubleValue: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .double(let value): return value
        case .decimal(let value): return value.nearestDouble
        case .bool(let value): return value ? 1 : 0
        default: return nil
        }
    }

    /// The value as an `Int64` when it is an integer or a Boolean.
    var integerValue: Int64? {
        switch self {
        case .integer(let value): return value
        case .bool(let value): return value ? 1 : 0
        default: return nil
        }
    }

    /// Converts a constant the way `CAST(value, "ClassName")` does; nil when the cast makes no sense.
    static func cast(_ value: PredicateValue, to className: String) -> PredicateValue? {
        switch (className, value) {
        case ("NSDate", _):
            // Foundation prints a date as its seconds since 2001-01-01 cast to NSDate.
            return value.doubleValue.map { .date(Date(timeIntervalSinceReferenceDate: $0)) }
        case ("NSNumber", .string(let text)):
            if let integer = Int64(text) { return .integer(integer) }
            return Double(text).map { .double($0) }
        case ("NSNumber", .integer), ("NSNumber", .double), ("NSNumber", .bool):
            return value
        case ("NSDecimalNumber", .string(let text)):
            return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")).map { .decimal($0) }
        case ("NSDecimalNumber", .integer(let integer)):
            return .decimal(Decimal(integer))
        case ("NSString", .string):
            return value
        case ("NSString", .integer(let integer)):
            return .string(String(integer))
        case ("NSString", .double(let double)):
            return .string(String(double))
        case ("NSUUID", .string(let text)):
            return UUID(uuidString: text).map { .uuid($0) }
        case ("NSURL", .string(let text)):
            return URL(string: text).map { .url($0) }
        case ("NSData", .string(let text)):
            return Data(base64Encoded: text).map { .data($0) }
        default:
            return nil
        }
    }
}

extension PredicateExpression {
    /// The expression for a `%@` argument or a substitution value: arrays and sets become `{…}`
    /// aggregates of constants, anything else a constant.
    init(argument: Any?) {
        let argument = PredicateValue.unwrapped(argument)
        if let expression = argument as? PredicateExpression {
            self = expression
        } else if let array = argument as? [Any], !(argument is String) {
            self = .aggregate(array.map { PredicateExpression(argument: $0) })
        } else if let set = argument as? Set<AnyHashable> {
            self = .aggregate(set.map { PredicateExpression(argument: $0.base) })
        } else {
            self = .constant(PredicateValue(argument))
        }
    }
}
