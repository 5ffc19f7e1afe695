/// The DDL, in the order `sqlite3 .schema` prints it for a store Core Data created (DESIGN.md §3.3).
extension SQLiteLayoutBuilder {
    /// Each entity table followed by the join tables it names; then per entity table its foreign-key
    /// indexes (column order), its `Z_ENT` index, its join tables' indexes, then per entity its fetch
    /// indexes and unique indexes; then the system tables.
    func statements() -> [String] {
        var statements: [String] = []
        for table in tableLayouts {
            statements.append(table.createStatement)
            statements += joinTables(after: table.name).map(\.createStatement)
        }
        for table in tableLayouts {
            for column in table.columns {
                switch column.role {
                case .foreignKey, .hiddenForeignKey:
                    statements.append(
                        "CREATE INDEX \(table.name)_\(column.name)_INDEX ON \(table.name) (\(column.name))")
                default:
                    continue
                }
            }
            if table.entityNumbers.count > 1 {
                statements.append("CREATE INDEX \(table.name)_Z_ENT_INDEX ON \(table.name) (Z_ENT)")
            }
            statements += joinTables(after: table.name).map(\.indexStatement)
            for number in table.entityNumbers where orderedEntities.indices.contains(number - 1) {
                statements += indexStatements(of: orderedEntities[number - 1], table: table.name)
            }
        }
        return statements + SQLiteLayout.systemTableStatements
    }

    /// An entity's fetch-index and uniqueness-constraint indexes.
    ///
    /// A property that is the only element of a fetch index counts as indexed and also gets
    /// `Z_<Entity>_<property>`, emitted before the named indexes (verified on the duckduckgo
    /// Bookmarks store); so does an attribute an old model marks "Indexed". These come in property
    /// order. R-tree fetch indexes (virtual tables) are not produced.
    private func indexStatements(of entity: EntityDescription, table: String) -> [String] {
        var statements: [String] = []
        let indexes = entity.fetchIndexes.filter { index in index.elements.allSatisfy { $0.collationType == .binary } }
        let soleElements = Set(indexes.filter { $0.elements.count == 1 }.map(\.elements[0].propertyName))
        let singles = entity.allProperties.filter { property in
            soleElements.contains(property.name)
                || (property.entity === entity && (property as? AttributeDescription)?.isIndexed == true)
        }.map(\.name)
        for name in singles {
            guard let column = column(of: name, in: entity) else { continue }
            statements.append("CREATE INDEX Z_\(entity.name)_\(name) ON \(table) (\(column) COLLATE BINARY ASC)")
        }
        for index in indexes {
            let parts = index.elements.compactMap { element in
                column(of: element.propertyName, in: entity).map {
                    "\($0) COLLATE BINARY \(element.isAscending ? "ASC" : "DESC")"
                }
            }
            // A model read back from Apple's cache lists the index the sole element of a fetch
            // index implies (named after the attribute) among its indexes: made once, above.
            let statement = "CREATE INDEX Z_\(entity.name)_\(index.name) ON \(table) (\(parts.joined(separator: ", ")))"
            guard parts.count == index.elements.count, !statements.contains(statement) else { continue }
            statements.append(statement)
        }
        for constraint in entity.uniquenessConstraints {
            let columns = constraint.compactMap { column(of: $0, in: entity) }
            guard !constraint.isEmpty, columns.count == constraint.count else { continue }
            let name = "Z_\(entity.name)_UNIQUE_" + constraint.joined(separator: "_")
            let parts = columns.map { "\($0) COLLATE BINARY ASC" }.joined(separator: ", ")
            statements.append("CREATE UNIQUE INDEX \(name) ON \(table) (\(parts))")
        }
        return statements
    }

    /// The column of a stored attribute or to-one of `entity` (inherited ones included).
    private func column(of propertyName: String, in entity: EntityDescription) -> String? {
        entity.propertiesByName[propertyName].flatMap(propertyColumn)?.column
    }
}
