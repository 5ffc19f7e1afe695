import SQLite

extension PredicateSQLCompiler {
    /// Compiles one side of a comparison.
    mutating func value(_ expression: PredicateExpression) throws(ObjectPredicateError) -> SQLValue {
        switch expression {
        case .constant(let constant):
            guard let operand = SQLOperand.constant(constant) else {
                throw unsupported(
                    "\(constant.formatText) cannot be sent to SQLite; pass a managed object, an object "
                        + "ID or a plain value")
            }
            return .operand(operand)
        case .evaluatedObject:
            let scope = try rootScope
            return .operand(.primaryKey(of: scope.alias, entity: scope.entity))
        case .variable(let name):
            guard let element = variable(name) else {
                throw unsupported("$\(name) has no value; call withSubstitutionVariables(_:) first")
            }
            return .operand(element.operand)
        case .aggregate(let elements):
            var values: [SQLValue] = []
            for element in elements { values.append(try value(element)) }
            return .list(values)
        case .subquery(let collection, let variable, let predicate):
            return .collection(try subquery(collection, variable: variable, predicate: predicate))
        case .arithmetic(let op, let left, let right):
            return .operand(
                try arithmetic(
                    op, try numericOperand(left, for: op.rawValue),
                    try numericOperand(right, for: op.rawValue)))
        case .index(let base, let index):
            let picked = try indexed(try value(base), index, label: expression.formatText)
            if case .collection(let single) = picked {
                return try resolve([], from: single.element, collection: single)
            }
            return picked
        case .negation(let operand):
            let value = try numericOperand(operand, for: "-")
            if value.kind == .null { return .operand(.null) }
            return .operand(
                SQLOperand(
                    fragment: .concatenating(["(-", .fragment(value.fragment), ")"]), kind: .number,
                    isConstant: false, mayBeNull: value.mayBeNull, label: expression.formatText))
        case .keyPath(let base, let components):
            switch base {
            case .evaluatedObject:
                return try resolve(components, from: .rows(try rootScope))
            case .variable(let name):
                guard let element = variable(name) else {
                    throw unsupported("$\(name) has no value; call withSubstitutionVariables(_:) first")
                }
                return try resolve(components, from: element)
            case .subquery(let collection, let variable, let predicate):
                let filtered = try subquery(collection, variable: variable, predicate: predicate)
                return try resolve(components, from: filtered.element, collection: filtered)
            case .index(let inner, let index):
                switch try indexed(try value(inner), index, label: base.formatText) {
                case .collection(let single): return try resolve(components, from: single.element, collection: single)
                case .operand(let operand) where operand.kind == .null: return .operand(.null)
                case .operand, .list:
                    throw unsupported("the key path \(expression.formatText) starts from a single value")
                }
            default:
                throw unsupported("the key path \(expression.formatText) starts from a constant")
            }
        }
    }

    /// `[SIZE]`, `[FIRST]`, `[LAST]`, `[n]` of a compiled value: an array literal is picked from now; a
    /// to-many key path must be an ordered relationship, whose order column sorts the pick.
    private func indexed(_ value: SQLValue, _ index: PredicateIndex, label: String) throws(ObjectPredicateError)
        -> SQLValue
    {
        if case .key = index {
            throw unsupported(
                "\(label) reads a dictionary, and a store keeps dictionaries as transformable "
                    + "data that SQL cannot look into; filter the fetched objects in memory instead")
        }
        switch value {
        case .list(let items):
            let position: Int
            switch index {
            case .size:
                return .operand(SQLOperand.constant(.integer(Int64(items.count))) ?? .null)
            case .first: position = 0
            case .last: position = items.count - 1
            case .position(let offset): position = offset < items.count ? Int(offset) : -1
            case .key: return .operand(.null)  // refused above
            }
            return items.indices.contains(position) ? items[position] : .operand(.null)
        case .collection(var collection):
            if index == .size { return .operand(try aggregate(.count, of: collection)) }
            guard collection.ordering != nil, collection.pick == nil else {
                throw unsupported(
                    "'\(collection.label)' is not an ordered relationship, so \(index.formatText) has no "
                        + "order to follow in SQL")
            }
            collection.pick = index
            return .collection(collection)
        case .operand(let operand):
            if operand.kind == .null { return .operand(.null) }
            throw unsupported("\(index.formatText) needs a collection, but \(label) is a single value")
        }
    }

