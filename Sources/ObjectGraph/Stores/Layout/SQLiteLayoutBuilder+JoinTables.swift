/// Many-to-many relationships: join tables `Z_<A.Z_ENT><R>` (DESIGN.md §3.3).
extension SQLiteLayoutBuilder {
    /// Visits entities in name order and their relationships in descending name order; the first
    /// side of a many-to-many reached names its table. Join-column names that collide get `1`, `2`…
    /// over the whole model in that visiting order.
    mutating func makeJoinTables() -> [JoinTableLayout] {
        var result: [JoinTableLayout] = []
        var done: Set<ObjectIdentifier> = []
        var takenColumns: Set<String> = []
        func claim(_ base: String) -> String {
            var name = base
            var suffix = 1
            while takenColumns.contains(name) {
                name = base + String(suffix)
                suffix += 1
            }
            takenColumns.insert(name)
            return name
        }
        let entities = model.entities.sorted { NameOrder.entityName($0.name, $1.name) }
        for entity in entities {
            let relationships = entity.ownRelationships.sorted { NameOrder.entityName($1.name, $0.name) }
            for relationship in relationships where relationship.isToMany && !relationship.isTransient {
                guard let inverse = relationship.inverseRelationship, inverse.isToMany,
                    let destination = relationship.destinationEntity,
                    !done.contains(ObjectIdentifier(relationship))
                else { continue }
                done.insert(ObjectIdentifier(relationship))
                done.insert(ObjectIdentifier(inverse))
                let sourceNumber = number(of: entity)
                let table = "Z_\(sourceNumber)" + relationship.name.uppercased()
                let first = claim("Z_\(sourceNumber)" + inverse.name.uppercased())
                let second = claim("Z_\(number(of: destination))" + relationship.name.uppercased())
                let firstOrder = inverse.isOrdered ? "Z_FOK_" + first.dropFirst(2) : nil
                let secondOrder = relationship.isOrdered ? "Z_FOK_" + second.dropFirst(2) : nil
                let joinTable = JoinTableLayout(
                    name: table, entityName: entity.name, relationshipName: relationship.name,
                    firstColumn: first, secondColumn: second, orderColumns: [firstOrder, secondOrder].compactMap { $0 })
                result.append(joinTable)
                attachJoinTable(joinTable, after: Self.tableName(of: entity))
                record(
                    entity, relationship.name,
                    .joinTable(table: table, ownerColumn: first, destinationColumn: second, orderColumn: secondOrder))
                if let owner = inverse.entity {
                    record(
                        owner, inverse.name,
                        .joinTable(table: table, ownerColumn: second, destinationColumn: first, orderColumn: firstOrder)
                    )
                }
            }
        }
        return result
    }
}
