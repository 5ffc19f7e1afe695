import SQLite

extension PredicateSQLCompiler {
    /// One comparison between compiled values, with the evaluator's meaning.
    mutating func compare(
        _ left: SQLValue, _ op: ComparisonOperator, _ right: SQLValue,
        options: StringComparisonOptions
    ) throws(ObjectPredicateError) -> SQLCondition {
        switch op {
        case .in:
            switch right {
            case .list(let items):
                return try membership(try scalar(left, for: op), in: items, options: options)
            case .collection(let collection):
                let test = try compare(left, .equal, .operand(collection.element.operand), options: options)
                return SQLCondition(
                    fragment: .concatenating(["EXISTS ", .fragment(collection.subquery(select: "1", where: test))]),
                    mayBeNull: false)
            case .operand(let text):
                // `"ea" IN name`: substring search with the operands swapped.
                return try compareScalars(text, .contains, try scalar(left, for: op), options: options)
            }
        case .contains:
            switch left {
            case .collection(let collection):
                let test = try compare(.operand(collection.element.operand), .equal, right, options: options)
                return SQLCondition(
                    fragment: .concatenating(["EXISTS ", .fragment(collection.subquery(select: "1", where: test))]),
                    mayBeNull: false)
            case .list(let items):
                return try membership(try scalar(right, for: op), in: items, options: options)
            case .operand:
                return try compareScalars(try scalar(left, for: op), op, try scalar(right, for: op), options: options)
            }
        case .between:
            guard case .list(let bounds) = right, bounds.count == 2 else {
                throw unsupported("BETWEEN needs two bounds, {low, high}")
            }
            let value = try scalar(left, for: op)
            let low = try compareScalars(value, .greaterThanOrEqual, try scalar(bounds[0], for: op), options: [])
            let high = try compareScalars(value, .lessThanOrEqual, try scalar(bounds[1], for: op), options: [])
            return SQLCondition(
                fragment: .concatenating(["(", .fragment(low.wrapped), " AND ", .fragment(high.wrapped), ")"]),
                mayBeNull: low.mayBeNull || high.mayBeNull)
        default:
            return try compareScalars(try scalar(left, for: op), op, try scalar(right, for: op), options: options)
        }
    }

    /// The value as a single operand, or an error explaining why a collection cannot stand there.
    private func scalar(_ value: SQLValue, for op: ComparisonOperator) throws(ObjectPredicateError) -> SQLOperand {
        switch value {
        case .operand(let operand): return operand
        case .collection(let collection):
            throw unsupported(
                "'\(collection.label)' is a to-many relationship: compare it with ANY, ALL or NONE, "
                    + "or an aggregate such as \(collection.label).@count")
        case .list:
            throw unsupported("an array {…} cannot be compared with \(op.rawValue); use IN")
        }
    }

    /// `value IN {a, b, …}`.
    private mutating func membership(_ value: SQLOperand, in items: [SQLValue], options: StringComparisonOptions)
        throws(ObjectPredicateError) -> SQLCondition
    {
        var operands: [SQLOperand] = []
        for item in items { operands.append(try scalar(item, for: .in)) }
        if operands.isEmpty { return .alwaysFalse }
        let folds = value.kind == .string && !options.isEmpty
        let values = operands.filter { $0.kind != .null }
        let includesNil = values.count < operands.count
        if !folds, !values.isEmpty, values.allSatisfy(\.isConstant) {
            for constant in values { try checkComparable(value, constant, .equal) }
            var fragment = SQLFragment.concatenating([
                .fragment(value.fragment), " IN (",
                .fragment(.joined(values.map(\.fragment), separator: ", ")), ")",
            ])
            guard includesNil, value.mayBeNull else {
                return SQLCondition(fragment: fragment, mayBeNull: value.mayBeNull)
            }
            fragment = .concatenating(["(", .fragment(fragment), " OR ", .fragment(value.fragment), " IS NULL)"])
            return SQLCondition(fragment: fragment, mayBeNull: false)
        }
        var parts: [SQLCondition] = []
        for operand in operands { parts.append(try compareScalars(value, .equal, operand, options: options)) }
        return SQLCondition(
            fragment: .joined(parts.map(\.wrapped), separator: " OR "),
            mayBeNull: parts.contains { $0.mayBeNull }, isCompound: parts.count > 1)
    }

    private func checkComparable(_ left: SQLOperand, _ right: SQLOperand, _ op: ComparisonOperator)
        throws(ObjectPredicateError)
    {
        if left.kind == .null || right.kind == .null { return }
        if left.kind == .transformable || right.kind == .transformable {
            let name = left.kind == .transformable ? left.label : right.label
            throw unsupported("\(name) is transformable; its stored bytes cannot be compared in SQL")
        }
        switch op {
        case .beginsWith, .endsWith, .contains, .like, .matches:
            let nonString = [left, right].first { $0.kind != .string && $0.kind != .null }
            if let nonString {
                throw unsupported("\(op.rawValue) needs strings, but \(nonString.label) is \(nonString.kind.name)")
            }
            return
        default:
            break
        }
        if case .object = left.kind, case .object = right.kind { return }
        guard left.kind == right.kind else {
            throw unsupported(
                "\(left.label) is \(left.kind.name) but is compared with \(right.label), \(right.kind.name)")
        }
        switch op {
        case .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual, .between:
            guard left.kind.isOrdered else {
                throw unsupported("\(left.label) is \(left.kind.name), which has no order")
            }
        default:
            return
        }
    }

