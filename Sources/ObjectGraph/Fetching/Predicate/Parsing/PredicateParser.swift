import Foundation

/// Turns a format string (and its arguments) into a ``PredicateNode``.
///
/// Grammar, lowest precedence first:
/// ```
/// predicate   := and ( (OR | ||) and )*
/// and         := not ( (AND | &&) not )*
/// not         := (NOT | !) not | '(' predicate ')' | TRUEPREDICATE | FALSEPREDICATE | comparison
/// comparison  := [ANY | SOME | ALL | NONE] expression operator ['[' c|d|cd ']'] expression
/// expression  := term ( ('+' | '-') term )*
/// term        := unary ( ('*' | '/') unary )*
/// unary       := '-' unary | power
/// power       := postfix [ '**' unary ]
/// postfix     := primary ( '.' key | '.' @operator )*
/// primary     := literal | key | $VAR | %@ | %K | %d… | SELF | '{' list '}' | SUBQUERY(…) | CAST(…)
///              | '(' expression ')'
/// ```
/// A `(` where a predicate may start is read as a group of predicates, and as a parenthesised
/// expression (`(year + 1) * 2 > 4000`) when that fails.
/// ```
/// ```
struct PredicateParser {
    private let format: String
    private let tokens: [PredicateToken]
    private var position = 0
    private let arguments: [Any?]
    private var argumentIndex = 0
    /// How deeply groups, `NOT`s, subqueries and expressions are nested right now.
    private var depth = 0
    /// Deeper nesting is refused, so hostile input cannot exhaust the stack.
    static let maximumDepth = 200
    /// The column of every scalar offset of the format, worked out once: errors are made (and
    /// mostly dropped) on every reading tried, and counting characters each time made a fuzzed
    /// 234-byte predicate take seconds.
    private let columns: [Int]
    /// What is left of the work allowed, shared by the copies backtracking makes (a class).
    private let budget: ParseBudget

    /// The primaries a parse may read, counting every reading tried: a parenthesis starts either a
    /// group or an expression, so nested ones are read more than once, polynomially more for
    /// hostile nesting. Real predicates read each primary a few times.
    private final class ParseBudget {
        var remaining: Int

        init(tokens: Int) { remaining = 10_000 + 64 * tokens }
    }

    /// Parses a whole format string; `arguments` feed its format specifiers in order.
    static func parse(_ format: String, arguments: [Any?]) throws(ObjectPredicateError) -> PredicateNode {
        var parser = PredicateParser(format: format, tokens: try PredicateLexer.tokenize(format), arguments: arguments)
        let node = try parser.parsePredicate()
        guard parser.current.kind == .end else {
            throw parser.unexpected(expected: "AND, OR or the end of the predicate")
        }
        return node
    }

    private init(format: String, tokens: [PredicateToken], arguments: [Any?]) {
        self.format = format
        self.tokens = tokens
        self.arguments = arguments
        self.columns = Self.columnTable(of: format)
        self.budget = ParseBudget(tokens: tokens.count)
    }

    /// For each scalar offset, the 1-based column of the character it belongs to, as counting the
    /// characters of the text before it would give (a scalar inside a character counts that
    /// character as begun).
    private static func columnTable(of format: String) -> [Int] {
        var table: [Int] = []
        for (index, character) in format.enumerated() {
            for position in character.unicodeScalars.indices {
                table.append(position == character.unicodeScalars.startIndex ? index + 1 : index + 2)
            }
        }
        return table
    }

    // MARK: - Tokens

    private var current: PredicateToken { tokens[position] }

    private mutating func advance() -> PredicateToken {
        let token = tokens[position]
        if position < tokens.count - 1 { position += 1 }
        return token
    }

    private func isSymbol(_ symbol: String) -> Bool { current.kind == .symbol(symbol) }

    private func isKeyword(_ keyword: PredicateKeyword) -> Bool { current.kind == .keyword(keyword) }

    private mutating func expectSymbol(_ symbol: String) throws(ObjectPredicateError) {
        guard isSymbol(symbol) else { throw unexpected(expected: "'\(symbol)'") }
        _ = advance()
    }

    private func unexpected(expected: String) -> ObjectPredicateError {
        .unexpectedToken(
            predicate: format, column: column(current.offset), found: current.errorDescription,
            expected: expected)
    }

