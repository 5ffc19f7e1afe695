import Foundation
import ObjectGraph
import SQLite

/// The `check` subcommand: what in a store's rows contradicts its own bookkeeping or its model.
///
/// Each rule is one SQL query over the private copy, so the check streams however large the
/// store; findings are capped per rule (``maximumPerRule``) with a final line saying how many more.
public struct ConsistencyChecker {
    /// The most findings reported for one rule on one entity/key before the rest are summarised.
    public static let maximumPerRule = 50

    private let inspection: StoreInspection
    private var findings: [Finding] = []

    /// A checker for an opened store.
    public init(inspection: StoreInspection) {
        self.inspection = inspection
    }

    /// Runs every rule and returns the findings in rule order.
    public static func check(_ inspection: StoreInspection) throws(InspectorError) -> [Finding] {
        var checker = ConsistencyChecker(inspection: inspection)
        try checker.run()
        return checker.findings
    }

    private mutating func run() throws(InspectorError) {
        guard inspection.isCoreDataStore else { return }
        try checkPrimaryKeyMaximum()
        guard let storeModel = inspection.storeModel else { return }
        let model = storeModel.model
        for entity in model.entities.sorted(by: { $0.name < $1.name }) {
            guard let table = inspection.table(of: entity) else { continue }
            let present = Set(try inspection.columns(of: table).map { $0.name.uppercased() })
            let family = inspection.familyNumbers(of: entity)
            guard !family.isEmpty else { continue }
            let familyList = family.map(String.init).joined(separator: ", ")
            if entity.superentity == nil { try checkFamily(entity, table: table, familyList: familyList) }
            let layout = storeModel.layout.entity(named: entity.name)
            for property in entity.properties where !property.isTransient {
                guard let column = layout?.column(forProperty: property.name),
                    present.contains(column.column.uppercased())
                else {
                    continue
                }
                if let attribute = property as? AttributeDescription {
                    if !attribute.isOptional, !attribute.isDerived {
                        try checkRequired(
                            entity, key: attribute.name, table: table, column: column.column, familyList: familyList)
                    }
                    if attribute.allowsExternalBinaryDataStorage {
                        try checkExternalFiles(
                            entity, key: attribute.name, table: table, column: column.column,
                            familyList: familyList)
                    }
                } else if let relationship = property as? RelationshipDescription, !relationship.isToMany {
                    if !relationship.isOptional {
                        try checkRequired(
                            entity, key: relationship.name, table: table, column: column.column,
                            familyList: familyList)
                    }
                    try checkDanglingToOne(
                        entity, relationship, table: table, column: column.column, familyList: familyList)
                    try checkInverse(entity, relationship, table: table, column: column.column, familyList: familyList)
                }
            }
            try checkCascadeOrphans(entity, layout: layout, table: table, present: present)
            for relationship in entity.ownRelationships where relationship.isToMany && !relationship.isTransient {
                guard let storage = layout?.toManyRelationships[relationship.name] else { continue }
                try checkToMany(entity, relationship, storage: storage, ownerTable: table, ownerFamily: familyList)
            }
        }
    }

    // MARK: - Rules

    private mutating func checkPrimaryKeyMaximum() throws(InspectorError) {
        for entry in inspection.primaryKeys where entry.superNumber == 0 && entry.entityNumber < 16000 {
            guard
                let table = inspection.storeModel?.model.entitiesByName[entry.name].flatMap({ inspection.table(of: $0) }
                )
                    ?? inspection.tableName("Z" + entry.name.uppercased())
            else { continue }
            let highest =
                try inspection.store.scalar("SELECT max(Z_PK) FROM \(SQLIdentifier.quoted(table))")?.int64Value ?? 0
            if highest > entry.maximumKey {
                add(
                    .primaryKeyAboveMaximum, entity: entry.name, object: table, key: "Z_MAX",
                    "Z_PRIMARYKEY.Z_MAX is \(entry.maximumKey) but \(table) holds Z_PK \(highest): the next insert "
                        + "would reuse a key")
            }
        }
    }

    private mutating func checkFamily(_ entity: EntityDescription, table: String, familyList: String)
        throws(InspectorError)
    {
        let sql =
            "SELECT Z_PK, Z_ENT FROM \(SQLIdentifier.quoted(table)) WHERE Z_ENT IS NULL OR Z_ENT NOT IN (\(familyList))"
        try each(sql) { (checker: inout ConsistencyChecker, row: Row) in
            let number = row[1].int64Value.map(String.init) ?? "NULL"
            checker.add(
                .entityNumberOutsideFamily, entity: entity.name, object: "\(entity.name)/p\(row[0].int64Value ?? 0)",
                key: "Z_ENT",
                "row of \(table) has Z_ENT \(number), which is not \(entity.name) or one of its sub-entities")
        }
    }

