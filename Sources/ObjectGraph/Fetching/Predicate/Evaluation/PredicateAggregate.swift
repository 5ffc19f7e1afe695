/// The collection operators `@count @sum @avg @min @max`, computed the way SQLite's `COUNT`, `SUM`,
/// `AVG`, `MIN` and `MAX` compute them, so memory and store agree.
enum PredicateAggregate {
    static func apply(_ op: CollectionOperator, to values: [Any?]) -> Any? {
        switch op {
        case .count:
            return Int64(values.count)
        case .sum:
            return sum(of: numbers(in: values)) ?? Int64(0)
        case .avg:
            let numbers = numbers(in: values)
            guard !numbers.isEmpty else { return nil }
            switch sum(of: numbers) {
            case let total as Int64: return Double(total) / Double(numbers.count)
            case let total as Double: return total / Double(numbers.count)
            default: return nil
            }
        case .min, .max:
            var best: Any?
            for value in values {
                guard let value else { continue }
                guard let current = best else {
                    best = value
                    continue
                }
                guard let order = PredicateComparisonRules.order(value, current) else { continue }
                if (op == .min && order < 0) || (op == .max && order > 0) { best = value }
            }
            return best
        }
    }

    /// The non-nil numeric values; SQLite's aggregates skip NULLs the same way.
    private static func numbers(in values: [Any?]) -> [PredicateNumber] {
        values.compactMap { value in
            guard let value, case .number(let number) = PredicateScalar(value) else { return nil }
            return number
        }
    }

    /// An exact integer sum while every value is an integer and it fits; otherwise a compensated
    /// (Kahan–Babuška–Neumaier) floating-point sum, the method SQLite uses for `SUM` and `AVG`.
    private static func sum(of numbers: [PredicateNumber]) -> Any? {
        guard !numbers.isEmpty else { return nil }
        var integerTotal: Int64 = 0
        var allIntegers = true
        for number in numbers {
            guard case .integer(let value) = number else {
                allIntegers = false
                break
            }
            let (result, overflow) = integerTotal.addingReportingOverflow(value)
            if overflow {
                allIntegers = false
                break
            }
            integerTotal = result
        }
        if allIntegers { return integerTotal }
        var total = 0.0
        var compensation = 0.0
        for number in numbers {
            let value = number.doubleValue
            let next = total + value
            if abs(total) >= abs(value) {
                compensation += (total - next) + value
            } else {
                compensation += (value - next) + total
            }
            total = next
        }
        return total + compensation
    }
}
