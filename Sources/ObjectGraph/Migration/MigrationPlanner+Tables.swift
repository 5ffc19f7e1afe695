import SQLite

/// How each destination table is made: created empty, rebuilt from its source table, altered in
/// place, or (join tables) kept as it is.
extension MigrationPlanner {
    /// What happens to one destination entity table.
    struct TableDecision {
        let table: TableLayout
        /// The source table its rows come from (nil: a new table, empty).
        let sourceTable: String?
        /// Whether the source table is altered in place rather than rebuilt.
        let isAltered: Bool
        /// For a rebuilt table, each source `Z_ENT` with the values of every column of its rows.
        let rows: [(sourceNumber: Int, values: [SQLExpression])]
        /// For an altered table: columns added and filled, then columns renamed and dropped.
        let alterations: (addition: [MigrationStatement], reshaping: [MigrationStatement])
        /// The destination entities that receive rows, with their source entities.
        let mapped: [(entity: EntityDescription, source: EntityDescription)]
        /// The line of the dry run's table list.
        let note: String
    }

    /// What happens to one destination join table.
    struct JoinDecision {
        let table: JoinTableLayout
        /// Whether the source's table of the same name is kept unchanged.
        let isKept: Bool
        let note: String
    }

    mutating func decide(_ table: TableLayout) throws(CoreDataError) -> TableDecision {
        let family = table.entityNumbers.compactMap { destinationLayout.entity(number: $0) }
            .compactMap { destination.entitiesByName[$0.entityName] }
        let mapped = family.compactMap { entity in sourceEntityByDestination[entity.name].map { (entity, $0) } }
        guard let first = mapped.first else {
            return TableDecision(
                table: table, sourceTable: nil, isAltered: false, rows: [], alterations: ([], []), mapped: [],
                note: "\(table.name): created (new entities)")
        }
        let sourceTables = Set(mapped.map { sourceTableName(of: $0.1) })
        guard sourceTables.count == 1, let sourceTable = sourceTables.first else {
            throw Self.failure(
                "\(table.name) would take rows from \(sourceTables.sorted().joined(separator: " and ")) "
                    + "(Core Data cannot merge entity hierarchies)")
        }
        var rows: [(Int, [SQLExpression])] = []
        for (entity, sourceEntity) in mapped {
            var values: [SQLExpression] = []
            for column in table.columns { values.append(try value(of: column, for: entity, from: sourceEntity)) }
            rows.append((sourceLayout.entity(named: sourceEntity.name)?.entityNumber ?? 0, values))
        }
        let single = table.entityNumbers.count == 1 && sourceLayout.table(named: sourceTable)?.entityNumbers.count == 1
        if single, sourceTable == table.name, let values = rows.first?.1,
            let alterations = alterations(of: table, values: values, sourceNumber: rows[0].0)
        {
            let changed = !(alterations.0.isEmpty && alterations.1.isEmpty)
            return TableDecision(
                table: table, sourceTable: sourceTable, isAltered: true, rows: [], alterations: alterations,
                mapped: [first], note: "\(table.name): \(changed ? "altered in place" : "unchanged")")
        }
        return TableDecision(
            table: table, sourceTable: sourceTable, isAltered: false, rows: rows, alterations: ([], []),
            mapped: mapped, note: "\(table.name): rebuilt from \(sourceTable)")
    }

    /// The `ALTER TABLE` statements turning the source table into `table`, or nil when a new
    /// column's name is still taken in the source table (then the table is rebuilt).
    private func alterations(of table: TableLayout, values: [SQLExpression], sourceNumber: Int)
        -> ([MigrationStatement], [MigrationStatement])?
    {
        guard let existing = schema.columns[table.name] else { return nil }
        let existingNames = Set(existing.map(\.name))
        var claimed: Set<String> = ["Z_PK", "Z_ENT", "Z_OPT"]
        var renames: [(from: String, to: String)] = []
        var additions: [(column: ColumnLayout, value: SQLExpression)] = []
        var updates: [(column: String, value: SQLExpression)] = []
        for (column, value) in zip(table.columns, values) {
            switch column.role {
            case .primaryKey, .optimisticLock:
                continue
            case .entityNumber:
                if value.sql != "\(sourceNumber)" { updates.append(("Z_ENT", value)) }
                continue
            default:
                break
            }
            if let source = value.sourceColumn, !claimed.contains(source),
                schema.hasColumn(source, ofType: column.type, in: table.name)
            {
                claimed.insert(source)
                if source != column.name { renames.append((source, column.name)) }
            } else {
                additions.append((column, value))
                if value.sql != "NULL" { updates.append((column.name, value)) }
            }
        }
        let newNames = renames.map(\.to) + additions.map(\.column.name)
        guard newNames.allSatisfy({ !existingNames.contains($0) }) else { return nil }
        var addition = additions.map {
            MigrationStatement("ALTER TABLE \(table.name) ADD COLUMN \($0.column.name) \($0.column.type)")
        }
        if !updates.isEmpty {
            let assignments = updates.map { "\($0.column) = \($0.value.sql)" }.joined(separator: ", ")
            addition.append(
                MigrationStatement("UPDATE \(table.name) AS s SET \(assignments)", updates.flatMap(\.value.bindings)))
        }
        var reshaping = renames.map {
            MigrationStatement("ALTER TABLE \(table.name) RENAME COLUMN \($0.from) TO \($0.to)")
        }
        for column in existing where !claimed.contains(column.name) {
            reshaping.append(MigrationStatement("ALTER TABLE \(table.name) DROP COLUMN \(column.name)"))
        }
        return (addition, reshaping)
    }

