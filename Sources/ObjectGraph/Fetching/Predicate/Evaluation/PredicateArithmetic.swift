import Foundation

/// `+ - * / **` and unary minus on evaluated values, computed as SQLite computes them so both back
/// ends agree: integers stay exact until they overflow (then the result is a double), `/` always
/// divides as doubles, and dividing by zero, or any operand that is nil or not a number, gives nil.
enum PredicateArithmetic {
    static func apply(_ op: ArithmeticOperator, _ left: Any?, _ right: Any?) -> Any? {
        guard let left = number(left), let right = number(right) else { return nil }
        switch (op, left, right) {
        case (.add, .integer(let a), .integer(let b)):
            let (sum, overflow) = a.addingReportingOverflow(b)
            return overflow ? Double(a) + Double(b) : sum
        case (.subtract, .integer(let a), .integer(let b)):
            let (difference, overflow) = a.subtractingReportingOverflow(b)
            return overflow ? Double(a) - Double(b) : difference
        case (.multiply, .integer(let a), .integer(let b)):
            let (product, overflow) = a.multipliedReportingOverflow(by: b)
            return overflow ? Double(a) * Double(b) : product
        case (.add, _, _): return left.doubleValue + right.doubleValue
        case (.subtract, _, _): return left.doubleValue - right.doubleValue
        case (.multiply, _, _): return left.doubleValue * right.doubleValue
        case (.divide, _, _):
            return right.doubleValue == 0 ? nil : left.doubleValue / right.doubleValue
        case (.power, _, _):
            return finite(pow(left.doubleValue, right.doubleValue))
        }
    }

    static func negate(_ value: Any?) -> Any? {
        switch number(value) {
        case .integer(let integer)?: return integer == .min ? -Double(integer) : -integer
        case .double(let double)?: return -double
        case nil: return nil
        }
    }

    /// SQLite has no NaN: a NaN result reads back as NULL.
    static func finite(_ value: Double) -> Double? { value.isNaN ? nil : value }

    private static func number(_ value: Any?) -> PredicateNumber? {
        guard let value = PredicateValue.unwrapped(value), case .number(let number) = PredicateScalar(value) else {
            return nil
        }
        return number
    }
}
