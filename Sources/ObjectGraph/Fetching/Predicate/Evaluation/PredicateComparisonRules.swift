import Foundation

/// Equality and ordering of two evaluated values, with Foundation's meaning and SQLite's precision.
///
/// - nil equals only nil, and is neither less nor greater than anything.
/// - Numbers (any integer or floating type, `Decimal`, `Bool`) compare by value across types.
/// - Strings compare literally by Unicode scalar (the order of SQLite's BINARY collation), or after
///   folding case and/or diacritics for `[c]`, `[d]`, `[cd]`.
/// - Dates compare in time; data, UUIDs and URLs only by equality; values of different classes are
///   never equal.
/// - Objects compare through ``PredicateObjectIdentity`` when they adopt it, else as `Hashable`
///   values, else by identity.
enum PredicateComparisonRules {
    static func equal(_ lhs: Any?, _ rhs: Any?, options: StringComparisonOptions = []) -> Bool {
        let lhs = PredicateValue.unwrapped(lhs)
        let rhs = PredicateValue.unwrapped(rhs)
        guard let lhs, let rhs else { return lhs == nil && rhs == nil }
        let leftElements = PredicateCollection.elements(of: lhs)
        let rightElements = PredicateCollection.elements(of: rhs)
        if leftElements != nil || rightElements != nil {
            guard let leftElements, let rightElements, leftElements.count == rightElements.count else { return false }
            return zip(leftElements, rightElements).allSatisfy { equal($0, $1, options: options) }
        }
        switch (PredicateScalar(lhs), PredicateScalar(rhs)) {
        case (.number(let left), .number(let right)): return PredicateNumber.compare(left, right) == 0
        case (.string(let left), .string(let right)):
            return PredicateStringMatching.equal(left, right, options: options)
        case (.date(let left), .date(let right)):
            return left.timeIntervalSinceReferenceDate == right.timeIntervalSinceReferenceDate
        case (.data(let left), .data(let right)): return left == right
        case (.uuid(let left), .uuid(let right)): return left == right
        case (.url(let left), .url(let right)): return left == right
        case (.other(let left), .other(let right)): return objectsEqual(left, right)
        default: return false
        }
    }

    /// -1, 0 or 1 when the two values are ordered (numbers, strings, dates); nil otherwise.
    static func order(_ lhs: Any?, _ rhs: Any?) -> Int? {
        guard let lhs = PredicateValue.unwrapped(lhs), let rhs = PredicateValue.unwrapped(rhs) else { return nil }
        switch (PredicateScalar(lhs), PredicateScalar(rhs)) {
        case (.number(let left), .number(let right)):
            return PredicateNumber.compare(left, right)
        case (.string(let left), .string(let right)):
            return PredicateStringMatching.compareLiterally(left, right)
        case (.date(let left), .date(let right)):
            return PredicateNumber.compare(
                .double(left.timeIntervalSinceReferenceDate),
                .double(right.timeIntervalSinceReferenceDate))
        default:
            return nil
        }
    }

    private static func objectsEqual(_ lhs: Any, _ rhs: Any) -> Bool {
        if let left = lhs as? any PredicateObjectIdentity, let right = rhs as? any PredicateObjectIdentity {
            return left.predicateIdentity == right.predicateIdentity
        }
        if let left = lhs as? AnyHashable, let right = rhs as? AnyHashable { return left == right }
        if type(of: lhs) is AnyClass, type(of: rhs) is AnyClass { return (lhs as AnyObject) === (rhs as AnyObject) }
        return false
    }
}

/// An object a predicate compares by a stable identity rather than by reference, so a managed object
/// equals its object ID in `theater == %@`, and the SQL back end can bind its primary key.
public protocol PredicateObjectIdentity {
    /// The value equality is decided on (for managed objects and their IDs: the object ID).
    var predicateIdentity: AnyHashable { get }
    /// The row's primary key (`Z_PK`) when the object is saved in a store; nil while it is unsaved.
    var predicatePrimaryKey: Int64? { get }
    /// The object's entity, which tells the SQL back end which table the key belongs to.
    var predicateEntity: EntityDescription? { get }
}