    /// The `INSERT … SELECT` statements filling a rebuilt table.
    func fillStatements(_ decision: TableDecision) throws(CoreDataError) -> [MigrationStatement] {
        guard !decision.isAltered, let sourceTable = decision.sourceTable else { return [] }
        let columns = decision.table.columns.map(\.name).joined(separator: ", ")
        return decision.rows.map { row in
            let values = row.values.map(\.sql).joined(separator: ", ")
            return MigrationStatement(
                "INSERT INTO \(decision.table.name) (\(columns)) SELECT \(values) FROM \(self.sourceTable(sourceTable)) "
                    + "AS s WHERE s.Z_ENT = \(row.sourceNumber)", row.values.flatMap(\.bindings))
        }
    }

    func decide(_ table: JoinTableLayout) -> JoinDecision {
        let wanted = destinationLayout.entity(named: table.entityName)?.toManyRelationships[table.relationshipName]
        let sourceRelationship = sourceRelationship(of: table.entityName, table.relationshipName)
        let had = sourceRelationship.flatMap { relationship in
            relationship.entity.flatMap { sourceLayout.entity(named: $0.name)?.toManyRelationships[relationship.name] }
        }
        let kept = wanted != nil && wanted == had && schema.tableStatements[table.name] == table.createStatement
        let origin = sourceRelationship.map { "from \($0.entity?.name ?? "?").\($0.name)" } ?? "empty"
        return JoinDecision(
            table: table, isKept: kept, note: "\(table.name): \(kept ? "unchanged" : "created, \(origin)")")
    }

    /// The `INSERT … SELECT` filling a new join table from its relationship's source links.
    func joinFillStatements(_ table: JoinTableLayout) -> [MigrationStatement] {
        guard let storage = sourceStorage(of: table.entityName, table.relationshipName) else { return [] }
        var columns = [table.firstColumn, table.secondColumn]
        var values = ["p.owner", "p.dest"]
        if case .joinTable(_, _, _, let order?) = destinationLayout.entity(named: table.entityName)?
            .toManyRelationships[table.relationshipName]
        {
            columns.append(order)
            values.append("COALESCE(p.ord, p.dest)")
        }
        let inverse = destination.entitiesByName[table.entityName]?.relationshipsByName[table.relationshipName]?
            .inverseRelationship
        if let inverse, let owner = inverse.entity?.name,
            case .joinTable(_, _, _, let order?) = destinationLayout.entity(named: owner)?.toManyRelationships[
                inverse.name]
        {
            columns.append(order)
            values.append("COALESCE(p.rord, p.owner)")
        }
        return [
            MigrationStatement(
                "INSERT OR IGNORE INTO \(table.name) (\(columns.joined(separator: ", "))) "
                    + "SELECT \(values.joined(separator: ", ")) FROM (\(pairs(storage))) AS p")
        ]
    }

    /// The checks of every non-optional attribute and to-one that the migration may leave empty.
    func checks(_ decisions: [TableDecision]) -> [MigrationCheck] {
        var checks: [MigrationCheck] = []
        for decision in decisions {
            for (entity, sourceEntity) in decision.mapped {
                guard let layout = destinationLayout.entity(named: entity.name) else { continue }
                let mapping = entityMapping(entity.name)
                for property in entity.allProperties where !property.isOptional && !property.isTransient {
                    guard let column = layout.column(forProperty: property.name) else { continue }
                    let origin =
                        (mapping?.attributeMapping(named: property.name)
                        ?? mapping?.relationshipMapping(named: property.name))?.sourcePropertyName
                    if let origin, sourceEntity.propertiesByName[origin]?.isOptional == false { continue }
                    checks.append(
                        MigrationCheck(
                            property: "\(entity.name).\(property.name)",
                            sql: "SELECT COUNT(*) FROM \(layout.tableName) WHERE Z_ENT = \(layout.entityNumber) "
                                + "AND \(column.column) IS NULL"))
                }
            }
        }
        return checks
    }
}
