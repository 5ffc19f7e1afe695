import Foundation
import SQLite

/// How the SQLite store writes one entity's rows: the `INSERT` statement in Core Data's shape
/// and the columns behind each property for `UPDATE`s. Built once per entity and reused.
struct WritePlan {
    /// What one written column holds.
    enum Value {
        /// The attribute's value.
        case attribute(AttributeDescription)
        /// The to-one's destination primary key.
        case foreignKey(String)
        /// The to-one's destination `Z_ENT`.
        case foreignEntity(String)
    }

    /// One column of the entity's table, with what it holds.
    struct Column {
        var name: String
        var value: Value

        /// The property whose value the column holds.
        var propertyName: String {
            switch value {
            case .attribute(let attribute): return attribute.name
            case .foreignKey(let name), .foreignEntity(let name): return name
            }
        }
    }

    /// The entity's table.
    var tableName: String
    /// The entity's `Z_ENT`.
    var entityNumber: Int
    /// `INSERT INTO ZMOVIE(Z_PK, Z_ENT, Z_OPT, ZTHEATER, ZNAME) VALUES(?, ?, ?, ?, ?)`.
    var insertSQL: String
    /// The columns after `Z_PK, Z_ENT, Z_OPT` in the INSERT, in table order.
    var insertColumns: [Column]
    /// The columns behind each property (a to-one has its key and maybe its entity column).
    var columnsByProperty: [String: [Column]]
    /// `DELETE FROM ZMOVIE WHERE Z_PK = ? AND Z_OPT = ?`.
    var deleteSQL: String
    /// What else deleting a row runs, with the row's key bound: removing its join-table rows and
    /// clearing hidden keys that point at it, in relationship name order.
    var deleteCleanupSQL: [String]
    /// Every entity's `Z_ENT`, for the entity columns of to-ones.
    private var entityNumbers: [String: Int]

    init(entity: EntityDescription, layout: SQLiteLayout) throws {
        guard let entityLayout = layout.entity(named: entity.name),
            let table = layout.table(named: entityLayout.tableName)
        else {
            throw CoreDataError(
                code: .persistentStoreIncompatibleSchema,
                message: "The entity \"\(entity.name)\" is not part of this store's model.")
        }
        tableName = table.name
        entityNumber = entityLayout.entityNumber
        entityNumbers = Dictionary(uniqueKeysWithValues: layout.entities.map { ($0.entityName, $0.entityNumber) })
        let lineage = Set(entity.inheritanceChain.map(\.name))
        var columns: [Column] = []
        for column in table.columns {
            switch column.role {
            case .attribute(let owner, let name) where lineage.contains(owner):
                if let attribute = entity.attributesByName[name] {
                    columns.append(Column(name: column.name, value: .attribute(attribute)))
                }
            case .foreignKey(let owner, let name) where lineage.contains(owner):
                columns.append(Column(name: column.name, value: .foreignKey(name)))
            case .foreignEntity(let owner, let name) where lineage.contains(owner):
                columns.append(Column(name: column.name, value: .foreignEntity(name)))
            default:
                break
            }
        }
        insertColumns = columns
        let names = ["Z_PK", "Z_ENT", "Z_OPT"] + columns.map(\.name)
        let marks = Array(repeating: "?", count: names.count).joined(separator: ", ")
        insertSQL = "INSERT INTO \(table.name)(\(names.joined(separator: ", "))) VALUES(\(marks))"
        var byProperty: [String: [Column]] = [:]
        for column in columns {
            switch column.value {
            case .attribute(let attribute): byProperty[attribute.name, default: []].append(column)
            case .foreignKey(let name), .foreignEntity(let name): byProperty[name, default: []].append(column)
            }
        }
        columnsByProperty = byProperty
        deleteSQL = "DELETE FROM \(table.name) WHERE Z_PK = ? AND Z_OPT = ?"
        deleteCleanupSQL = entityLayout.toManyRelationships.keys.sorted().compactMap { name in
            switch entityLayout.toManyRelationships[name] {
            case .joinTable(let table, let ownerColumn, _, _):
                return "DELETE FROM \(table) WHERE \(ownerColumn) = ?"
            case .hiddenForeignKey(let table, let column, _):
                return "UPDATE \(table) SET \(column) = NULL WHERE \(column) = ?"
            default:
                return nil
            }
        }
    }