    private mutating func checkRequired(
        _ entity: EntityDescription, key: String, table: String, column: String, familyList: String
    ) throws(InspectorError) {
        let owners = entity.selfAndDescendants.compactMap { inspection.entityNumber(of: $0.name) }.map(String.init)
            .joined(separator: ", ")
        let sql =
            "SELECT Z_PK, Z_ENT FROM \(SQLIdentifier.quoted(table)) WHERE Z_ENT IN (\(owners.isEmpty ? familyList : owners)) "
            + "AND \(SQLIdentifier.quoted(column)) IS NULL ORDER BY Z_PK"
        try each(sql) { (checker: inout ConsistencyChecker, row: Row) in
            let name = row[1].int64Value.flatMap { checker.inspection.entityName(number: $0) } ?? entity.name
            checker.add(
                .missingRequiredValue, entity: name, object: "\(name)/p\(row[0].int64Value ?? 0)", key: key,
                "\(key) is required (not optional) in the model but is NULL")
        }
    }

    private mutating func checkDanglingToOne(
        _ entity: EntityDescription, _ relationship: RelationshipDescription, table: String, column: String,
        familyList: String
    ) throws(InspectorError) {
        guard let destination = relationship.destinationEntity, let target = inspection.table(of: destination) else {
            return
        }
        let targets = inspection.familyNumbers(of: destination).map(String.init).joined(separator: ", ")
        let fk = "t0." + SQLIdentifier.quoted(column)
        let sql =
            "SELECT t0.Z_PK, t0.Z_ENT, \(fk) FROM \(SQLIdentifier.quoted(table)) t0 WHERE t0.Z_ENT IN (\(familyList)) "
            + "AND \(fk) IS NOT NULL AND NOT EXISTS (SELECT 1 FROM \(SQLIdentifier.quoted(target)) t1 "
            + "WHERE t1.Z_PK = \(fk)\(targets.isEmpty ? "" : " AND t1.Z_ENT IN (\(targets))")) ORDER BY t0.Z_PK"
        try each(sql) { (checker: inout ConsistencyChecker, row: Row) in
            let name = row[1].int64Value.flatMap { checker.inspection.entityName(number: $0) } ?? entity.name
            checker.add(
                .danglingToOne, entity: name, object: "\(name)/p\(row[0].int64Value ?? 0)", key: relationship.name,
                "\(relationship.name) points to \(destination.name)/p\(row[2].int64Value ?? 0), which does not exist")
        }
    }

    /// One-to-one pairs store a key on both sides; they must point at each other.
    private mutating func checkInverse(
        _ entity: EntityDescription, _ relationship: RelationshipDescription, table: String, column: String,
        familyList: String
    ) throws(InspectorError) {
        guard let inverse = relationship.inverseRelationship, !inverse.isToMany,
            let destination = relationship.destinationEntity,
            let target = inspection.table(of: destination),
            // Checked from both sides: each side's key can be the one that went wrong.
            let inverseColumn = inspection.storeModel?.layout.entity(named: destination.name)?.column(
                forProperty: inverse.name)
        else { return }
        let fk = "t0." + SQLIdentifier.quoted(column)
        let back = "t1." + SQLIdentifier.quoted(inverseColumn.column)
        let sql =
            "SELECT t0.Z_PK, \(fk), \(back) FROM \(SQLIdentifier.quoted(table)) t0 JOIN \(SQLIdentifier.quoted(target)) t1 "
            + "ON t1.Z_PK = \(fk) WHERE t0.Z_ENT IN (\(familyList)) AND (\(back) IS NULL OR \(back) != t0.Z_PK) ORDER BY t0.Z_PK"
        try each(sql) { (checker: inout ConsistencyChecker, row: Row) in
            let other = row[2].int64Value.map { "\(entity.name)/p\($0)" } ?? "nothing"
            checker.add(
                .inverseDisagreement, entity: entity.name, object: "\(entity.name)/p\(row[0].int64Value ?? 0)",
                key: relationship.name,
                "\(relationship.name) points to \(destination.name)/p\(row[1].int64Value ?? 0), whose \(inverse.name) "
                    + "points to \(other)")
        }
    }

