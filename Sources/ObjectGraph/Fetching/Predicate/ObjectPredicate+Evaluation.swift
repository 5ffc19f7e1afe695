extension ObjectPredicate {
    /// Whether `object` satisfies the predicate.
    ///
    /// `object` may be anything that answers keys: a ``KeyValueReadable`` (such as a managed object),
    /// a `[String: Any]` dictionary, or, for `SELF` comparisons, a plain value. `substitutionVariables`
    /// supply `$VARIABLE`s; a variable without a value reads as nil.
    ///
    /// ```swift
    /// let predicate = try ObjectPredicate(format: "ANY movies.year > 2000")
    /// predicate.evaluate(with: ["movies": [["year": 1999], ["year": 2009]]])   // true
    /// ```
    public func evaluate(with object: Any?, substitutionVariables: [String: Any] = [:]) -> Bool {
        let variables = substitutionVariables.mapValues { PredicateValue.unwrapped($0) }
        return PredicateEvaluator(variables: variables).evaluate(node, with: object)
    }
}

extension Array {
    /// The elements that satisfy `predicate`, in order.
    ///
    /// ```swift
    /// let movies: [[String: Any]] = [["name": "Up", "year": 2009], ["name": "Heat", "year": 1995]]
    /// movies.filter(try ObjectPredicate(format: "year > 2000"))   // [["name": "Up", "year": 2009]]
    /// ```
    public func filter(_ predicate: ObjectPredicate) -> [Element] {
        let evaluator = PredicateEvaluator(variables: [:])
        return filter { evaluator.evaluate(predicate.node, with: $0) }
    }
}
