/// Where a source relationship's links are, and the `(owner, dest, destEnt, ord, rord)` rows of
/// every link: owner and destination keys, the destination's `Z_ENT`, the destination's position
/// in the owner's list and the owner's position in the destination's inverse list (when ordered).
extension MigrationPlanner {
    /// How a source relationship is stored.
    enum RelationshipStorage {
        /// A to-one: a key column in the owner's row (and its entity column, the inverse's order
        /// column, the owner's entity numbers).
        case ownerRow(table: String, column: String, entityColumn: String?, inverseOrder: String?, owners: [Int])
        /// A to-many stored in the destination rows (inverse to-one key or hidden key).
        case destinationRow(table: String, column: String, order: String?)
        /// A many-to-many join table.
        case joinTable(
            table: String, owner: String, destination: String, order: String?, inverseOrder: String?,
            destinationTable: String?)
    }

    /// The source relationship the destination relationship `owner.name` is mapped from.
    func sourceRelationship(of owner: String, _ name: String) -> RelationshipDescription? {
        guard let sourceEntity = sourceEntityByDestination[owner],
            let sourceName = entityMapping(owner)?.relationshipMapping(named: name)?.sourcePropertyName
        else { return nil }
        return sourceEntity.relationshipsByName[sourceName]
    }

    /// How the source relationship mapped to the destination relationship `owner.name` is stored.
    func sourceStorage(of owner: String, _ name: String) -> RelationshipStorage? {
        guard let sourceEntity = sourceEntityByDestination[owner],
            let relationship = sourceRelationship(of: owner, name),
            let layout = sourceLayout.entity(named: sourceEntity.name)
        else { return nil }
        if !relationship.isToMany {
            guard let column = layout.column(forProperty: relationship.name) else { return nil }
            return .ownerRow(
                table: layout.tableName, column: column.column, entityColumn: column.entityColumn,
                inverseOrder: inverseOrderColumn(of: relationship), owners: layout.entityNumbersIncludingSubentities)
        }
        switch layout.toManyRelationships[relationship.name] {
        case .inverseForeignKey(let table, let column, let order), .hiddenForeignKey(let table, let column, let order):
            return .destinationRow(table: table, column: column, order: order)
        case .joinTable(let table, let ownerColumn, let destinationColumn, let order):
            return .joinTable(
                table: table, owner: ownerColumn, destination: destinationColumn, order: order,
                inverseOrder: inverseOrderColumn(of: relationship),
                destinationTable: sourceLayout.entity(named: relationship.destinationEntityName)?.tableName)
        case nil:
            return nil
        }
    }

    /// The order column of a source relationship's inverse, when the inverse is an ordered to-many.
    private func inverseOrderColumn(of relationship: RelationshipDescription) -> String? {
        guard let inverse = relationship.inverseRelationship, inverse.isOrdered, let owner = inverse.entity,
            let layout = sourceLayout.entity(named: owner.name)?.toManyRelationships[inverse.name]
        else { return nil }
        switch layout {
        case .inverseForeignKey(_, _, let order), .hiddenForeignKey(_, _, let order), .joinTable(_, _, _, let order):
            return order
        }
    }

    /// The query listing every link of a stored source relationship.
    func pairs(_ storage: RelationshipStorage) -> String {
        switch storage {
        case .ownerRow(let table, let column, let entityColumn, let inverseOrder, let owners):
            let numbers = owners.map(String.init).joined(separator: ", ")
            let destinationNumber = entityColumn ?? destinationNumber(ofKeyIn: table, column: column)
            return "SELECT Z_PK AS owner, \(column) AS dest, \(destinationNumber) AS destEnt, NULL AS ord, "
                + "\(inverseOrder ?? "NULL") AS rord FROM \(sourceTable(table)) "
                + "WHERE \(column) IS NOT NULL AND Z_ENT IN (\(numbers))"
        case .destinationRow(let table, let column, let order):
            return "SELECT \(column) AS owner, Z_PK AS dest, Z_ENT AS destEnt, \(order ?? "NULL") AS ord, "
                + "NULL AS rord FROM \(sourceTable(table)) WHERE \(column) IS NOT NULL"
        case .joinTable(let table, let owner, let destination, let order, let inverseOrder, let destinationTable):
            let entity = destinationTable.map {
                "(SELECT d.Z_ENT FROM \(sourceTable($0)) AS d WHERE d.Z_PK = j.\(destination))"
            }
            return "SELECT j.\(owner) AS owner, j.\(destination) AS dest, \(entity ?? "NULL") AS destEnt, "
                + "\(order.map { "j." + $0 } ?? "NULL") AS ord, \(inverseOrder.map { "j." + $0 } ?? "NULL") AS rord "
                + "FROM \(sourceTable(table)) AS j"
        }
    }

    /// The source `Z_ENT` of the rows a to-one key column points at, when its destination has no
    /// sub-entities (and so no entity column).
    private func destinationNumber(ofKeyIn table: String, column: String) -> String {
        for entity in sourceLayout.entities where entity.tableName == table {
            guard let property = entity.columns.first(where: { $0.column == column && $0.isRelationship }),
                let relationship = source.entitiesByName[entity.entityName]?.relationshipsByName[property.propertyName],
                let number = sourceLayout.entity(named: relationship.destinationEntityName)?.entityNumber
            else { continue }
            return "\(number)"
        }
        return "NULL"
    }
}
