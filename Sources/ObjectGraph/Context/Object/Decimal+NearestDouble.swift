import Foundation

extension Decimal {
    /// The double nearest to this decimal, read from its text.
    ///
    /// `NSDecimalNumber.doubleValue` is off by an ulp on Linux (19.99 becomes 19.990000000000002,
    /// 12345678901234567890.5 becomes 1.234567890123457e19), while the SQLite store writes a decimal
    /// as the nearest double (DESIGN.md §3.3: Decimal is a REAL column). Every conversion that must
    /// meet a stored decimal — a predicate's bound value, in-memory evaluation, sorting — goes
    /// through this one, so the store and memory compare the same doubles.
    var nearestDouble: Double {
        Double(description) ?? NSDecimalNumber(decimal: self).doubleValue
    }
}
