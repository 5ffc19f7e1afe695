/// How many objects a to-many relationship may hold, by the one rule both save validation and
/// the store inspector's `check` follow.
///
/// Apple's `NSRelationshipDescription` reference: "The maximum and minimum counts for a
/// relationship indicate the number of objects referenced (1/1 for a to-one relationship, 0 means
/// undefined). The counts are only enforced if the relationship value in the containing object is
/// not nil." So a minimum or maximum of 0 sets no bound, a relationship holding nothing (nil)
/// is not counted, and an optional relationship may be empty whatever its minimum. Making a
/// to-many non-optional adds no minimum of its own: real stores Core Data saved hold empty
/// non-optional to-many relationships whose minimum is not set.
public enum RelationshipCountViolation: Equatable, Sendable {
    /// Fewer objects than the relationship's `minCount` (Core Data's 1580).
    case tooFew(count: Int, minimum: Int)
    /// More objects than the relationship's `maxCount` (Core Data's 1590).
    case tooMany(count: Int, maximum: Int)
}

extension RelationshipDescription {
    /// The smallest number of objects enforced: `minCount`, or nil when it is not set (0).
    public var minimumCount: Int? { minCount > 0 ? minCount : nil }

    /// Whether holding no objects is always valid: the relationship is optional or sets no minimum.
    public var allowsNoObjects: Bool { isOptional || minimumCount == nil }

    /// Whether any count can be wrong, so a checker can skip relationships with nothing to enforce.
    public var hasCountBounds: Bool { isToMany && (minimumCount != nil || maximumCount != nil) }

    /// What is wrong with holding `count` objects (nil: the relationship holds nothing, not even
    /// an empty set), or nil when it is allowed.
    public func countViolation(holding count: Int?) -> RelationshipCountViolation? {
        guard isToMany, let count else { return nil }
        if count == 0, allowsNoObjects { return nil }
        if let minimum = minimumCount, count < minimum { return .tooFew(count: count, minimum: minimum) }
        if let maximum = maximumCount, count > maximum { return .tooMany(count: count, maximum: maximum) }
        return nil
    }

    /// The allowed counts in words, like `1…∞`, `none or 2…5` or `0…3`.
    public var allowedCountDescription: String {
        let range = "\(minimumCount ?? 0)…\(maximumCount.map(String.init) ?? "∞")"
        return isOptional && minimumCount != nil ? "none or " + range : range
    }
}