    /// The 1-based character column of a scalar offset in the format.
    private func column(_ offset: Int) -> Int {
        guard offset >= 0, offset < columns.count else { return PredicateColumn.column(in: format, offset: offset) }
        return columns[offset]
    }

    private mutating func enterNesting() throws(ObjectPredicateError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw .invalidValue(
                predicate: format, column: column(current.offset),
                message: "the predicate is nested more than \(Self.maximumDepth) levels deep")
        }
    }

    // MARK: - Predicates

    private mutating func parsePredicate() throws(ObjectPredicateError) -> PredicateNode {
        var operands = [try parseAnd()]
        while isKeyword(.or) || isSymbol("||") {
            _ = advance()
            operands.append(try parseAnd())
        }
        return operands.count == 1 ? operands[0] : .or(operands)
    }

    private mutating func parseAnd() throws(ObjectPredicateError) -> PredicateNode {
        var operands = [try parseNot()]
        while isKeyword(.and) || isSymbol("&&") {
            _ = advance()
            operands.append(try parseNot())
        }
        return operands.count == 1 ? operands[0] : .and(operands)
    }

    private mutating func parseNot() throws(ObjectPredicateError) -> PredicateNode {
        try enterNesting()
        defer { depth -= 1 }
        if isKeyword(.not) || isSymbol("!") {
            _ = advance()
            return .not(try parseNot())
        }
        if isSymbol("(") {
            let saved = self
            do throws(ObjectPredicateError) {
                _ = advance()
                let node = try parsePredicate()
                try expectSymbol(")")
                return node
            } catch {
                // Perhaps a parenthesised expression starting a comparison; report whichever reading
                // got further.
                let groupError = error
                self = saved
                do throws(ObjectPredicateError) {
                    return try parseComparison()
                } catch {
                    return try Self.furthest(groupError, error)
                }
            }
        }
        if isKeyword(.truePredicate) {
            _ = advance()
            return .constant(true)
        }
        if isKeyword(.falsePredicate) {
            _ = advance()
            return .constant(false)
        }
        return try parseComparison()
    }

    private mutating func parseComparison() throws(ObjectPredicateError) -> PredicateNode {
        var modifier = ComparisonModifier.direct
        var negated = false
        switch current.kind {
        case .keyword(.any), .keyword(.some): modifier = .any
        case .keyword(.all): modifier = .all
        case .keyword(.none):
            // Foundation reads `NONE x op y` as `NOT (ANY x op y)`.
            modifier = .any
            negated = true
        default: break
        }
        if modifier != .direct { _ = advance() }
        let left = try parseExpression(expected: "a predicate")
        let operatorToken = current
        guard let comparisonOperator = parseOperator() else {
            throw unexpected(expected: "a comparison operator such as ==, <, BEGINSWITH or IN")
        }
        var options = StringComparisonOptions()
        if isSymbol("[") {
            let optionsOffset = current.offset
            _ = advance()
            guard case .identifier(let flags) = current.kind else { throw unexpected(expected: "c, d or cd") }
            _ = advance()
            for flag in flags.lowercased() {
                switch flag {
                case "c": options.insert(.caseInsensitive)
                case "d": options.insert(.diacriticInsensitive)
                case "n": break  // "normalized": an optimisation hint in Foundation, with no effect on results.
                default:
                    throw .invalidValue(
                        predicate: format, column: column(optionsOffset + 1),
                        message: "unknown comparison option '\(flag)' (use c, d or cd)")
                }
            }
            try expectSymbol("]")
            guard comparisonOperator.acceptsStringOptions || options.isEmpty else {
                throw .invalidValue(
                    predicate: format, column: column(optionsOffset),
                    message: "'\(operatorToken.text)' does not take [\(options.formatText)]")
            }
        }
        let rightOffset = current.offset
        let right = try parseExpression(expected: "a value")
        if comparisonOperator == .between, case .aggregate(let bounds) = right, bounds.count != 2 {
            throw .invalidValue(
                predicate: format, column: column(rightOffset),
                message: "BETWEEN needs exactly two bounds, {low, high}, not \(bounds.count)")
        }
        let comparison = PredicateNode.comparison(
            PredicateComparison(
                modifier: modifier, left: left, comparisonOperator: comparisonOperator, options: options, right: right))
        return negated ? .not(comparison) : comparison
    }

    private mutating func parseOperator() -> ComparisonOperator? {
        let result: ComparisonOperator?
        switch current.kind {
        case .symbol("=="): result = .equal
        case .symbol("!="): result = .notEqual
        case .symbol("<"): result = .lessThan
        case .symbol("<="): result = .lessThanOrEqual
        case .symbol(">"): result = .greaterThan
        case .symbol(">="): result = .greaterThanOrEqual
        case .keyword(.beginsWith): result = .beginsWith
        case .keyword(.endsWith): result = .endsWith
        case .keyword(.contains): result = .contains
        case .keyword(.like): result = .like
        case .keyword(.matches): result = .matches
        case .keyword(.in): result = .in
        case .keyword(.between): result = .between
        default: result = nil
        }
        if result != nil { _ = advance() }
        return result
    }

    // MARK: - Expressions

    /// Throws the error that points further into the text (the first on a tie).
    private static func furthest(_ first: ObjectPredicateError, _ second: ObjectPredicateError)
        throws(ObjectPredicateError) -> PredicateNode
    {
        throw (second.column ?? 0) > (first.column ?? 0) ? second : first
    }

    private mutating func parseExpression(expected: String) throws(ObjectPredicateError) -> PredicateExpression {
        var expression = try parseTerm(expected: expected)
        // Each operator nests the tree one level deeper (`a + b + c` is `(a + b) + c`), so a long
        // chain counts against the nesting limit as parentheses do.
        var chained = 0
        defer { depth -= chained }
        while isSymbol("+") || isSymbol("-") {
            let op: ArithmeticOperator = isSymbol("+") ? .add : .subtract
            chained += 1
            try enterNesting()
            _ = advance()
            expression = .arithmetic(op, expression, try parseTerm(expected: "a value"))
        }
        return expression
    }

    private mutating func parseTerm(expected: String) throws(ObjectPredicateError) -> PredicateExpression {
        var expression = try parseUnary(expected: expected)
        var chained = 0
        defer { depth -= chained }
        while isSymbol("*") || isSymbol("/") {
            let op: ArithmeticOperator = isSymbol("*") ? .multiply : .divide
            chained += 1
            try enterNesting()
            _ = advance()
            expression = .arithmetic(op, expression, try parseUnary(expected: "a value"))
        }
        return expression
    }

    private mutating func parseUnary(expected: String) throws(ObjectPredicateError) -> PredicateExpression {
        try enterNesting()
        defer { depth -= 1 }
        guard isSymbol("-") else { return try parsePower(expected: expected) }
        _ = advance()
        // `-5` is a negative literal; `-x` negates whatever follows.
        switch current.kind {
        case .integer(let magnitude):
            _ = advance()
            return try parsePowerTail(.constant(integerConstant(magnitude, negative: true)))
        case .double(let value):
            _ = advance()
            return try parsePowerTail(.constant(.double(-value)))
        default:
            return .negation(try parseUnary(expected: "a value after '-'"))
        }
    }

    private mutating func parsePower(expected: String) throws(ObjectPredicateError) -> PredicateExpression {
        try parsePowerTail(try parsePostfix(expected: expected))
    }

    /// `base ** exponent`, right-associative, binding tighter than a leading minus on the exponent.
    private mutating func parsePowerTail(_ base: PredicateExpression) throws(ObjectPredicateError)
        -> PredicateExpression
    {
        guard isSymbol("**") else { return base }
        _ = advance()
        return .arithmetic(.power, base, try parseUnary(expected: "a value"))
    }

    private mutating func parsePostfix(expected: String) throws(ObjectPredicateError) -> PredicateExpression {
        var expression = try parsePrimary(expected: expected)
        var chained = 0
        defer { depth -= chained }
        while isSymbol(".") || isSymbol("[") {
            if isSymbol("[") {
                // `a[FIRST][FIRST]` nests like `a + b + c` does.
                chained += 1
                try enterNesting()
                expression = .index(expression, try parseIndex())
                continue
            }
            _ = advance()
            let component: KeyPathComponent
            switch current.kind {
            case .identifier(let key): component = .key(key)
            case .keyword(let keyword): component = .key(keyword.rawValue.lowercased())
            case .collectionOperator(let name):
                guard let op = CollectionOperator(rawValue: name.lowercased()) else {
                    throw unexpected(expected: "@count, @sum, @avg, @min or @max")
                }
                component = .collectionOperator(op)
            default:
                throw unexpected(expected: "a key after '.'")
            }
            _ = advance()
            expression = Self.appending([component], to: expression)
        }
        return expression
    }

    /// `[FIRST]`, `[LAST]`, `[SIZE]`, `[n]` or `[%d]`; `["key"]` or `[%@]` (a string) for a
    /// dictionary's entry.
    private mutating func parseIndex() throws(ObjectPredicateError) -> PredicateIndex {
        _ = advance()
        let index: PredicateIndex
        switch current.kind {
        case .keyword(.first): index = .first
        case .keyword(.last): index = .last
        case .keyword(.size): index = .size
        case .integer(let position) where position <= UInt64(Int64.max): index = .position(Int64(position))
        case .string(let key): index = .key(key)
        case .formatSpecifier("@"):
            let token = current
            guard case .constant(.string(let key)) = try expression(forSpecifier: "@", column: column(token.offset))
            else {
                throw .invalidValue(
                    predicate: format, column: column(token.offset), message: "a subscript's %@ must be a string key")
            }
            index = .key(key)
        case .formatSpecifier(let specifier) where specifier != "@" && specifier != "K":
            let token = current
            guard
                case .constant(.integer(let position)) = try expression(
                    forSpecifier: specifier, column: column(token.offset)),
                position >= 0
            else {
                throw .invalidValue(
                    predicate: format, column: column(token.offset), message: "an index must not be negative")
            }
            index = .position(position)
        default:
            throw unexpected(expected: "FIRST, LAST, SIZE, a position or a key")
        }
        _ = advance()
        try expectSymbol("]")
        return index
    }

    /// Extends a key path, so `a.b` after `.c` becomes the one path `a.b.c`.
    private static func appending(_ components: [KeyPathComponent], to base: PredicateExpression)
        -> PredicateExpression
    {
        if case .keyPath(let root, let existing) = base { return .keyPath(root, existing + components) }
        return .keyPath(base, components)
    }

    private mutating func parsePrimary(expected: String) throws(ObjectPredicateError) -> PredicateExpression {
        budget.remaining -= 1
        guard budget.remaining >= 0 else {
            throw .invalidValue(
                predicate: format, column: column(current.offset),
                message: "the predicate's parentheses can be read in too many ways; simplify its nesting")
        }
        let token = current
        switch token.kind {
        case .identifier(let key):
            _ = advance()
            return .keyPath(.evaluatedObject, [.key(key)])
        case .collectionOperator(let name):
            guard let op = CollectionOperator(rawValue: name.lowercased()) else {
                throw unexpected(expected: "@count, @sum, @avg, @min or @max")
            }
            _ = advance()
            return .keyPath(.evaluatedObject, [.collectionOperator(op)])
        case .variable(let name):
            _ = advance()
            return .variable(name)
        case .string(let value):
            _ = advance()
            return .constant(.string(value))
        case .integer(let magnitude):
            _ = advance()
            return .constant(integerConstant(magnitude, negative: false))
        case .double(let value):
            _ = advance()
            return .constant(.double(value))
        case .symbol("("):
            _ = advance()
            let expression = try parseExpression(expected: "a value")
            try expectSymbol(")")
            return expression
        case .symbol("{"):
            _ = advance()
            var elements: [PredicateExpression] = []
            if !isSymbol("}") {
                elements.append(try parseExpression(expected: "a value"))
                while isSymbol(",") {
                    _ = advance()
                    elements.append(try parseExpression(expected: "a value"))
                }
            }
            try expectSymbol("}")
            return .aggregate(elements)
        case .keyword(.nil), .keyword(.null):
            _ = advance()
            return .constant(.null)
        case .keyword(.true), .keyword(.yes):
            _ = advance()
            return .constant(.bool(true))
        case .keyword(.false), .keyword(.no):
            _ = advance()
            return .constant(.bool(false))
        case .keyword(.self):
            _ = advance()
            return .evaluatedObject
        case .keyword(.subquery):
            return try parseSubquery()
        case .keyword(.cast):
            return try parseCast()
        case .formatSpecifier(let specifier):
            _ = advance()
            return try expression(forSpecifier: specifier, column: column(token.offset))
        default:
            throw unexpected(expected: expected)
        }
    }

    /// An integer literal; one beyond 64 bits becomes a double, as `NSNumber` would hold it.
    private func integerConstant(_ magnitude: UInt64, negative: Bool) -> PredicateValue {
        if negative {
            if magnitude <= UInt64(Int64.max) { return .integer(-Int64(magnitude)) }
            if magnitude == UInt64(Int64.max) + 1 { return .integer(Int64.min) }
            return .double(-Double(magnitude))
        }
        return magnitude <= UInt64(Int64.max) ? .integer(Int64(magnitude)) : .double(Double(magnitude))
    }

    private mutating func parseSubquery() throws(ObjectPredicateError) -> PredicateExpression {
        _ = advance()
        try expectSymbol("(")
        let collection = try parseExpression(expected: "the collection to search")
        try expectSymbol(",")
        guard case .variable(let variable) = current.kind else {
            throw unexpected(expected: "a $variable naming each element")
        }
        _ = advance()
        try expectSymbol(",")
        let predicate = try parsePredicate()
        try expectSymbol(")")
        return .subquery(collection: collection, variable: variable, predicate: predicate)
    }

    /// `CAST(value, "ClassName")`: Foundation prints dates as `CAST(<seconds since 2001>, "NSDate")`.
    private mutating func parseCast() throws(ObjectPredicateError) -> PredicateExpression {
        let castOffset = current.offset
        _ = advance()
        try expectSymbol("(")
        let value = try parseExpression(expected: "the value to cast")
        try expectSymbol(",")
        guard case .string(let className) = current.kind else { throw unexpected(expected: "a class name string") }
        _ = advance()
        try expectSymbol(")")
        guard case .constant(let constant) = value,
            let converted = PredicateValue.cast(constant, to: className)
        else {
            throw .invalidValue(
                predicate: format, column: column(castOffset),
                message: "cannot CAST this value to \"\(className)\" (supported: NSDate from a "
                    + "number, NSNumber, NSString, NSDecimalNumber, NSUUID, NSURL, NSData)")
        }
        return .constant(converted)
    }

    // MARK: - Format arguments

    private mutating func expression(forSpecifier specifier: String, column: Int) throws(ObjectPredicateError)
        -> PredicateExpression
    {
        let display = "%" + specifier
        guard argumentIndex < arguments.count else {
            throw .missingArgument(
                predicate: format, column: column, specifier: display,
                argumentCount: arguments.count)
        }
        let argument = PredicateValue.unwrapped(arguments[argumentIndex])
        argumentIndex += 1
        let typeName = argument.map { String(describing: type(of: $0)) } ?? "nil"
        switch specifier.last {
        case "K":
            guard let keyPath = argument as? String, let components = Self.keyPathComponents(keyPath) else {
                throw .invalidArgument(
                    predicate: format, column: column, specifier: display,
                    expected: "a key path string", found: typeName)
            }
            return .keyPath(.evaluatedObject, components)
        case "@":
            return PredicateExpression(argument: argument)
        case "f", "g", "e":
            guard let number = PredicateValue(argument).doubleValue else {
                throw .invalidArgument(
                    predicate: format, column: column, specifier: display,
                    expected: "a number", found: typeName)
            }
            return .constant(.double(number))
        default:
            guard let number = PredicateValue(argument).integerValue else {
                throw .invalidArgument(
                    predicate: format, column: column, specifier: display,
                    expected: "an integer", found: typeName)
            }
            return .constant(.integer(number))
        }
    }

    /// Splits a `%K` argument such as `"theater.movies.@count"` into components; nil when it is not a
    /// key path.
    static func keyPathComponents(_ keyPath: String) -> [KeyPathComponent]? {
        var components: [KeyPathComponent] = []
        for part in keyPath.split(separator: ".", omittingEmptySubsequences: false) {
            if part.isEmpty { return nil }
            if part.hasPrefix("@") {
                guard let op = CollectionOperator(rawValue: part.lowercased()) else { return nil }
                components.append(.collectionOperator(op))
            } else {
                components.append(.key(String(part)))
            }
        }
        return components.isEmpty ? nil : components
    }
}