    /// Rows of exactly `entity` that no owner holds any more: every to-one whose inverse cascades
    /// is empty. Deleting an owner through Core Data would have deleted them too. A row with two
    /// possible owners (an attachment of a note or of a message) is an orphan only when both are
    /// gone, so all of the entity's cascading owners, inherited ones included, are tested together.
    ///
    /// A relationship within one entity family (a folder's `parent`, cascading from `children`) is
    /// a tree: its roots have no parent by design, so it makes no row an orphan.
    private mutating func checkCascadeOrphans(
        _ entity: EntityDescription, layout: EntityLayout?, table: String, present: Set<String>
    ) throws(InspectorError) {
        guard let number = inspection.entityNumber(of: entity.name) else { return }
        var owners: [(relationship: RelationshipDescription, parent: EntityDescription, column: String)] = []
        for case let relationship as RelationshipDescription in entity.allProperties
        where !relationship.isToMany && !relationship.isTransient {
            guard let inverse = relationship.inverseRelationship, inverse.deleteRule == .cascade,
                let parent = relationship.destinationEntity,
                let column = layout?.column(forProperty: relationship.name)?.column,
                present.contains(column.uppercased())
            else { continue }
            let sameFamily =
                parent.selfAndDescendants.contains { $0.name == entity.name }
                || entity.selfAndDescendants.contains { $0.name == parent.name }
            if !sameFamily { owners.append((relationship, parent, column)) }
        }
        owners.sort { $0.relationship.name < $1.relationship.name }
        guard let first = owners.first else { return }
        let empty = owners.map { "\(SQLIdentifier.quoted($0.column)) IS NULL" }.joined(separator: " AND ")
        let sql =
            "SELECT Z_PK FROM \(SQLIdentifier.quoted(table)) WHERE Z_ENT = \(number) AND \(empty) ORDER BY Z_PK"
        let names = owners.map { "\($0.parent.name).\($0.relationship.inverseName ?? "")" }
        let message =
            owners.count == 1
            ? "has no \(first.relationship.name), but \(names.joined()) cascades: deleting its "
                + "\(first.parent.name) would have deleted it too (was the row left behind by a direct SQL delete?)"
            : "has no owner left: none of \(names.joined(separator: ", ")) holds it, and each cascades: deleting "
                + "its owner would have deleted it too (was the row left behind by a direct SQL delete?)"
        let key = owners.map(\.relationship.name).joined(separator: ", ")
        try each(sql) { (checker: inout ConsistencyChecker, row: Row) in
            checker.add(
                .cascadeOrphan, entity: entity.name, object: "\(entity.name)/p\(row[0].int64Value ?? 0)", key: key,
                message)
        }
    }

    private mutating func checkToMany(
        _ entity: EntityDescription, _ relationship: RelationshipDescription, storage: ToManyLayout, ownerTable: String,
        ownerFamily: String
    ) throws(InspectorError) {
        let counted: String
        switch storage {
        case .inverseForeignKey(let table, let column, _), .hiddenForeignKey(let table, let column, _):
            guard let actual = inspection.tableName(table),
                try inspection.columns(of: actual).contains(where: { $0.name.uppercased() == column.uppercased() })
            else { return }
            counted =
                "(SELECT count(*) FROM \(SQLIdentifier.quoted(actual)) c WHERE c.\(SQLIdentifier.quoted(column)) = t0.Z_PK)"
        case .joinTable(let table, let ownerColumn, let destinationColumn, _):
            guard
                let actual = try inspection.joinTableName(
                    table, ownerColumn: ownerColumn, destinationColumn: destinationColumn)
            else { return }
            counted =
                "(SELECT count(*) FROM \(SQLIdentifier.quoted(actual)) c WHERE c.\(SQLIdentifier.quoted(ownerColumn)) = t0.Z_PK)"
            try checkJoinRows(
                entity, relationship, joinTable: actual, ownerColumn: ownerColumn,
                destinationColumn: destinationColumn, ownerTable: ownerTable, ownerFamily: ownerFamily)
        }
        // The rule save validation follows (ObjectGraph's RelationshipDescription+Counts.swift): no
        // minimum unless minCount is set, and an empty optional relationship is always valid. The
        // query only narrows the rows; `countViolation` judges each.
        guard relationship.hasCountBounds else { return }
        var conditions: [String] = []
        if let minimum = relationship.minimumCount {
            conditions.append(relationship.allowsNoObjects ? "(n > 0 AND n < \(minimum))" : "n < \(minimum)")
        }
        if let maximum = relationship.maximumCount { conditions.append("n > \(maximum)") }
        let sql =
            "SELECT Z_PK, n FROM (SELECT t0.Z_PK AS Z_PK, \(counted) AS n FROM \(SQLIdentifier.quoted(ownerTable)) t0 "
            + "WHERE t0.Z_ENT IN (\(ownerFamily))) WHERE \(conditions.joined(separator: " OR ")) ORDER BY Z_PK"
        try each(sql) { (checker: inout ConsistencyChecker, row: Row) in
            let count = Int(row[1].int64Value ?? 0)
            guard relationship.countViolation(holding: count) != nil else { return }
            checker.add(
                .relationshipCount, entity: entity.name, object: "\(entity.name)/p\(row[0].int64Value ?? 0)",
                key: relationship.name,
                "\(relationship.name) has \(count) objects; the model allows \(relationship.allowedCountDescription)")
        }
    }

