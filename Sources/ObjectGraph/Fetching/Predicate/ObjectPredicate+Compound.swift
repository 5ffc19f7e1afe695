extension ObjectPredicate {
    /// A predicate that holds when every one of `subpredicates` holds; `TRUEPREDICATE` when empty.
    public static func and(_ subpredicates: [ObjectPredicate]) -> ObjectPredicate {
        switch subpredicates.count {
        case 0: return ObjectPredicate(value: true)
        case 1: return subpredicates[0]
        default: return ObjectPredicate(node: .and(subpredicates.map(\.node)))
        }
    }

    /// A predicate that holds when at least one of `subpredicates` holds; `FALSEPREDICATE` when empty.
    public static func or(_ subpredicates: [ObjectPredicate]) -> ObjectPredicate {
        switch subpredicates.count {
        case 0: return ObjectPredicate(value: false)
        case 1: return subpredicates[0]
        default: return ObjectPredicate(node: .or(subpredicates.map(\.node)))
        }
    }

    /// A predicate that holds exactly when `predicate` does not.
    public static func not(_ predicate: ObjectPredicate) -> ObjectPredicate {
        ObjectPredicate(node: .not(predicate.node))
    }
}
