import SQLite

/// The value each destination column takes for the rows of one destination entity, as an SQL
/// expression over its source row `s`.
extension MigrationPlanner {
    mutating func value(
        of column: ColumnLayout, for entity: EntityDescription, from sourceEntity: EntityDescription
    ) throws(CoreDataError) -> SQLExpression {
        switch column.role {
        case .primaryKey:
            return .column("Z_PK")
        case .entityNumber:
            return SQLExpression("\(destinationLayout.entity(named: entity.name)?.entityNumber ?? 0)")
        case .optimisticLock:
            return .column("Z_OPT")
        case .attribute(let owner, let name):
            guard isKind(entity, of: owner), let attribute = entity.attributesByName[name] else { return .null }
            return try attributeValue(attribute, of: entity, from: sourceEntity)
        case .foreignKey(let owner, let name):
            guard isKind(entity, of: owner), let storage = sourceStorage(of: entity.name, name) else { return .null }
            if case .ownerRow(let table, let key, _, _, _) = storage, table == sourceTableName(of: sourceEntity) {
                return .column(key)
            }
            return SQLExpression(
                "(SELECT p.dest FROM (\(pairs(storage))) AS p WHERE p.owner = s.Z_PK ORDER BY p.ord, p.dest LIMIT 1)")
        case .foreignEntity(let owner, let name):
            guard isKind(entity, of: owner), let storage = sourceStorage(of: entity.name, name) else { return .null }
            if case .ownerRow(let table, let key, let entityColumn, _, _) = storage,
                table == sourceTableName(of: sourceEntity)
            {
                return SQLExpression(
                    "CASE WHEN s.\(key) IS NULL THEN NULL ELSE \(entityNumberCase(entityColumn.map { "s." + $0 } ?? destinationNumberLiteral(of: entity.name, name))) END"
                )
            }
            let mapped = entityNumberCase("p.destEnt")
            return SQLExpression(
                "(SELECT \(mapped) FROM (\(pairs(storage))) AS p WHERE p.owner = s.Z_PK ORDER BY p.ord, p.dest LIMIT 1)"
            )
        case .hiddenForeignKey(let owner, let name):
            guard isDestination(entity, of: owner, name), let storage = sourceStorage(of: owner, name) else {
                return .null
            }
            if case .destinationRow(let table, let key, _) = storage, table == sourceTableName(of: sourceEntity) {
                return .column(key)
            }
            return SQLExpression("(SELECT p.owner FROM (\(pairs(storage))) AS p WHERE p.dest = s.Z_PK LIMIT 1)")
        case .orderKey(let owner, let name):
            guard isDestination(entity, of: owner, name), let storage = sourceStorage(of: owner, name) else {
                return .null
            }
            switch storage {
            case .destinationRow(let table, _, let order?) where table == sourceTableName(of: sourceEntity):
                return .column(order)
            case .joinTable(_, _, _, .some, _, _):
                return SQLExpression("(SELECT p.ord FROM (\(pairs(storage))) AS p WHERE p.dest = s.Z_PK LIMIT 1)")
            default:
                // Unordered before: the objects keep the order of their keys.
                return SQLExpression("s.Z_PK")
            }
        }
    }

    /// An attribute's value: the mapped source column, a default or constant, or a closure's result.
    private mutating func attributeValue(
        _ attribute: AttributeDescription, of entity: EntityDescription, from sourceEntity: EntityDescription
    ) throws(CoreDataError) -> SQLExpression {
        let value = entityMapping(entity.name)?.attributeMapping(named: attribute.name)?.value ?? .defaultValue
        switch value {
        case .sourceProperty(let name):
            guard let column = sourceLayout.entity(named: sourceEntity.name)?.column(forProperty: name),
                !column.isRelationship
            else {
                throw Self.failure(
                    "\(entity.name).\(attribute.name) maps from \(sourceEntity.name).\(name), which is no stored attribute"
                )
            }
            // Optional to non-optional with a default value: empty values take the default.
            let fallback = try constant(attribute.defaultValue, for: attribute, of: entity)
            guard !attribute.isOptional, fallback.sql != "NULL" else { return .column(column.column) }
            return SQLExpression("IFNULL(s.\(column.column), ?)", fallback.bindings)
        case .defaultValue:
            return try constant(attribute.defaultValue, for: attribute, of: entity)
        case .constant(let value):
            return try constant(value, for: attribute, of: entity)
        case .transform(let transform):
            return functionCall(transform, for: attribute, sourceEntity: sourceEntity)
        }
    }

    private func constant(_ value: Any?, for attribute: AttributeDescription, of entity: EntityDescription)
        throws(CoreDataError) -> SQLExpression
    {
        let bound: SQLiteValue
        do {
            bound = try SQLiteValueConversion.sqliteValue(value, for: attribute)
        } catch {
            throw Self.failure("the value given for \(entity.name).\(attribute.name) is not of its type")
        }
        return bound == .null ? .null : SQLExpression("?", [bound])
    }

    /// Whether the destination entity `entity` is (or descends from) the entity named `owner`.
    func isKind(_ entity: EntityDescription, of owner: String) -> Bool {
        guard let owner = destination.entitiesByName[owner] else { return false }
        return entity.isKind(of: owner)
    }

    /// Whether rows of `entity` can be destinations of the relationship `owner.name`.
    private func isDestination(_ entity: EntityDescription, of owner: String, _ name: String) -> Bool {
        guard let target = destination.entitiesByName[owner]?.relationshipsByName[name]?.destinationEntity else {
            return false
        }
        return entity.isKind(of: target)
    }

    /// The table holding a source entity's rows.
    func sourceTableName(of entity: EntityDescription) -> String {
        sourceLayout.entity(named: entity.name)?.tableName ?? ""
    }

    /// The source `Z_ENT` of the destination of the source relationship mapped to `owner.name`,
    /// for a to-one whose table has no entity column.
    private func destinationNumberLiteral(of owner: String, _ name: String) -> String {
        guard let relationship = sourceRelationship(of: owner, name), let target = relationship.destinationEntity,
            let number = sourceLayout.entity(named: target.name)?.entityNumber
        else { return "NULL" }
        return "\(number)"
    }
}
