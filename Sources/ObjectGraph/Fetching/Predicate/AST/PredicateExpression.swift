/// One side of a comparison: a constant, a key path, a variable, an array literal or a subquery.
indirect enum PredicateExpression: Hashable, Sendable {
    /// A literal or a `%@`/`%d`/`%f` argument.
    case constant(PredicateValue)
    /// `SELF`: the object being evaluated (or, in a subquery, see ``variable``).
    case evaluatedObject
    /// `$NAME`: a substitution variable, or the iteration variable inside `SUBQUERY`.
    case variable(String)
    /// A key path applied to a base: `name`, `theater.name`, `movies.@count`, `$m.year`.
    ///
    /// The base is ``evaluatedObject`` for a plain key path.
    case keyPath(PredicateExpression, [KeyPathComponent])
    /// `{1, 2, 3}`: an array of expressions.
    case aggregate([PredicateExpression])
    /// `SUBQUERY(collection, $variable, predicate)`: the elements of the collection for which the
    /// predicate holds, with `$variable` bound to each element in turn.
    case subquery(collection: PredicateExpression, variable: String, predicate: PredicateNode)
}

/// One step of a key path: a key, or a collection operator such as `@count`.
enum KeyPathComponent: Hashable, Sendable {
    case key(String)
    case collectionOperator(CollectionOperator)
}

/// The collection operators a key path may contain.
enum CollectionOperator: String, Hashable, Sendable, CaseIterable {
    case count = "@count"
    case sum = "@sum"
    case avg = "@avg"
    case min = "@min"
    case max = "@max"
}
