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

    /// The operator of an operation code; unknown codes compare for equality.
    static func searchOperator(code: Int64?) -> ComparisonOperator {
        switch code {
        case 1: return .beginsWith
        case 2: return .endsWith
        case 3: return .contains
        default: return .equal
        }
    }

    /// One call of `NSCoreDataStringSearch`. ASCII operands are matched on the bytes SQLite holds,
    /// without making Strings (this runs once per row); other text takes the Unicode path.
    static func stringSearch(_ arguments: FunctionArguments) -> Bool {
        // A NULL operation or flags argument reads as 0, which means what nil does (`==`, no flags).
        let options = StringComparisonOptions(rawValue: UInt8(truncatingIfNeeded: arguments.integer(at: 3)) & 3)
        let op = searchOperator(code: arguments.integer(at: 2))
        // `withUTF8` lends text only (nil for anything else), so the common case, two texts, costs
        // no separate look at the arguments' types.
        let fast = arguments.withUTF8(at: 0) { text in
            arguments.withUTF8(at: 1) { pattern in
                PredicateStringMatching.searchASCII(text, for: pattern, operator: op, options: options)
            }
        }
        switch fast {
        case .some(.some(.some(let result))):
            return result
        case .some(.some(.none)):
            // Two texts the bytes cannot decide: the Unicode path.
            guard case .text(let text) = arguments[0], case .text(let pattern) = arguments[1] else { return false }
            return op == .equal
                ? PredicateStringMatching.equal(text, pattern, options: options)
                : PredicateStringMatching.search(text, for: pattern, operator: op, options: options)
        default:
            return op == .equal && arguments.type(at: 0) == .null && arguments.type(at: 1) == .null
        }
    }
}

/// Installs the functions compiled predicates use (`NSCoreDataStringSearch`, `NSCoreDataLike`,
/// `NSCoreDataMatches`, `NSCoreDataPower`) on `database`. Call it once per connection before running ``PredicateSQL``.
///
/// - Throws: `SQLiteError` when SQLite refuses the registration.
public func registerPredicateFunctions(on database: Database) throws {
    try database.createInPlaceFunction(PredicateSQLFunction.stringSearch, argumentCount: 4) { arguments in
        .integer(PredicateSQLFunction.stringSearch(arguments) ? 1 : 0)
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