    /// The picked element of an ordered collection as a scalar subquery.
    private func pickedElement(_ collection: SQLCollection) -> SQLOperand {
        let element = collection.element.operand
        return SQLOperand(
            fragment: collection.subquery(select: element.fragment.sql), kind: element.kind,
            isConstant: false, mayBeNull: true, label: collection.label)
    }

    /// One operand of an arithmetic operator: a single number (or nil).
    private mutating func numericOperand(_ expression: PredicateExpression, for op: String) throws(ObjectPredicateError)
        -> SQLOperand
    {
        guard case .operand(let operand) = try value(expression) else {
            throw unsupported("'\(op)' needs single numbers, but \(expression.formatText) is a collection")
        }
        guard operand.kind == .number || operand.kind == .null else {
            throw unsupported("'\(op)' needs numbers, but \(operand.label) is \(operand.kind.name)")
        }
        return operand
    }

    /// `(L + R)`, with `/` dividing as REAL (SQLite would truncate two integers) and `**` through
    /// the registered power function; NULL in, NULL out, as nil in the evaluator.
    private func arithmetic(_ op: ArithmeticOperator, _ left: SQLOperand, _ right: SQLOperand)
        throws(ObjectPredicateError)
        -> SQLOperand
    {
        if left.kind == .null || right.kind == .null { return .null }
        let fragment: SQLFragment
        switch op {
        case .add, .subtract, .multiply:
            fragment = .concatenating([
                "(", .fragment(left.fragment), .text(" \(op.rawValue) "), .fragment(right.fragment), ")",
            ])
        case .divide:
            fragment = .concatenating([
                "(CAST(", .fragment(left.fragment), " AS REAL) / ", .fragment(right.fragment), ")",
            ])
        case .power:
            fragment = .concatenating([
                .text(PredicateSQLFunction.power + "("), .fragment(left.fragment), ", ",
                .fragment(right.fragment), ")",
            ])
        }
        let mayBeNull = left.mayBeNull || right.mayBeNull || op == .divide || op == .power
        return SQLOperand(
            fragment: fragment, kind: .number, isConstant: false, mayBeNull: mayBeNull,
            label: "\(left.label) \(op.rawValue) \(right.label)")
    }

    /// `SUBQUERY(collection, $variable, predicate)`: the collection's elements filtered by the predicate,
    /// with `$variable` standing for each element.
    private mutating func subquery(_ collection: PredicateExpression, variable: String, predicate: PredicateNode)
        throws(ObjectPredicateError) -> SQLCollection
    {
        guard case .collection(var elements) = try value(collection) else {
            throw unsupported("SUBQUERY needs a to-many key path as its collection, not \(collection.formatText)")
        }
        let previous = binding(variable, to: elements.element)
        defer { _ = binding(variable, to: previous) }
        let test = try condition(predicate)
        if let existing = elements.filter {
            elements.filter = SQLCondition(
                fragment: .concatenating([.fragment(existing.wrapped), " AND ", .fragment(test.wrapped)]),
                mayBeNull: existing.mayBeNull || test.mayBeNull)
        } else {
            elements.filter = test
        }
        return elements
    }

    /// Follows key path components from a row (or from the elements of `collection`).
    private mutating func resolve(
        _ components: [KeyPathComponent], from start: SQLElement,
        collection startCollection: SQLCollection? = nil
    ) throws(ObjectPredicateError)
        -> SQLValue
    {
        var element = start
        var collection = startCollection
        var aggregate: CollectionOperator?
        var path: [String] = []
        for component in components {
            switch component {
            case .collectionOperator(let op):
                if collection?.pick != nil {
                    throw unsupported("\(op.rawValue) cannot follow [FIRST], [LAST] or [n] in SQL")
                }
                guard collection != nil else {
                    throw unsupported(
                        "\(op.rawValue) needs a to-many relationship before it, but "
                            + "'\(path.joined(separator: "."))' is not one")
                }
                guard aggregate == nil else { throw unsupported("a key path can hold only one collection operator") }
                aggregate = op
            case .key(let key):
                path.append(key)
                let scope: SQLScope
                switch element {
                case .rows(let rows):
                    scope = rows
                case .reference(_, let owner, let relationship):
                    scope = try joinToOne(from: owner, key: relationship, collection: collection)
                case .value:
                    throw unsupported(
                        "'\(path.dropLast().joined(separator: "."))' is an attribute, so the key path "
                            + "cannot continue with '\(key)'")
                }
                element = try step(from: scope, key: key, collection: &collection, path: path)
            }
            if aggregate == .count { break }
        }
        guard var collection else { return .operand(element.operand) }
        collection.element = element
        if collection.pick != nil { return .operand(pickedElement(collection)) }
        collection.label = path.joined(separator: ".")
        guard let aggregate else { return .collection(collection) }
        return .operand(try self.aggregate(aggregate, of: collection))
    }