    private mutating func checkJoinRows(
        _ entity: EntityDescription, _ relationship: RelationshipDescription, joinTable: String, ownerColumn: String,
        destinationColumn: String, ownerTable: String, ownerFamily: String
    ) throws(InspectorError) {
        guard let destination = relationship.destinationEntity, let target = inspection.table(of: destination) else {
            return
        }
        let owner = SQLIdentifier.quoted(ownerColumn)
        let dest = SQLIdentifier.quoted(destinationColumn)
        let sql =
            "SELECT j.\(owner), j.\(dest), "
            + "EXISTS (SELECT 1 FROM \(SQLIdentifier.quoted(ownerTable)) a WHERE a.Z_PK = j.\(owner)), "
            + "EXISTS (SELECT 1 FROM \(SQLIdentifier.quoted(target)) b WHERE b.Z_PK = j.\(dest)) "
            + "FROM \(SQLIdentifier.quoted(joinTable)) j WHERE NOT EXISTS (SELECT 1 FROM \(SQLIdentifier.quoted(ownerTable)) a "
            + "WHERE a.Z_PK = j.\(owner)) OR NOT EXISTS (SELECT 1 FROM \(SQLIdentifier.quoted(target)) b WHERE b.Z_PK = j.\(dest))"
        try each(sql) { (checker: inout ConsistencyChecker, row: Row) in
            let ownerKey = row[0].int64Value ?? 0
            let destinationKey = row[1].int64Value ?? 0
            let missing =
                (row[2].int64Value ?? 0) == 0 ? "\(entity.name)/p\(ownerKey)" : "\(destination.name)/p\(destinationKey)"
            checker.add(
                .danglingJoinRow, entity: entity.name, object: "\(entity.name)/p\(ownerKey)", key: relationship.name,
                "\(joinTable) pairs \(entity.name)/p\(ownerKey) with \(destination.name)/p\(destinationKey), "
                    + "but \(missing) does not exist")
        }
    }

    private mutating func checkExternalFiles(
        _ entity: EntityDescription, key: String, table: String, column: String, familyList: String
    ) throws(InspectorError) {
        // External records are 0x02 followed by the file's UUID name; the files live in
        // `.<store name>_SUPPORT/_EXTERNAL_DATA/` beside the original store (only stat'ed, never opened).
        let original = URL(fileURLWithPath: inspection.store.path)
        let stem = original.deletingPathExtension().lastPathComponent
        let folder = original.deletingLastPathComponent().appendingPathComponent(".\(stem)_SUPPORT/_EXTERNAL_DATA")
        let quoted = SQLIdentifier.quoted(column)
        let sql =
            "SELECT Z_PK, substr(\(quoted), 2, 200) FROM \(SQLIdentifier.quoted(table)) WHERE Z_ENT IN (\(familyList)) "
            + "AND typeof(\(quoted)) = 'blob' AND substr(\(quoted), 1, 1) = x'02' ORDER BY Z_PK"
        try each(sql) { (checker: inout ConsistencyChecker, row: Row) in
            let name = String(decoding: (row[1].dataValue ?? Data()).prefix { $0 != 0 }, as: UTF8.self)
            let file = folder.appendingPathComponent(name).path
            guard name.isEmpty || name.contains("/") || FileKind(path: file) == .missing else { return }
            checker.add(
                .missingExternalFile, entity: entity.name, object: "\(entity.name)/p\(row[0].int64Value ?? 0)",
                key: key,
                "the value is stored outside the database as \(name.isEmpty ? "(no name)" : name), "
                    + "but .\(stem)_SUPPORT/_EXTERNAL_DATA/ has no such file")
        }
    }

    // MARK: - Helpers

    private mutating func add(_ kind: Finding.Kind, entity: String, object: String, key: String, _ message: String) {
        findings.append(Finding(kind: kind, entity: entity, object: object, key: key, message: message))
    }

    /// Runs `sql`, passing at most ``maximumPerRule`` rows to `body`, and counts the rest.
    private mutating func each(
        _ sql: String, _ body: (inout ConsistencyChecker, Row) -> Void
    ) throws(InspectorError) {
        var seen = 0
        var rows: [Row] = []
        try inspection.store.forEachRow(sql) { statement in
            seen += 1
            if rows.count < Self.maximumPerRule { rows.append(statement.row) }
            return true
        }
        let before = findings.count
        for row in rows { body(&self, row) }
        if seen > rows.count, let last = findings.last, findings.count > before {
            add(
                last.kind, entity: last.entity, object: "…", key: last.key,
                "and \(seen - rows.count) more like this (only the first \(Self.maximumPerRule) are listed)")
        }
    }
}
