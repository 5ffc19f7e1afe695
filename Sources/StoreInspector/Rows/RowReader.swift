import Foundation
import ObjectGraph
import SQLite

/// Reads an entity's rows as objects: attribute names instead of `Z` columns, readable values,
/// to-one relationships as `Entity/p3`, to-many relationships as counts, sub-entity rows labelled.
///
/// Rows stream from one prepared statement; only the current row is in memory. A predicate is
/// compiled to SQL by ObjectGraph's predicate compiler (`PredicateSQL`, the same SQL its store
/// runs), so SQLite does the filtering, the sorting and the limit, and a `--limit 100` over a
/// million rows reads about 100 of them. A predicate the compiler cannot express (it says so
/// with `unsupportedInSQL`, for a transformable value say) is evaluated on each row as it
/// streams past instead, through `StoredObject`: same answers, more work.
public final class RowReader {
    /// A column of the listing and how it is read.
    struct Field {
        enum Kind {
            case attribute(AttributeDescription, column: String)
            case toOne(RelationshipDescription, column: String, entityColumn: String?)
            case toMany(RelationshipDescription, countSQL: String)
        }
        var name: String
        var kind: Kind
    }

    /// The inspection being read.
    public let inspection: StoreInspection
    /// The entity whose rows (and sub-entity rows) are listed.
    public let entity: EntityDescription
    /// The table holding them.
    public let table: String
    /// The property names shown after `objectID` (and `entity` when the entity has sub-entities).
    public var columns: [String] { fields.map(\.name) }
    /// Whether rows of several entities can appear (the entity has sub-entities).
    public var showsEntityColumn: Bool { !entity.subentities.isEmpty }
    /// Properties the model has but the table lacks; they are left out of the listing.
    public private(set) var missingColumns: [String] = []

    var fields: [Field] = []
    private let familyNumbers: [Int64]

    /// Prepares to read `entity`'s rows.
    public init(inspection: StoreInspection, entity: EntityDescription) throws(InspectorError) {
        self.inspection = inspection
        self.entity = entity
        guard let table = inspection.table(of: entity) else {
            throw .unknownTable(
                name: inspection.storeModel?.layout.entity(named: entity.name)?.tableName ?? entity.name)
        }
        self.table = table
        familyNumbers = inspection.familyNumbers(of: entity)
        fields = try makeFields()
    }

    /// How the last ``read(_:_:)`` filtered its rows (for tests).
    private(set) var lastEvaluation: RowQuery.Evaluation = .sql

    /// Streams the rows matching `query` to `body`; return false to stop.
    ///
    /// - Throws: ``InspectorError/invalidQuery(option:detail:)`` for a predicate naming a key the
    ///   entity lacks (with the closest key) or a sort key that is not a listed column, and the
    ///   store's errors while reading.
    public func read(_ query: RowQuery, _ body: (InspectedRow) throws -> Bool) throws(InspectorError) {
        if let limit = query.limit, limit <= 0 { return }
        var compiled: PredicateSQL?
        var evaluation = query.evaluation
        if let predicate = query.predicate, evaluation == .sql {
            compiled = try compile(predicate)
            if let filter = compiled, !compiles(try selectStatement(query, filter: filter)) {
                // The compiler names tables as the model lays them out; a store whose join table a
                // migration or an older framework named otherwise is read row by row instead, where
                // related rows are found by the join table's shape (DESIGN.md §3.3).
                compiled = nil
            }
            if compiled == nil { evaluation = .inMemory }
        }
        lastEvaluation = query.predicate == nil ? .sql : evaluation
        let sql = try selectStatement(query, filter: compiled, limitInSQL: evaluation == .sql || query.predicate == nil)
        var delivered = 0
        var failure: InspectorError?
        try inspection.store.forEachRow(sql, compiled?.bindings ?? []) { statement in
            let row = self.inspectedRow(from: statement)
            if evaluation == .inMemory, let predicate = query.predicate {
                let object = StoredObject(reader: self, statement: statement, row: row)
                guard predicate.evaluate(with: object) else { return true }
                if let error = object.failure {
                    failure = error
                    return false
                }
            }
            delivered += 1
            guard try body(row) else { return false }
            if let limit = query.limit, delivered >= limit { return false }
            return true
        }
        if let failure { throw failure }
    }

