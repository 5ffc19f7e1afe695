import Foundation
import SQLite

/// The SQL of one fetch in Core Data's shape, with its bound values; the predicate is compiled by
/// ``PredicateSQL`` (the predicate language's SQL back end).
///
/// `SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZNAME, t0.ZTHEATER FROM ZMOVIE t0 LEFT OUTER JOIN ZTHEATER t1
/// ON t0.ZTHEATER = t1.Z_PK WHERE  t0.Z_ENT = ? ORDER BY t1.ZNAME, t0.ZNAME LIMIT 10`: alias
/// `t0` for the fetched table and `t1`, `t2`, … for tables joined through to-ones, two spaces
/// after `WHERE`, values always bound.
struct FetchQuery {
    /// The statement text.
    private(set) var sql = ""
    /// The values for its `?` placeholders, in order.
    private(set) var bindings: [SQLiteValue] = []
    /// The columns `selectKeyPaths` became, in order (`t0.ZNAME`, `t1.ZNAME`).
    private(set) var selectedColumns: [String] = []

    /// Builds the query for `request` read through `plan`.
    ///
    /// - Parameters:
    ///   - selectClause: what follows `SELECT ` (the plan's columns, or `COUNT(*)`).
    ///   - selectKeyPaths: key paths (through to-ones) selected after `selectClause`, joining
    ///     their tables; a dictionary fetch's properties.
    ///   - distinct: whether to `SELECT DISTINCT`.
    init(
        selectClause: String, plan: ReadPlan, request: StoreFetchRequest, predicate: ObjectPredicate?,
        layout: SQLiteLayout, model: ManagedObjectModel, includeOrdering: Bool = true,
        selectKeyPaths: [String] = [], distinct: Bool = false
    ) throws {
        // The predicate uses aliases t0 … t<aliasCount - 1> (subqueries included); sort joins follow.
        let compiled = try predicate.map { try PredicateSQL(predicate: $0, entity: plan.entity, layout: layout) }
        var joins = JoinList(layout: layout, model: model, firstAlias: compiled?.aliasCount ?? 1)
        var conditions: [String] = []
        if !plan.entityRestriction.isEmpty {
            if plan.entityRestriction.count == 1 {
                conditions.append("t0.Z_ENT = ?")
            } else {
                let marks = Array(repeating: "?", count: plan.entityRestriction.count).joined(separator: ", ")
                conditions.append("t0.Z_ENT IN (\(marks))")
            }
            bindings += plan.entityRestriction.map { .integer(Int64($0)) }
        }
        if let compiled {
            conditions.append(conditions.isEmpty ? compiled.whereClause : "(\(compiled.whereClause))")
            bindings += compiled.bindings
        }
        selectedColumns = try selectKeyPaths.map { try joins.column(forKeyPath: $0, from: plan.entity) }
        let selectList = ([selectClause].filter { !$0.isEmpty } + selectedColumns).joined(separator: ", ")
        var orderTerms: [String] = []
        if includeOrdering {
            for descriptor in request.sortDescriptors {
                let column = try joins.column(forKeyPath: descriptor.key, from: plan.entity)
                var term = column
                if descriptor.comparison != .compare {
                    term += " COLLATE " + SQLiteStore.collationName(for: descriptor.comparison)
                }
                if !descriptor.ascending { term += " DESC" }
                orderTerms.append(term)
            }
        }
        sql = "SELECT \(distinct ? "DISTINCT " : "")\(selectList) FROM \(plan.tableName) t0"
        sql += (compiled?.joinClause ?? "") + joins.clauses.map { " " + $0 }.joined()
        if !conditions.isEmpty {
            sql += " WHERE  " + conditions.joined(separator: " AND ")
        }
        if !orderTerms.isEmpty {
            sql += " ORDER BY " + orderTerms.joined(separator: ", ")
        }
        if includeOrdering && (request.fetchLimit > 0 || request.fetchOffset > 0) {
            sql += " LIMIT \(request.fetchLimit > 0 ? request.fetchLimit : -1)"
            if request.fetchOffset > 0 { sql += " OFFSET \(request.fetchOffset)" }
        }
    }
}

/// The tables joined through to-one relationships for key paths such as `theater.name`.
struct JoinList {
    let layout: SQLiteLayout
    let model: ManagedObjectModel
    /// `LEFT OUTER JOIN ZTHEATER t1 ON t0.ZTHEATER = t1.Z_PK`, in alias order.
    private(set) var clauses: [String] = []
    /// Alias by the path of relationships that led to it (`"theater"` → `t1`).
    private var aliases: [String: String] = [:]

    /// The number of the first alias this list hands out (`t<firstAlias>`).
    let firstAlias: Int

    init(layout: SQLiteLayout, model: ManagedObjectModel, firstAlias: Int = 1) {
        self.layout = layout
        self.model = model
        self.firstAlias = firstAlias
    }

    /// The SQL column for `keyPath` starting at `entity` (alias `t0`), joining to-ones as needed.
    mutating func column(forKeyPath keyPath: String, from entity: EntityDescription) throws -> String {
        // Empty parts are kept: an empty key (`""`, `"theater..name"`) names nothing and is refused,
        // as the in-memory store refuses it, instead of sorting by the primary key.
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var alias = "t0"
        var current = entity
        var path = ""
        for (position, part) in parts.enumerated() {
            let isLast = position == parts.count - 1
            guard let layoutEntity = layout.entity(named: current.name),
                let column = Self.propertyColumn(part, of: current, in: layoutEntity)
            else {
                throw CoreDataError.noStoredProperty(part, of: current.name, in: keyPath, from: entity.name)
            }
            if isLast { return "\(alias).\(column.column)" }
            guard column.isRelationship, let relationship = current.relationshipsByName[part],
                let destination = relationship.destinationEntity,
                let destinationLayout = layout.entity(named: destination.name)
            else {
                throw CoreDataError.notToOne(part, of: current.name, in: keyPath)
            }
            path += (path.isEmpty ? "" : ".") + part
            if let existing = aliases[path] {
                alias = existing
            } else {
                let next = "t\(firstAlias + clauses.count)"
                clauses.append(
                    "LEFT OUTER JOIN \(destinationLayout.tableName) \(next) ON \(alias).\(column.column) = \(next).Z_PK"
                )
                aliases[path] = next
                alias = next
            }
            current = destination
        }
        return "\(alias).Z_PK"
    }

    /// The column of `name` in `entity` or, for a fetch including sub-entities, a sub-entity.
    private static func propertyColumn(_ name: String, of entity: EntityDescription, in layout: EntityLayout)
        -> PropertyColumn?
    {
        layout.column(forProperty: name) ?? layout.subentityColumns.first { $0.propertyName == name }
    }
}
