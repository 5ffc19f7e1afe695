/// Checks that every key a predicate reads from its entity exists, and that it has no
/// substitution variable left without a value, for the stores that evaluate predicates in memory:
/// the SQLite store's compiler refuses both
/// (``ObjectPredicateError/unknownKey(predicate:entity:key:closestKey:)``), and the in-memory store
/// must not quietly answer "no match" instead.
///
/// Key paths are walked from the entity (for `SELF`) or from a `SUBQUERY` variable's entity
/// through relationships; the walk stops at an attribute, a fetched property or `@count`, and
/// key paths that start from a constant or a substitution variable are not checked.
struct PredicateKeyChecker {
    /// The predicate's text, for the error.
    let predicateFormat: String

    /// Throws for the first key in `node` that `entity` (or the entity a relationship leads to)
    /// does not have.
    static func check(_ predicate: ObjectPredicate, entity: EntityDescription) throws(ObjectPredicateError) {
        try PredicateKeyChecker(predicateFormat: predicate.predicateFormat)
            .check(predicate.node, entity: entity, variables: [:])
    }

    private func check(
        _ node: PredicateNode, entity: EntityDescription, variables: [String: EntityDescription?]
    ) throws(ObjectPredicateError) {
        switch node {
        case .constant: return
        case .comparison(let comparison):
            try check(comparison.left, entity: entity, variables: variables)
            try check(comparison.right, entity: entity, variables: variables)
        case .and(let operands), .or(let operands):
            for operand in operands { try check(operand, entity: entity, variables: variables) }
        case .not(let operand):
            try check(operand, entity: entity, variables: variables)
        }
    }

    private func check(
        _ expression: PredicateExpression, entity: EntityDescription, variables: [String: EntityDescription?]
    ) throws(ObjectPredicateError) {
        switch expression {
        case .constant, .evaluatedObject:
            return
        case .variable(let name):
            try requireBound(name, variables)
        case .keyPath:
            _ = try destination(of: expression, entity: entity, variables: variables)
        case .aggregate(let elements):
            for element in elements { try check(element, entity: entity, variables: variables) }
        case .subquery(let collection, let variable, let predicate):
            var inner = variables
            inner[variable] = .some(try destination(of: collection, entity: entity, variables: variables))
            try check(predicate, entity: entity, variables: inner)
        case .arithmetic(_, let left, let right):
            try check(left, entity: entity, variables: variables)
            try check(right, entity: entity, variables: variables)
        case .negation(let operand), .index(let operand, _):
            try check(operand, entity: entity, variables: variables)
        }
    }

    /// Throws for a `$name` that no enclosing `SUBQUERY` binds: a substitution variable the caller
    /// did not replace (``ObjectPredicate/withSubstitutionVariables(_:)``).
    private func requireBound(_ name: String, _ variables: [String: EntityDescription?]) throws(ObjectPredicateError) {
        guard variables.keys.contains(name) else {
            throw .missingSubstitutionVariable(predicate: predicateFormat, name: name)
        }
    }

    /// The entity a key path's objects belong to (nil when it ends at a value or is not walked),
    /// throwing for a key the entity it is read from does not have.
    private func destination(
        of expression: PredicateExpression, entity: EntityDescription, variables: [String: EntityDescription?]
    ) throws(ObjectPredicateError) -> EntityDescription? {
        guard case .keyPath(let base, let components) = expression else {
            try check(expression, entity: entity, variables: variables)
            return nil
        }
        var current: EntityDescription?
        switch base {
        case .evaluatedObject: current = entity
        case .variable(let name):
            try requireBound(name, variables)
            current = variables[name] ?? nil
        case .subquery(let collection, _, _):
            try check(base, entity: entity, variables: variables)
            current = try destination(of: collection, entity: entity, variables: variables)
        default:
            try check(base, entity: entity, variables: variables)
            return nil
        }
        for component in components {
            guard let owner = current else { return nil }
            switch component {
            case .collectionOperator(let op):
                if op == .count { return nil }
            case .key(let key):
                guard let property = owner.propertiesByName[key] else {
                    throw .unknownKey(
                        predicate: predicateFormat, entity: owner.name, key: key,
                        closestKey: KeySuggestion.closest(to: key, among: Array(owner.propertiesByName.keys)))
                }
                current = (property as? RelationshipDescription)?.destinationEntity
            }
        }
        return current
    }
}
