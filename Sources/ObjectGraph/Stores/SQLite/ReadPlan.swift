import Foundation
import SQLite

/// How the SQLite store reads one entity's rows: the `SELECT` columns in Core Data's order and
/// what each column becomes in a ``StoreRow``. Built once per entity and reused.
struct ReadPlan {
    /// Plans are cached by entity and by whether sub-entities are included.
    struct Key: Hashable {
        var entityName: String
        var includesSubentities: Bool
    }

    /// What one selected column turns into.
    enum Field {
        /// An attribute of this type.
        case attribute(AttributeType)
        /// A transformable attribute naming a value transformer (looked up when the row is read,
        /// so a transformer registered after the store was opened still applies).
        case transformable(transformerName: String)
        /// A to-one's foreign key; the destination's `Z_ENT` is in column `entityColumn` when the
        /// destination has sub-entities, else it is always `destination`.
        case toOne(destination: EntityDescription, entityColumn: Int?)
    }

    /// How to read one of ``columns``.
    struct Reader {
        /// The 0-based result column.
        var index: Int
        /// The attribute type of a plain attribute column; nil for a transformable attribute or
        /// a to-one, read through their ``Column``.
        var attributeType: AttributeType?
        /// The destination of a to-one column whose rows all name that entity (no `Z_ENT`
        /// column): unretained, since the plan's ``Column`` holds it for as long as the plan lives.
        var toOneDestination: Unmanaged<EntityDescription>? = nil
    }

    /// One property read from the row.
    struct Column {
        var propertyName: String
        var field: Field
        /// The 0-based result column.
        var index: Int
    }

    /// The entity's table.
    var tableName: String
    /// `t0.Z_ENT` when rows may be of several entities, else `0` (Core Data's placeholder).
    var entitySelector: String
    /// The columns after `<entity>, t0.Z_PK, t0.Z_OPT`, as SQL (`t0.ZNAME`).
    var selectList: [String]
    /// The properties to fill in, with their result columns.
    var columns: [Column]
    /// Entity numbers to restrict `Z_ENT` to, or empty when the table holds only these entities.
    var entityRestriction: [Int]
    /// Whether rows can be of different entities (so each property is checked against the row's entity).
    var hasMixedEntities: Bool
    /// The fetched entity (the entity of every row when ``hasMixedEntities`` is false).
    var entity: EntityDescription
    /// For each of ``columns``, its result column and, for a plain attribute, its type: what
    /// reading a row needs, in values without references (so a row's read copies no name).
    let readers: [Reader]
    /// The slots of a row's ``PropertyValues``: column `i` of ``columns`` fills slot `i`.
    let valueLayout: PropertySlotLayout

    /// `<entity>, t0.Z_PK, t0.Z_OPT, …`: what follows `SELECT` in Core Data's fetches.
    let selectClause: String
    /// The fault-fulfilment query: `SELECT … FROM <table> t0 WHERE  t0.Z_PK = ?`.
    let primaryKeySQL: String

    init(entity: EntityDescription, includesSubentities: Bool, layout: SQLiteLayout) throws {
        guard let entityLayout = layout.entity(named: entity.name) else {
            throw CoreDataError(
                code: .persistentStoreIncompatibleSchema,
                message: "The entity \"\(entity.name)\" is not part of this store's model.")
        }
        self.entity = entity
        tableName = entityLayout.tableName
        let hasSubentities = !entity.subentities.isEmpty
        let resultEntities =
            includesSubentities ? entityLayout.entityNumbersIncludingSubentities : [entityLayout.entityNumber]
        hasMixedEntities = includesSubentities && hasSubentities
        entitySelector = hasMixedEntities ? "t0.Z_ENT" : "0"
        let tableEntities = layout.table(named: tableName)?.entityNumbers ?? resultEntities
        entityRestriction = Set(tableEntities) == Set(resultEntities) ? [] : resultEntities

        var propertyColumns = entityLayout.columns
        if hasMixedEntities { propertyColumns += entityLayout.subentityColumns }
        var selectList: [String] = []
        var columns: [Column] = []
        let subentities = hasMixedEntities ? entity.selfAndDescendants : [entity]
        for propertyColumn in propertyColumns {
            let property = subentities.lazy.compactMap { $0.propertiesByName[propertyColumn.propertyName] }.first
            let index = 3 + selectList.count
            selectList.append("t0." + propertyColumn.column)
            if let relationship = property as? RelationshipDescription, let destination = relationship.destinationEntity
            {
                var entityColumn: Int?
                if let column = propertyColumn.entityColumn {
                    entityColumn = 3 + selectList.count
                    selectList.append("t0." + column)
                }
                columns.append(
                    Column(
                        propertyName: propertyColumn.propertyName,
                        field: .toOne(destination: destination, entityColumn: entityColumn), index: index))
            } else if let attribute = property as? AttributeDescription {
                let field: Field =
                    if attribute.attributeType == .transformable, let name = attribute.valueTransformerName {
                        .transformable(transformerName: name)
                    } else {
                        .attribute(attribute.attributeType)
                    }
                columns.append(Column(propertyName: propertyColumn.propertyName, field: field, index: index))
            }
        }
        self.selectList = selectList
        self.columns = columns
        readers = columns.map { column in
            switch column.field {
            case .attribute(let type):
                return Reader(index: column.index, attributeType: type)
            case .toOne(let destination, entityColumn: nil):
                return Reader(index: column.index, attributeType: nil, toOneDestination: .passUnretained(destination))
            case .toOne, .transformable:
                return Reader(index: column.index, attributeType: nil)
            }
        }
        // Rows of one entity have all the plan's attributes, so objects may read them by slot;
        // rows of several entities do not (a sub-entity's attribute may be another's relationship).
        var attributes = Set<String>()
        var toOnes = Set<String>()
        if !hasMixedEntities {
            for column in columns {
                switch column.field {
                case .attribute, .transformable: attributes.insert(column.propertyName)
                case .toOne: toOnes.insert(column.propertyName)
                }
            }
        }
        valueLayout = PropertySlotLayout(names: columns.map(\.propertyName), attributes: attributes, toOnes: toOnes)
        selectClause = ([entitySelector, "t0.Z_PK", "t0.Z_OPT"] + selectList).joined(separator: ", ")
        primaryKeySQL = "SELECT \(selectClause) FROM \(tableName) t0 WHERE  t0.Z_PK = ?"
    }
}