    /// One key from `scope`: an attribute column, a to-one foreign key or join, or a to-many collection.
    private mutating func step(
        from scope: SQLScope, key: String, collection: inout SQLCollection?,
        path: [String]
    ) throws(ObjectPredicateError) -> SQLElement {
        guard let property = scope.entity.propertiesByName[key] else {
            let candidates = Array(scope.entity.propertiesByName.keys)
            throw .unknownKey(
                predicate: predicate.predicateFormat, entity: scope.entity.name, key: key,
                closestKey: KeySuggestion.closest(to: key, among: candidates))
        }
        let label = path.joined(separator: ".")
        if property.isTransient {
            throw unsupported("\(scope.entity.name).\(key) is transient, so the store does not keep it")
        }
        if let attribute = property as? AttributeDescription {
            guard let column = scope.layout.column(forProperty: key), let kind = SQLValueKind(attribute.attributeType)
            else {
                throw unsupported("\(scope.entity.name).\(key) has no column in the store")
            }
            return .value(
                .column(
                    "\(scope.alias).\(column.column)", kind: kind,
                    label: "\(label) (\(attribute.attributeType.xcodeName))"))
        }
        guard let relationship = property as? RelationshipDescription, let destination = relationship.destinationEntity
        else {
            throw unsupported("\(scope.entity.name).\(key) is not an attribute or relationship")
        }
        let destinationLayout = try entityLayout(destination)
        if !relationship.isToMany {
            guard let column = scope.layout.column(forProperty: key) else {
                throw unsupported("\(scope.entity.name).\(key) has no column in the store")
            }
            let operand = SQLOperand.column(
                "\(scope.alias).\(column.column)",
                kind: .object(rootEntity: destination.rootEntity.name),
                label: "\(label) (\(destination.name))")
            return .reference(operand, owner: scope, relationship: key)
        }
        guard let storage = scope.layout.toManyRelationships[key] else {
            throw unsupported("\(scope.entity.name).\(key) has no storage in the store")
        }
        if let existing = collection, scope.level === existing.level {
            guard existing.pick == nil else {
                throw unsupported("a to-many key path cannot follow [FIRST], [LAST] or [n] in SQL")
            }
            // A further to-many inside a collection path: join it into the same subquery, whose
            // elements then have no single order.
            collection?.ordering = nil
            let alias = appendToMany(storage, owner: scope, destinationTable: destinationLayout.tableName)
            return .rows(SQLScope(alias: alias, entity: destination, layout: destinationLayout, level: existing.level))
        }
        let level = SQLQueryLevel()
        let from: String
        let link: String
        let alias: String
        let ordering: String?
        switch storage {
        case .inverseForeignKey(let table, let column, let orderColumn),
            .hiddenForeignKey(let table, let column, let orderColumn):
            alias = nextAlias()
            from = "\(table) \(alias)"
            link = "\(alias).\(column) = \(scope.alias).Z_PK"
            ordering = orderColumn.map { "\(alias).\($0)" }
        case .joinTable(let table, let ownerColumn, let destinationColumn, let orderColumn):
            let joinAlias = nextAlias()
            alias = nextAlias()
            from =
                "\(table) \(joinAlias) JOIN \(destinationLayout.tableName) \(alias) ON "
                + "\(alias).Z_PK = \(joinAlias).\(destinationColumn)"
            link = "\(joinAlias).\(ownerColumn) = \(scope.alias).Z_PK"
            ordering = orderColumn.map { "\(joinAlias).\($0)" }
        }
        let newScope = SQLScope(alias: alias, entity: destination, layout: destinationLayout, level: level)
        collection = SQLCollection(
            level: level, from: from, link: link, element: .rows(newScope), label: label,
            ordering: ordering)
        return .rows(newScope)
    }

