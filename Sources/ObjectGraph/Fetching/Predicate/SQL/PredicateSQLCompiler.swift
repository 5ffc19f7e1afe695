import SQLite

/// Compiles a predicate tree to SQL against Apple's table layout (see ``PredicateSQL``).
///
/// The rules mirror ``PredicateEvaluator`` exactly:
/// - A condition may be NULL in SQLite only where the evaluator says false; `NOT` of such a
///   condition is written `NOT COALESCE(…, 0)` so NULL turns into true, as `!false` does.
/// - `!=` against a value also holds for NULL (`nil != 5`), and `== nil` is `IS NULL`.
/// - Key paths: to-one steps are `LEFT OUTER JOIN`s (a missing object gives nil values); a to-many step
///   opens a correlated subquery; inside a collection path, further steps are inner joins, because the
///   evaluator skips missing objects when it maps a key over a collection.
struct PredicateSQLCompiler {
    let predicate: ObjectPredicate
    let layout: SQLiteLayout
    private var aliasCount = 0
    /// The scope or value each `SUBQUERY` variable stands for while its predicate is compiled.
    private var variables: [String: SQLElement] = [:]
    private var root: SQLScope?

    init(predicate: ObjectPredicate, layout: SQLiteLayout) {
        self.predicate = predicate
        self.layout = layout
    }

    mutating func compileRoot(_ node: PredicateNode, entity: EntityDescription) throws(ObjectPredicateError)
        -> (condition: SQLFragment, joins: [String], aliasCount: Int)
    {
        let level = SQLQueryLevel()
        let scope = SQLScope(alias: nextAlias(), entity: entity, layout: try entityLayout(entity), level: level)
        root = scope
        let result = try condition(node)
        return (result.fragment, level.joins, aliasCount)
    }

    // MARK: - Shared helpers

    mutating func nextAlias() -> String {
        defer { aliasCount += 1 }
        return "t\(aliasCount)"
    }

    func entityLayout(_ entity: EntityDescription) throws(ObjectPredicateError) -> EntityLayout {
        guard let entityLayout = layout.entity(named: entity.name) else {
            throw unsupported("entity \(entity.name) is not part of the store's model")
        }
        return entityLayout
    }

    func unsupported(_ reason: String) -> ObjectPredicateError {
        .unsupportedInSQL(predicate: predicate.predicateFormat, reason: reason)
    }

    var rootScope: SQLScope {
        get throws(ObjectPredicateError) {
            guard let root else { throw unsupported("no entity to evaluate against") }
            return root
        }
    }

    func variable(_ name: String) -> SQLElement? { variables[name] }

    mutating func binding(_ name: String, to element: SQLElement?) -> SQLElement? {
        let previous = variables[name]
        variables[name] = element
        return previous
    }

    // MARK: - Predicates

    mutating func condition(_ node: PredicateNode) throws(ObjectPredicateError) -> SQLCondition {
        switch node {
        case .constant(let value):
            return value ? .alwaysTrue : .alwaysFalse
        case .comparison(let comparison):
            return try self.comparison(comparison)
        case .and(let operands), .or(let operands):
            var parts: [SQLCondition] = []
            for operand in operands { parts.append(try condition(operand)) }
            let separator: String
            if case .and = node { separator = " AND " } else { separator = " OR " }
            return SQLCondition(
                fragment: .joined(parts.map(\.wrapped), separator: separator),
                mayBeNull: parts.contains { $0.mayBeNull }, isCompound: true)
        case .not(let operand):
            return try condition(operand).negated
        }
    }

    private mutating func comparison(_ comparison: PredicateComparison) throws(ObjectPredicateError) -> SQLCondition {
        let left = try value(comparison.left)
        let right = try value(comparison.right)
        let op = comparison.comparisonOperator
        let options = comparison.options
        switch comparison.modifier {
        case .direct:
            return try compare(left, op, right, options: options)
        case .any, .all:
            let isAny = comparison.modifier == .any
            switch left {
            case .collection(let collection):
                let test = try compare(.operand(collection.element.operand), op, right, options: options)
                if isAny {
                    return SQLCondition(
                        fragment: .concatenating(["EXISTS ", .fragment(collection.subquery(select: "1", where: test))]),
                        mayBeNull: false)
                }
                let violation = collection.subquery(select: "1", where: test.negated)
                return SQLCondition(fragment: .concatenating(["NOT EXISTS ", .fragment(violation)]), mayBeNull: false)
            case .operand(let operand):
                // A single value is a collection of one; nil is an empty collection.
                let test = try compare(left, op, right, options: options)
                if operand.kind == .null { return isAny ? .alwaysFalse : .alwaysTrue }
                guard operand.mayBeNull else { return test }
                let presence = isAny ? " IS NOT NULL AND " : " IS NULL OR "
                return SQLCondition(
                    fragment: .concatenating([
                        "(", .fragment(operand.fragment), .text(presence),
                        .fragment(test.wrapped), ")",
                    ]),
                    mayBeNull: test.mayBeNull)
            case .list(let items):
                var parts: [SQLCondition] = []
                for item in items { parts.append(try compare(item, op, right, options: options)) }
                if parts.isEmpty { return isAny ? .alwaysFalse : .alwaysTrue }
                return SQLCondition(
                    fragment: .joined(parts.map(\.wrapped), separator: isAny ? " OR " : " AND "),
                    mayBeNull: parts.contains { $0.mayBeNull }, isCompound: parts.count > 1)
            }
        }
    }
}
