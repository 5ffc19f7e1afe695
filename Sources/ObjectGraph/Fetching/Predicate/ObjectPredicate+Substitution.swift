extension ObjectPredicate {
    /// A copy with every `$VARIABLE` replaced by the value given for it.
    ///
    /// Arrays and sets become `{…}` aggregates; the variable a `SUBQUERY` binds is left alone.
    /// ```swift
    /// let template = try ObjectPredicate(format: "year > $YEAR")
    /// let recent = try template.withSubstitutionVariables(["YEAR": 2000])   // year > 2000
    /// ```
    /// - Throws: ``ObjectPredicateError/missingSubstitutionVariable(predicate:name:)`` naming the first
    ///   variable without a value.
    public func withSubstitutionVariables(_ variables: [String: Any]) throws(ObjectPredicateError) -> ObjectPredicate {
        var missing: String?
        let substituted = node.substituting(bound: []) { name in
            guard let value = variables[name] else {
                if missing == nil { missing = name }
                return nil
            }
            return PredicateExpression(argument: value)
        }
        if let missing { throw .missingSubstitutionVariable(predicate: predicateFormat, name: missing) }
        return ObjectPredicate(node: substituted)
    }
}

extension PredicateNode {
    /// Replaces free variables (those no enclosing `SUBQUERY` binds) for which `replacement` returns an
    /// expression.
    func substituting(bound: Set<String>, _ replacement: (String) -> PredicateExpression?) -> PredicateNode {
        switch self {
        case .constant: return self
        case .comparison(var comparison):
            comparison.left = comparison.left.substituting(bound: bound, replacement)
            comparison.right = comparison.right.substituting(bound: bound, replacement)
            return .comparison(comparison)
        case .and(let operands): return .and(operands.map { $0.substituting(bound: bound, replacement) })
        case .or(let operands): return .or(operands.map { $0.substituting(bound: bound, replacement) })
        case .not(let operand): return .not(operand.substituting(bound: bound, replacement))
        }
    }
}

extension PredicateExpression {
    func substituting(bound: Set<String>, _ replacement: (String) -> PredicateExpression?) -> PredicateExpression {
        switch self {
        case .constant, .evaluatedObject: return self
        case .variable(let name):
            if bound.contains(name) { return self }
            return replacement(name) ?? self
        case .keyPath(let base, let components):
            let newBase = base.substituting(bound: bound, replacement)
            if case .keyPath(let root, let prefix) = newBase { return .keyPath(root, prefix + components) }
            return .keyPath(newBase, components)
        case .aggregate(let elements):
            return .aggregate(elements.map { $0.substituting(bound: bound, replacement) })
        case .subquery(let collection, let variable, let predicate):
            return .subquery(
                collection: collection.substituting(bound: bound, replacement), variable: variable,
                predicate: predicate.substituting(bound: bound.union([variable]), replacement))
        case .arithmetic(let op, let left, let right):
            return .arithmetic(
                op, left.substituting(bound: bound, replacement), right.substituting(bound: bound, replacement))
        case .negation(let operand):
            return .negation(operand.substituting(bound: bound, replacement))
        case .index(let base, let index):
            return .index(base.substituting(bound: bound, replacement), index)
        }
    }
}
