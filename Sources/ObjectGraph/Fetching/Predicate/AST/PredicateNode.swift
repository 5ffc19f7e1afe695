/// The syntax tree of a predicate: what `ObjectPredicate` holds after parsing.
///
/// Both back ends walk this one tree: the in-memory evaluator and the SQL compiler. Compound nodes keep
/// the exact nesting the text had (`a AND (b AND c)` stays two levels), so printing and re-parsing
/// gives back an equal tree.
indirect enum PredicateNode: Hashable, Sendable {
    /// `TRUEPREDICATE` (`true`) or `FALSEPREDICATE` (`false`).
    case constant(Bool)
    /// A comparison such as `name BEGINSWITH[c] "a"` or `ANY movies.year > 2000`.
    case comparison(PredicateComparison)
    /// All sub-predicates must hold (`AND`, `&&`).
    case and([PredicateNode])
    /// At least one sub-predicate must hold (`OR`, `||`).
    case or([PredicateNode])
    /// The sub-predicate must not hold (`NOT`, `!`).
    case not(PredicateNode)
}

/// One comparison: `modifier left operator[options] right`.
struct PredicateComparison: Hashable, Sendable {
    /// `ANY`/`SOME`, `ALL` or none. (`NONE` is parsed as `NOT ANY`, as Foundation does.)
    var modifier: ComparisonModifier
    var left: PredicateExpression
    var comparisonOperator: ComparisonOperator
    var options: StringComparisonOptions
    var right: PredicateExpression
}

/// The quantifier in front of a comparison whose left side is a collection.
enum ComparisonModifier: Hashable, Sendable {
    /// A plain comparison of the two values.
    case direct
    /// True when the comparison holds for at least one element (`ANY`, `SOME`).
    case any
    /// True when the comparison holds for every element (`ALL`); true for an empty collection.
    case all
}

/// The comparison operators of the format-string grammar.
enum ComparisonOperator: String, Hashable, Sendable, CaseIterable {
    case lessThan = "<"
    case lessThanOrEqual = "<="
    case greaterThan = ">"
    case greaterThanOrEqual = ">="
    case equal = "=="
    case notEqual = "!="
    case beginsWith = "BEGINSWITH"
    case endsWith = "ENDSWITH"
    case contains = "CONTAINS"
    case like = "LIKE"
    case matches = "MATCHES"
    case `in` = "IN"
    case between = "BETWEEN"

    /// Whether the operator compares text and so accepts `[c]`, `[d]`, `[cd]`.
    var acceptsStringOptions: Bool {
        switch self {
        case .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual, .between: return false
        default: return true
        }
    }
}

/// The `[c]` (case-insensitive) and `[d]` (diacritic-insensitive) flags of a string comparison.
struct StringComparisonOptions: OptionSet, Hashable, Sendable {
    let rawValue: UInt8
    static let caseInsensitive = StringComparisonOptions(rawValue: 1)
    static let diacriticInsensitive = StringComparisonOptions(rawValue: 2)

    /// The text between the brackets, `c`, `d` or `cd`; empty when no flag is set.
    var formatText: String {
        (contains(.caseInsensitive) ? "c" : "") + (contains(.diacriticInsensitive) ? "d" : "")
    }
}
