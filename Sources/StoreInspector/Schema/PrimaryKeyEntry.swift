/// One row of `Z_PRIMARYKEY`: an entity's number, name, parent number and last allocated key.
public struct PrimaryKeyEntry: Equatable, Sendable {
    /// `Z_ENT`: the entity number rows carry in their `Z_ENT` column.
    public var entityNumber: Int64
    /// `Z_NAME`: the entity name.
    public var name: String
    /// `Z_SUPER`: the parent entity's number, 0 for a root.
    public var superNumber: Int64
    /// `Z_MAX`: the last primary key handed out (kept on the root entity's row).
    public var maximumKey: Int64

    /// Reads the table from an opened store; empty when it has none.
    public static func read(from store: InspectedStore) throws(InspectorError) -> [PrimaryKeyEntry] {
        let exists =
            try store.scalar(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'Z_PRIMARYKEY'")?.int64Value ?? 0
        guard exists > 0 else { return [] }
        return try store.rows("SELECT Z_ENT, Z_NAME, Z_SUPER, Z_MAX FROM Z_PRIMARYKEY ORDER BY Z_ENT").map { row in
            PrimaryKeyEntry(
                entityNumber: row[0].int64Value ?? 0, name: row[1].stringValue ?? "",
                superNumber: row[2].int64Value ?? 0,
                maximumKey: row[3].int64Value ?? 0)
        }
    }
}