    /// The value to bind for `column` from a row's property values.
    func binding(for column: Column, in values: PropertyValues) throws -> SQLiteValue {
        try binding(for: column, value: values[column.propertyName])
    }

    /// The value to bind for `column` when its property's value is `value`.
    func binding(for column: Column, value: Any?) throws -> SQLiteValue {
        switch column.value {
        case .attribute(let attribute):
            return try SQLiteValueConversion.sqliteValue(value, for: attribute)
        case .foreignKey(let name):
            guard let destination = value as? ManagedObjectID else { return .null }
            guard let key = destination.primaryKey else { throw TemporaryReference(relationship: name) }
            return .integer(key)
        case .foreignEntity:
            guard let destination = value as? ManagedObjectID else { return .null }
            return .integer(Int64(entityNumbers[destination.entity.name] ?? 0))
        }
    }

    /// A to-one pointing at an object that has no permanent ID yet.
    struct TemporaryReference: Error, CustomStringConvertible {
        var relationship: String
        var description: String {
            "the relationship \"\(relationship)\" points at an object without a permanent ID; "
                + "obtain permanent IDs before saving"
        }
    }
}

/// Everything an `INSERT` of one entity's rows in one value layout needs, looked up once for a
/// run of such rows (a class, so using it for each row copies nothing).
final class InsertTarget {
    let entity: EntityDescription
    let layout: PropertySlotLayout?
    let plan: WritePlan
    let statement: Statement
    /// How to bind each of the plan's insert columns, in order.
    let binders: [ColumnBinder]

    init(entity: EntityDescription, layout: PropertySlotLayout?, plan: WritePlan, statement: Statement) {
        self.entity = entity
        self.layout = layout
        self.plan = plan
        self.statement = statement
        binders = plan.insertColumns.map { ColumnBinder(column: $0, slot: layout?.slot(of: $0.propertyName)) }
    }

    /// How one insert column gets its value: for the common kinds, straight from a slot of the
    /// row's values as the SQLite type (no ``SQLiteValue`` in between); for the rest, through
    /// ``WritePlan/binding(for:value:)``.
    enum ColumnBinder {
        /// An integer attribute (stored as `Int`) in the slot.
        case integer(slot: Int)
        /// A double attribute in the slot.
        case real(slot: Int)
        /// A date attribute in the slot, bound as seconds since 2001.
        case date(slot: Int)
        /// A string attribute in the slot.
        case text(slot: Int)
        /// A to-one's destination ID in the slot, bound as its primary key.
        case foreignKey(slot: Int)
        /// Anything else; the slot when the layout has one.
        case general(WritePlan.Column, slot: Int?)

        /// The slot of the row's values the column's value is in, if the layout has one.
        var slot: Int? {
            switch self {
            case .integer(let slot), .real(let slot), .date(let slot), .text(let slot), .foreignKey(let slot):
                slot
            case .general(_, let slot):
                slot
            }
        }

        init(column: WritePlan.Column, slot: Int?) {
            guard let slot else {
                self = .general(column, slot: nil)
                return
            }
            switch column.value {
            case .attribute(let attribute) where attribute.attributeType.isStoredAsInteger64:
                self = .integer(slot: slot)
            case .attribute(let attribute) where attribute.attributeType == .double:
                self = .real(slot: slot)
            case .attribute(let attribute) where attribute.attributeType == .date:
                self = .date(slot: slot)
            case .attribute(let attribute) where attribute.attributeType == .string:
                self = .text(slot: slot)
            case .foreignKey:
                self = .foreignKey(slot: slot)
            default:
                self = .general(column, slot: slot)
            }
        }
    }
}

extension AttributeType {
    /// Whether the type's canonical Swift value is an `Int` bound as SQLite INTEGER.
    fileprivate var isStoredAsInteger64: Bool {
        self == .integer16 || self == .integer32 || self == .integer64
    }
}
