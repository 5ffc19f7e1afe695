extension PredicateNode {
    /// Whether the predicate may read objects other than the one it is evaluated on: a key path of
    /// more than one key (`employer.name`), a collection operator (`friends.@count`), an index
    /// (`pets[FIRST]`) or a subquery.
    ///
    /// A stored object the context has not changed answers such a predicate with its related
    /// objects' values, which may be unsaved: the store's answer for it cannot be trusted once the
    /// context has pending changes, so the context evaluates it in memory.
    var readsRelatedObjects: Bool {
        switch self {
        case .constant: return false
        case .comparison(let comparison):
            return comparison.left.readsRelatedObjects || comparison.right.readsRelatedObjects
        case .and(let operands), .or(let operands): return operands.contains { $0.readsRelatedObjects }
        case .not(let operand): return operand.readsRelatedObjects
        }
    }
}

extension PredicateExpression {
    /// See ``PredicateNode/readsRelatedObjects``.
    var readsRelatedObjects: Bool {
        switch self {
        case .constant, .evaluatedObject, .variable: return false
        case .keyPath(let base, let components):
            if case .evaluatedObject = base, components.count == 1, case .key = components[0] { return false }
            return true
        case .aggregate(let elements): return elements.contains { $0.readsRelatedObjects }
        case .subquery, .index: return true
        case .arithmetic(_, let left, let right): return left.readsRelatedObjects || right.readsRelatedObjects
        case .negation(let operand): return operand.readsRelatedObjects
        }
    }
}
