/// What happens to a relationship's destination when its source object is deleted.
///
/// The raw values are Apple's `NSDeleteRule` codes, as archived in model caches.
public enum DeleteRule: UInt, CaseIterable, Sendable {
    /// Nothing: the destination keeps pointing at the deleted object (the caller must fix it).
    case noAction = 0
    /// The destination's inverse relationship forgets the deleted object.
    case nullify = 1
    /// The destination objects are deleted too.
    case cascade = 2
    /// Deleting is refused while the relationship still has destination objects.
    case deny = 3

    /// The spelling in Xcode's model XML (`deletionRule="Cascade"`).
    public var xcodeName: String {
        switch self {
        case .noAction: "No Action"
        case .nullify: "Nullify"
        case .cascade: "Cascade"
        case .deny: "Deny"
        }
    }

    /// The rule Xcode's model XML names `name`, or nil when there is none.
    public init?(xcodeName name: String) {
        guard let rule = DeleteRule.allCases.first(where: { $0.xcodeName == name }) else { return nil }
        self = rule
    }
}
