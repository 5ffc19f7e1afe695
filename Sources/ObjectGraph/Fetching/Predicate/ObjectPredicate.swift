/// A condition on objects, written in Apple's predicate format-string language.
///
/// The same predicate filters in memory (``evaluate(with:substitutionVariables:)``, `Array.filter(_:)`)
/// and runs inside the SQLite store, compiled to a `WHERE` clause with every value bound as a parameter.
///
/// ```swift
/// let recent = try ObjectPredicate(format: "year > %d AND name BEGINSWITH[c] %@", 2000, "a")
/// recent.predicateFormat                  // year > 2000 AND name BEGINSWITH[c] "a"
/// recent.evaluate(with: ["year": 2009, "name": "Avatar"])   // true
/// ```
///
/// The grammar is Foundation's: comparisons (`== = != <> < <= > >= => =< BETWEEN IN`), string
/// operators (`BEGINSWITH ENDSWITH CONTAINS LIKE MATCHES` with `[c]`, `[d]`, `[cd]`), `AND OR NOT`
/// (`&& || !`), `ANY ALL NONE SOME`, `SUBQUERY(collection, $x, predicate)`, key paths with
/// `@count @sum @avg @min @max`, arithmetic (`+ - * / **`, unary `-`), `[FIRST] [LAST] [SIZE] [n]`, the format
/// arguments `%@ %K %d %i %ld %f`, `$VARIABLE`,
/// `TRUEPREDICATE`, `FALSEPREDICATE`, `nil`/`NULL`, `SELF`, string, number, date (`CAST(…, "NSDate")`),
/// Boolean (`YES NO TRUE FALSE`) literals and arrays (`{1, 2, 3}`). Reserved words are
/// case-insensitive; a key spelled like one is written with `#` (`#size`).
///
/// Predicates are immutable values: equal when their syntax trees are equal, which is also when
/// their ``predicateFormat`` texts parse to the same tree.
///
/// `@unchecked Sendable`: every stored property is a `let` holding an immutable tree. The only
/// non-`Sendable` content is an object given as a `%@` argument (such as a managed object), which the
/// predicate only reads when it is evaluated, as Foundation's predicates do.
public final class ObjectPredicate: Hashable, CustomStringConvertible, @unchecked Sendable {
    /// The parsed tree both back ends walk.
    let node: PredicateNode

    init(node: PredicateNode) {
        self.node = node
    }

    /// Parses a format string, replacing its format specifiers with `arguments` in order.
    ///
    /// `%@` takes any value (an array or set becomes `{…}`, nil becomes `nil`), `%K` a key path string,
    /// `%d %i %ld` an integer and `%f` a number. A `%` inside quotes is literal (`%%` is one `%`).
    /// - Throws: ``ObjectPredicateError`` quoting the format and pointing at the column of the problem.
    public convenience init(format: String, _ arguments: Any?...) throws(ObjectPredicateError) {
        try self.init(format: format, argumentArray: arguments)
    }

    /// Parses a format string, replacing its format specifiers with the elements of `argumentArray`.
    public convenience init(format: String, argumentArray: [Any?]) throws(ObjectPredicateError) {
        self.init(node: try PredicateParser.parse(format, arguments: argumentArray))
    }

    /// A predicate that is always `value`: `TRUEPREDICATE` or `FALSEPREDICATE`.
    public convenience init(value: Bool) {
        self.init(node: .constant(value))
    }

    /// The predicate in canonical format-string form, e.g. `name == "Up" AND year > 2000`.
    ///
    /// Parsing this text (without arguments) gives an equal predicate, unless the predicate holds an
    /// object (such as a managed object) that has no literal form.
    public var predicateFormat: String { node.formatText }

    /// The same as ``predicateFormat``.
    public var description: String { predicateFormat }

    /// Two predicates are equal when their syntax trees are.
    public static func == (lhs: ObjectPredicate, rhs: ObjectPredicate) -> Bool {
        lhs === rhs || lhs.node == rhs.node
    }

    /// Hashes the syntax tree, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(node)
    }
}
