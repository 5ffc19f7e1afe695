/// Evaluates a predicate tree against one object in memory.
///
/// Semantics match the SQL back end exactly (the differential test checks it): comparisons with nil
/// are false except `== nil` and `!=`, `ANY` over nil or an empty collection is false, `ALL` over one
/// is true, and `NOT` simply negates.
struct PredicateEvaluator {
    /// Values of `$VARIABLE`s: substitution variables, and subquery variables while inside one.
    var variables: [String: Any?]

    func evaluate(_ node: PredicateNode, with object: Any?) -> Bool {
        switch node {
        case .constant(let value):
            return value
        case .comparison(let comparison):
            return evaluate(comparison, with: object)
        case .and(let operands):
            return operands.allSatisfy { evaluate($0, with: object) }
        case .or(let operands):
            return operands.contains { evaluate($0, with: object) }
        case .not(let operand):
            return !evaluate(operand, with: object)
        }
    }

    private func evaluate(_ comparison: PredicateComparison, with object: Any?) -> Bool {
        let left = value(of: comparison.left, with: object)
        let right = value(of: comparison.right, with: object)
        switch comparison.modifier {
        case .direct:
            return Self.compare(left, comparison.comparisonOperator, right, options: comparison.options)
        case .any:
            return Self.quantifiedElements(left).contains {
                Self.compare($0, comparison.comparisonOperator, right, options: comparison.options)
            }
        case .all:
            return Self.quantifiedElements(left).allSatisfy {
                Self.compare($0, comparison.comparisonOperator, right, options: comparison.options)
            }
        }
    }

    /// What `ANY`/`ALL` range over: a collection's elements, a single value alone, nil as nothing.
    private static func quantifiedElements(_ value: Any?) -> [Any?] {
        if let elements = PredicateCollection.elements(of: value) { return elements }
        guard let value = PredicateValue.unwrapped(value) else { return [] }
        return [value]
    }

    func value(of expression: PredicateExpression, with object: Any?) -> Any? {
        switch expression {
        case .constant(let constant):
            return constant.anyValue
        case .evaluatedObject:
            return object
        case .variable(let name):
            return variables[name] ?? nil
        case .keyPath(let base, let components):
            return PredicateKeyPathReader.value(of: value(of: base, with: object), along: components[...])
        case .aggregate(let elements):
            return PredicateCollection(elements.map { value(of: $0, with: object) })
        case .subquery(let collection, let variable, let predicate):
            let elements = PredicateCollection.elements(of: value(of: collection, with: object)) ?? []
            var inner = self
            let matching = elements.filter { element in
                inner.variables[variable] = .some(element)
                return inner.evaluate(predicate, with: object)
            }
            return PredicateCollection(matching)
        case .arithmetic(let op, let left, let right):
            return PredicateArithmetic.apply(op, value(of: left, with: object), value(of: right, with: object))
        case .negation(let operand):
            return PredicateArithmetic.negate(value(of: operand, with: object))
        case .index(let base, .key(let key)):
            return PredicateKeyPathReader.value(of: value(of: base, with: object), forKey: key)
        case .index(let base, let index):
            let elements = PredicateCollection.elements(of: value(of: base, with: object))
            switch index {
            case .size: return Int64(elements?.count ?? 0)
            case .first: return elements?.first ?? nil
            case .last: return elements?.last ?? nil
            case .position(let position):
                guard let elements, position >= 0, position < elements.count else { return nil }
                return elements[Int(position)]
            case .key:
                return nil  // handled above
            }
        }
    }

    /// One comparison between two evaluated values.
    static func compare(
        _ left: Any?, _ comparisonOperator: ComparisonOperator, _ right: Any?,
        options: StringComparisonOptions
    ) -> Bool {
        switch comparisonOperator {
        case .equal:
            return PredicateComparisonRules.equal(left, right, options: options)
        case .notEqual:
            return !PredicateComparisonRules.equal(left, right, options: options)
        case .lessThan:
            return PredicateComparisonRules.order(left, right).map { $0 < 0 } ?? false
        case .lessThanOrEqual:
            return PredicateComparisonRules.order(left, right).map { $0 <= 0 } ?? false
        case .greaterThan:
            return PredicateComparisonRules.order(left, right).map { $0 > 0 } ?? false
        case .greaterThanOrEqual:
            return PredicateComparisonRules.order(left, right).map { $0 >= 0 } ?? false
        case .between:
            guard let bounds = PredicateCollection.elements(of: right), bounds.count == 2,
                let low = PredicateComparisonRules.order(left, bounds[0]),
                let high = PredicateComparisonRules.order(left, bounds[1])
            else { return false }
            return low >= 0 && high <= 0
        case .in:
            if let elements = PredicateCollection.elements(of: right) {
                return elements.contains { PredicateComparisonRules.equal(left, $0, options: options) }
            }
            if let text = right as? String, let fragment = left as? String {
                return PredicateStringMatching.search(text, for: fragment, operator: .contains, options: options)
            }
            return false
        case .contains:
            if let elements = PredicateCollection.elements(of: left) {
                return elements.contains { PredicateComparisonRules.equal($0, right, options: options) }
            }
            fallthrough
        case .beginsWith, .endsWith:
            guard let text = left as? String, let pattern = right as? String else { return false }
            return PredicateStringMatching.search(text, for: pattern, operator: comparisonOperator, options: options)
        case .like:
            guard let text = left as? String, let pattern = right as? String else { return false }
            return PredicateStringMatching.like(text, pattern: pattern, options: options)
        case .matches:
            guard let text = left as? String, let pattern = right as? String else { return false }
            return PredicateStringMatching.matches(text, pattern: pattern, options: options)
        }
    }
}