    /// Whether SQLite can prepare `sql` against this store (every table and column it names exists).
    private func compiles(_ sql: String) -> Bool {
        (try? inspection.store.database.prepare(sql)) != nil
    }

    /// The predicate as SQL for this entity, or nil when only the in-memory evaluator can run it.
    private func compile(_ predicate: ObjectPredicate) throws(InspectorError) -> PredicateSQL? {
        guard let layout = inspection.storeModel?.layout else { return nil }
        let compiled: PredicateSQL
        do throws(ObjectPredicateError) {
            compiled = try predicate.sql(for: entity, layout: layout)
        } catch .unsupportedInSQL {
            return nil
        } catch {
            throw .invalidQuery(option: "--where", detail: error.description)
        }
        try inspection.registerPredicateFunctions()
        return compiled
    }

    // MARK: - SQL

    /// The listing's `SELECT`: the fields, the entity family, the compiled predicate's joins and
    /// condition, the sort keys in order with the primary key breaking ties, and the limit when SQLite may apply it.
    func selectStatement(
        _ query: RowQuery, filter: PredicateSQL? = nil, limitInSQL: Bool = true
    ) throws(InspectorError) -> String {
        var selections = ["t0.Z_PK", "t0.Z_ENT"]
        for field in fields {
            switch field.kind {
            case .attribute(let attribute, let column):
                let quoted = "t0." + SQLIdentifier.quoted(column)
                if attribute.attributeType.sqliteColumnType == "BLOB" || attribute.attributeType == .undefined {
                    // Blobs can be huge: read their length and first bytes only.
                    selections.append(
                        "CASE WHEN typeof(\(quoted)) = 'blob' THEN substr(\(quoted), 1, 64) ELSE \(quoted) END")
                    selections.append("length(\(quoted))")
                } else {
                    selections.append(quoted)
                }
            case .toOne(_, let column, let entityColumn):
                selections.append("t0." + SQLIdentifier.quoted(column))
                selections.append(entityColumn.map { "t0." + SQLIdentifier.quoted($0) } ?? "NULL")
            case .toMany(_, let countSQL):
                selections.append(countSQL)
            }
        }
        var sql = "SELECT " + selections.joined(separator: ", ") + " FROM " + SQLIdentifier.quoted(table) + " t0"
        if let filter { sql += filter.joinClause }
        var conditions: [String] = []
        if !familyNumbers.isEmpty {
            conditions.append("t0.Z_ENT IN (" + familyNumbers.map(String.init).joined(separator: ", ") + ")")
        }
        if let filter { conditions.append("(" + filter.whereClause + ")") }
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        var order: [String] = []
        for sortKey in query.sortKeys {
            let key = sortKey.key
            guard
                let field = fields.first(where: { $0.name == key })
                    ?? fields.first(where: { $0.name.lowercased() == key.lowercased() })
            else {
                throw .invalidQuery(
                    option: "--sort",
                    detail: "cannot sort by '\(key)': \(entity.name) has no such stored "
                        + "attribute or relationship (keys: \(columns.joined(separator: ", ")))")
            }
            let direction = sortKey.ascending ? "ASC" : "DESC"
            switch field.kind {
            case .attribute(_, let column), .toOne(_, let column, _):
                order.append("t0.\(SQLIdentifier.quoted(column)) \(direction)")
            case .toMany(_, let countSQL):
                order.append("\(countSQL) \(direction)")
            }
        }
        order.append("t0.Z_PK")
        sql += " ORDER BY " + order.joined(separator: ", ")
        if limitInSQL, let limit = query.limit {
            sql += " LIMIT \(max(limit, 0))"
        }
        return sql
    }

    // MARK: - Fields