    /// A comparison between two single values.
    func compareScalars(
        _ left: SQLOperand, _ op: ComparisonOperator, _ right: SQLOperand,
        options: StringComparisonOptions
    ) throws(ObjectPredicateError) -> SQLCondition {
        try checkComparable(left, right, op)
        let folds = left.kind == .string && right.kind == .string && !options.isEmpty
        let flags = "\(PredicateSQLFunction.flags(options))"
        switch op {
        case .equal, .notEqual:
            var equality = equalityCondition(left, right, folds: folds, flags: flags)
            if op == .notEqual {
                if left.kind == .null || right.kind == .null {
                    let operand = left.kind == .null ? right : left
                    guard operand.kind != .null, operand.mayBeNull else { return equality.negated }
                    return SQLCondition(
                        fragment: .concatenating([.fragment(operand.fragment), " IS NOT NULL"]),
                        mayBeNull: false)
                } else if folds || !equality.mayBeNull {
                    equality = equality.negated
                } else if right.isConstant || left.isConstant {
                    // nil != 5 holds, while NULL <> 5 is NULL in SQL.
                    let column = right.isConstant ? left : right
                    let differs = SQLFragment.concatenating([
                        .fragment(left.fragment), " <> ", .fragment(right.fragment),
                    ])
                    let fragment: SQLFragment =
                        column.mayBeNull
                        ? .concatenating(["(", .fragment(differs), " OR ", .fragment(column.fragment), " IS NULL)"])
                        : differs
                    return SQLCondition(fragment: fragment, mayBeNull: false)
                } else {
                    equality = equality.negated
                }
            }
            return equality
        case .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual:
            if left.kind == .null || right.kind == .null { return .alwaysFalse }
            return SQLCondition(
                fragment: .concatenating([
                    .fragment(left.fragment), .text(" \(op.rawValue) "),
                    .fragment(right.fragment),
                ]),
                mayBeNull: left.mayBeNull || right.mayBeNull)
        case .beginsWith, .endsWith, .contains, .like, .matches:
            if left.kind == .null || right.kind == .null { return .alwaysFalse }
            let call: String
            switch op {
            case .like: call = PredicateSQLFunction.like + "("
            case .matches: call = PredicateSQLFunction.matches + "("
            default: call = PredicateSQLFunction.stringSearch + "("
            }
            var pieces: [SQLPiece] = [.text(call), .fragment(left.fragment), ", ", .fragment(right.fragment)]
            if let code = PredicateSQLFunction.searchCode(op) { pieces.append(.text(", \(code)")) }
            pieces.append(.text(", \(flags))"))
            return SQLCondition(fragment: .concatenating(pieces), mayBeNull: false)
        case .in, .between:
            throw unsupported("\(op.rawValue) needs a collection on its right")
        }
    }

    /// `left == right` under the evaluator's rules (nil equals only nil; objects of different entity
    /// trees never equal).
    private func equalityCondition(_ left: SQLOperand, _ right: SQLOperand, folds: Bool, flags: String) -> SQLCondition
    {
        switch (left.kind, right.kind) {
        case (.null, .null):
            return .alwaysTrue
        case (.null, _), (_, .null):
            let operand = left.kind == .null ? right : left
            guard operand.mayBeNull else { return .alwaysFalse }
            return SQLCondition(fragment: .concatenating([.fragment(operand.fragment), " IS NULL"]), mayBeNull: false)
        case (.object(let leftRoot), .object(let rightRoot)) where leftRoot != rightRoot:
            guard left.mayBeNull, right.mayBeNull else { return .alwaysFalse }
            return SQLCondition(
                fragment: .concatenating([
                    "(", .fragment(left.fragment), " IS NULL AND ",
                    .fragment(right.fragment), " IS NULL)",
                ]), mayBeNull: false)
        default:
            break
        }
        if folds {
            return SQLCondition(
                fragment: .concatenating([
                    .text(PredicateSQLFunction.stringSearch + "("), .fragment(left.fragment),
                    ", ", .fragment(right.fragment), .text(", 0, \(flags))"),
                ]),
                mayBeNull: false)
        }
        if left.isConstant || right.isConstant || (!left.mayBeNull && !right.mayBeNull) {
            return SQLCondition(
                fragment: .concatenating([.fragment(left.fragment), " = ", .fragment(right.fragment)]),
                mayBeNull: left.mayBeNull || right.mayBeNull)
        }
        // Two values read from the database: IS makes NULL equal NULL, as nil equals nil.
        return SQLCondition(
            fragment: .concatenating([.fragment(left.fragment), " IS ", .fragment(right.fragment)]),
            mayBeNull: false)
    }
}
