import SQLite

/// The SQL functions compiled predicates call, and their registration.
///
/// They run the very code the in-memory evaluator runs (``PredicateStringMatching``), so `[c]`/`[d]`
/// folding, `LIKE` wildcards and `MATCHES` regular expressions give the same answers in both back ends.
/// Each returns 0 or 1, never NULL: a NULL text gives 0, except that `NULL` equals `NULL`.
enum PredicateSQLFunction {
    /// `NSCoreDataStringSearch(text, pattern, operation, flags)`: operation 0 `==`, 1 `BEGINSWITH`,
    /// 2 `ENDSWITH`, 3 `CONTAINS`; flags 1 `[c]`, 2 `[d]`, 3 `[cd]`.
    static let stringSearch = "NSCoreDataStringSearch"
    /// `NSCoreDataLike(text, pattern, flags)`.
    static let like = "NSCoreDataLike"
    /// `NSCoreDataMatches(text, pattern, flags)`.
    static let matches = "NSCoreDataMatches"
    /// `NSCoreDataPower(base, exponent)`: `**`, as a REAL (NULL for NULL input or a NaN result).
    static let power = "NSCoreDataPower"

    static func flags(_ options: StringComparisonOptions) -> Int { Int(options.rawValue) }

    /// The operation code of `NSCoreDataStringSearch`; nil for LIKE and MATCHES, which have their own.
    static func searchCode(_ op: ComparisonOperator) -> Int? {
        switch op {
        case .equal: return 0
        case .beginsWith: return 1
        case .endsWith: return 2
        case .contains: return 3
        default: return nil
        }
    }

    static let operatorsByCode: [Int64: ComparisonOperator] = [0: .equal, 1: .beginsWith, 2: .endsWith, 3: .contains]
}

/// Installs the functions compiled predicates use (`NSCoreDataStringSearch`, `NSCoreDataLike`,
/// `NSCoreDataMatches`, `NSCoreDataPower`) on `database`. Call it once per connection before running ``PredicateSQL``.
///
/// - Throws: `SQLiteError` when SQLite refuses the registration.
public func registerPredicateFunctions(on database: Database) throws {
    try database.createFunction(PredicateSQLFunction.stringSearch, argumentCount: 4) { arguments in
        let options = StringComparisonOptions(rawValue: UInt8(truncatingIfNeeded: arguments[3].int64Value ?? 0) & 3)
        let op = PredicateSQLFunction.operatorsByCode[arguments[2].int64Value ?? -1] ?? .equal
        switch (arguments[0], arguments[1]) {
        case (.null, .null):
            return .integer(op == .equal ? 1 : 0)
        case (.text(let text), .text(let pattern)):
            let result =
                op == .equal
                ? PredicateStringMatching.equal(text, pattern, options: options)
                : PredicateStringMatching.search(text, for: pattern, operator: op, options: options)
            return .integer(result ? 1 : 0)
        default:
            return .integer(0)
        }
    }
    try database.createFunction(PredicateSQLFunction.like, argumentCount: 3) { arguments in
        guard case .text(let text) = arguments[0], case .text(let pattern) = arguments[1] else { return .integer(0) }
        let options = StringComparisonOptions(rawValue: UInt8(truncatingIfNeeded: arguments[2].int64Value ?? 0) & 3)
        return .integer(PredicateStringMatching.like(text, pattern: pattern, options: options) ? 1 : 0)
    }
    try database.createFunction(PredicateSQLFunction.matches, argumentCount: 3) { arguments in
        guard case .text(let text) = arguments[0], case .text(let pattern) = arguments[1] else { return .integer(0) }
        let options = StringComparisonOptions(rawValue: UInt8(truncatingIfNeeded: arguments[2].int64Value ?? 0) & 3)
        return .integer(PredicateStringMatching.matches(text, pattern: pattern, options: options) ? 1 : 0)
    }
    try database.createFunction(PredicateSQLFunction.power, argumentCount: 2) { arguments in
        guard let base = arguments[0].doubleValue, let exponent = arguments[1].doubleValue,
            let result = PredicateArithmetic.apply(.power, base, exponent) as? Double
        else { return .null }
        return .real(result)
    }
}
