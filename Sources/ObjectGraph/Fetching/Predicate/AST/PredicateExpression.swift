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
    /// `a + b`, `a - b`, `a * b`, `a / b`, `a ** b` on numbers.
    case arithmetic(ArithmeticOperator, PredicateExpression, PredicateExpression)
    /// `-a` for anything but a number literal (`-5` is the constant).
    case negation(PredicateExpression)
    /// `collection[FIRST]`, `[LAST]`, `[SIZE]` or `[n]`, or `dictionary["key"]`.
    case index(PredicateExpression, PredicateIndex)
}

/// What `[…]` picks from an ordered collection, or from a dictionary.
enum PredicateIndex: Hashable, Sendable {
    case first
    case last
    /// The number of elements (like `@count`).
    case size
    /// The element at a 0-based position.
    case position(Int64)
    /// A dictionary's entry for a key: `info["color"]` (in memory only; a store keeps
    /// dictionaries as transformable data, which SQL cannot look into).
    case key(String)

    var formatText: String {
        switch self {
        case .first: return "[FIRST]"
        case .last: return "[LAST]"
        case .size: return "[SIZE]"
        case .position(let position): return "[\(position)]"
        case .key(let key): return "[" + PredicateValue.string(key).formatText + "]"
        }
    }
}

/// The arithmetic operators of the expression grammar, with their binding strength.
enum ArithmeticOperator: String, Hashable, Sendable, CaseIterable {
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
    case power = "**"

    /// Higher binds tighter: `+ -` 1, `* /` 2, `**` 4 (right-associative); a leading minus sits
    /// between, at ``negationPrecedence`` (`-a ** 2` is `-(a ** 2)`).
    var precedence: Int {
        switch self {
        case .add, .subtract: return 1
        case .multiply, .divide: return 2
        case .power: return 4
        }
    }

    /// How tightly a leading `-` binds.
    static let negationPrecedence = 3
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