    /// Joins the destination of the to-one `key` so a key path can continue past it.
    ///
    /// Outside a collection a missing object gives nil values (LEFT OUTER JOIN); inside one the
    /// evaluator skips it when mapping the next key (inner JOIN).
    private mutating func joinToOne(from scope: SQLScope, key: String, collection: SQLCollection?)
        throws(ObjectPredicateError) -> SQLScope
    {
        guard let relationship = scope.entity.relationshipsByName[key],
            let destination = relationship.destinationEntity,
            let column = scope.layout.column(forProperty: key)
        else { throw unsupported("\(scope.entity.name).\(key) has no column in the store") }
        let destinationLayout = try entityLayout(destination)
        // After [FIRST]/[LAST]/[n] the element is one object, whose missing to-one gives nil values.
        let inner = collection.map { $0.level === scope.level && $0.pick == nil } ?? false
        let joinKeyword = inner ? "JOIN" : "LEFT OUTER JOIN"
        let alias = scope.level.join(key: "\(scope.alias).\(key).\(joinKeyword)") {
            let alias = nextAlias()
            return (
                alias,
                "\(joinKeyword) \(destinationLayout.tableName) \(alias) ON "
                    + "\(scope.alias).\(column.column) = \(alias).Z_PK"
            )
        }
        return SQLScope(alias: alias, entity: destination, layout: destinationLayout, level: scope.level)
    }

    /// Joins a further to-many relationship into a collection's subquery; returns the destination alias.
    private mutating func appendToMany(_ storage: ToManyLayout, owner: SQLScope, destinationTable: String) -> String {
        switch storage {
        case .inverseForeignKey(let table, let column, _), .hiddenForeignKey(let table, let column, _):
            let alias = nextAlias()
            owner.level.append(join: "JOIN \(table) \(alias) ON \(alias).\(column) = \(owner.alias).Z_PK")
            return alias
        case .joinTable(let table, let ownerColumn, let destinationColumn, _):
            let joinAlias = nextAlias()
            let alias = nextAlias()
            owner.level.append(join: "JOIN \(table) \(joinAlias) ON \(joinAlias).\(ownerColumn) = \(owner.alias).Z_PK")
            owner.level.append(
                join: "JOIN \(destinationTable) \(alias) ON \(alias).Z_PK = \(joinAlias).\(destinationColumn)")
            return alias
        }
    }

    /// `@count @sum @avg @min @max` over a collection, as a scalar subquery.
    private func aggregate(_ op: CollectionOperator, of collection: SQLCollection) throws(ObjectPredicateError)
        -> SQLOperand
    {
        let label = collection.label
        if op == .count {
            return SQLOperand(
                fragment: collection.subquery(select: "COUNT(*)"), kind: .number, isConstant: false,
                mayBeNull: false, label: label)
        }
        guard case .value(let element) = collection.element else {
            throw unsupported(
                "\(op.rawValue) in '\(label)' needs an attribute to aggregate, e.g. movies.\(op.rawValue).year")
        }
        switch op {
        case .sum, .avg:
            guard element.kind == .number else {
                throw unsupported("\(op.rawValue) needs numbers, but \(element.label) is \(element.kind.name)")
            }
            let select = op == .sum ? "COALESCE(SUM(\(element.fragment.sql)), 0)" : "AVG(\(element.fragment.sql))"
            return SQLOperand(
                fragment: collection.subquery(select: select), kind: .number, isConstant: false,
                mayBeNull: op == .avg, label: label)
        case .min, .max:
            guard element.kind.isOrdered else {
                throw unsupported("\(op.rawValue) needs ordered values, but \(element.label) is \(element.kind.name)")
            }
            let function = op == .min ? "MIN" : "MAX"
            return SQLOperand(
                fragment: collection.subquery(select: "\(function)(\(element.fragment.sql))"),
                kind: element.kind, isConstant: false, mayBeNull: true, label: label)
        case .count:
            throw unsupported("unreachable")
        }
    }
}
