import SQLite

/// `Z_PRIMARYKEY`, `Z_METADATA` and `Z_MODELCACHE` after a migration: one key row per destination
/// entity, the destination model's version hashes, and the destination model itself.
///
/// Where Apple's in-place migration differs from a fresh store (DESIGN.md §3.3.1) this follows
/// Apple for `Z_PRIMARYKEY`; tables it rebuilds are made with a fresh store's names, where Apple
/// renames a join table whose entity numbers changed.
extension MigrationPlanner {
    func systemTableStatements() throws(CoreDataError) -> [MigrationStatement] {
        var statements = [MigrationStatement("DELETE FROM Z_PRIMARYKEY")]
        for entity in destinationLayout.entities {
            let sourceEntity = sourceEntityByDestination[entity.entityName]
            let sourceNumber = sourceEntity.flatMap { sourceLayout.entity(named: $0.name)?.entityNumber }
            let previous = sourceNumber.flatMap { schema.primaryKeyMaxima[$0] } ?? 0
            // As Apple's migration does (DESIGN.md §3.3.1), a renamed entity that keeps its number
            // keeps its old Z_NAME; the model cache gives its new name.
            let name = sourceNumber == entity.entityNumber ? sourceEntity?.name ?? entity.entityName : entity.entityName
            let bindings: [SQLiteValue] = [
                .integer(Int64(entity.entityNumber)), .text(name),
                .integer(Int64(entity.superentityNumber)),
                .integer(previous),
            ]
            // Keys are allocated from the root's row: it must be past every key in the table.
            let insert =
                entity.superentityNumber == 0
                ? "INSERT INTO Z_PRIMARYKEY(Z_ENT, Z_NAME, Z_SUPER, Z_MAX) "
                    + "SELECT ?, ?, ?, MAX(?, IFNULL(MAX(Z_PK), 0)) FROM \(entity.tableName)"
                : "INSERT INTO Z_PRIMARYKEY(Z_ENT, Z_NAME, Z_SUPER, Z_MAX) VALUES(?, ?, ?, ?)"
            statements.append(MigrationStatement(insert, bindings))
        }
        do {
            let plist = try metadata.migrated(to: destination).propertyListData()
            statements.append(MigrationStatement("UPDATE Z_METADATA SET Z_PLIST = ?", [.blob(plist)]))
            if schema.tableStatements["Z_MODELCACHE"] == nil {
                statements.append(MigrationStatement(SQLiteLayout.systemTableStatements[2]))
            } else {
                statements.append(MigrationStatement("DELETE FROM Z_MODELCACHE"))
            }
            let cache = try ModelCacheEncoder.compressedArchive(of: destination)
            statements.append(MigrationStatement("INSERT INTO Z_MODELCACHE(Z_CONTENT) VALUES(?)", [.blob(cache)]))
        } catch {
            throw Self.failure("the destination model's metadata could not be encoded (\(error))")
        }
        return statements
    }
}