    private func makeFields() throws(InspectorError) -> [Field] {
        guard let layout = inspection.storeModel?.layout else { return [] }
        let present = Set(try inspection.columns(of: table).map { $0.name.uppercased() })
        var result: [Field] = []
        var seen: Set<String> = []
        // The entity's own and inherited columns, then those its sub-entities add.
        let entityLayout = layout.entity(named: entity.name)
        let propertyColumns = (entityLayout?.columns ?? []) + (entityLayout?.subentityColumns ?? [])
        for column in propertyColumns where seen.insert(column.propertyName).inserted {
            let owner = entity.selfAndDescendants.first { $0.propertiesByName[column.propertyName] != nil }
            guard let property = owner?.propertiesByName[column.propertyName] else { continue }
            guard present.contains(column.column.uppercased()) else {
                missingColumns.append(column.propertyName)
                continue
            }
            if let attribute = property as? AttributeDescription {
                result.append(Field(name: column.propertyName, kind: .attribute(attribute, column: column.column)))
            } else if let relationship = property as? RelationshipDescription {
                let entityColumn = column.entityColumn.flatMap { present.contains($0.uppercased()) ? $0 : nil }
                result.append(
                    Field(
                        name: column.propertyName,
                        kind: .toOne(relationship, column: column.column, entityColumn: entityColumn)))
            }
        }
        let toManyNames = entity.selfAndDescendants.flatMap { member in
            member.relationshipsByName.values.filter(\.isToMany).map(\.name)
        }
        // Attributes first, then to-one, each in name order: easier to scan than the model's order.
        result.sort { lhs, rhs in
            let left = Self.rank(lhs)
            let right = Self.rank(rhs)
            return left != right ? left < right : lhs.name < rhs.name
        }
        for name in Set(toManyNames).sorted() where seen.insert(name).inserted {
            let owner = entity.selfAndDescendants.first { $0.relationshipsByName[name]?.isToMany == true }
            guard let owner, let relationship = owner.relationshipsByName[name],
                let storage = layout.entity(named: owner.name)?.toManyRelationships[name],
                let countSQL = try countStatement(storage)
            else { continue }
            result.append(Field(name: name, kind: .toMany(relationship, countSQL: countSQL)))
        }
        return result
    }

    private static func rank(_ field: Field) -> Int {
        switch field.kind {
        case .attribute: return 0
        case .toOne: return 1
        case .toMany: return 2
        }
    }

    /// `(SELECT count(*) …)` counting a to-many relationship's destinations for row `t0`.
    private func countStatement(_ storage: ToManyLayout) throws(InspectorError) -> String? {
        switch storage {
        case .inverseForeignKey(let table, let column, _), .hiddenForeignKey(let table, let column, _):
            guard let actual = inspection.tableName(table),
                try inspection.columns(of: actual).contains(where: { $0.name.uppercased() == column.uppercased() })
            else { return nil }
            return
                "(SELECT count(*) FROM \(SQLIdentifier.quoted(actual)) WHERE \(SQLIdentifier.quoted(column)) = t0.Z_PK)"
        case .joinTable(let table, let ownerColumn, let destinationColumn, _):
            guard
                let actual = try inspection.joinTableName(
                    table, ownerColumn: ownerColumn, destinationColumn: destinationColumn)
            else { return nil }
            return "(SELECT count(*) FROM \(SQLIdentifier.quoted(actual)) "
                + "WHERE \(SQLIdentifier.quoted(ownerColumn)) = t0.Z_PK)"
        }
    }

    // MARK: - Values

    private func inspectedRow(from statement: Statement) -> InspectedRow {
        let key = statement.int64(at: 0)
        let number = statement.int64(at: 1)
        let entityName = inspection.entityName(number: number) ?? "Z_ENT \(number)"
        var values: [InspectedValue] = []
        var index = 2
        for field in fields {
            switch field.kind {
            case .attribute(let attribute, _):
                let type = attribute.attributeType
                if type.sqliteColumnType == "BLOB" || type == .undefined {
                    let length = statement.isNull(at: index + 1) ? nil : statement.int64(at: index + 1)
                    values.append(
                        ValueFormatter.format(
                            statement.value(at: index), type: type, blobLength: length,
                            externalStorage: attribute.allowsExternalBinaryDataStorage))
                    index += 2
                } else {
                    values.append(ValueFormatter.format(statement.value(at: index), type: type))
                    index += 1
                }
            case .toOne(let relationship, _, _):
                if statement.isNull(at: index) {
                    values.append(.null)
                } else {
                    let target = statement.int64(at: index)
                    let destination =
                        statement.isNull(at: index + 1)
                        ? relationship.destinationEntityName
                        : inspection.entityName(number: statement.int64(at: index + 1))
                            ?? relationship.destinationEntityName
                    values.append(.text("\(destination)/p\(target)"))
                }
                index += 2
            case .toMany:
                values.append(.integer(statement.int64(at: index)))
                index += 1
            }
        }
        return InspectedRow(objectID: "\(entityName)/p\(key)", entityName: entityName, primaryKey: key, values: values)
    }
}
