/// A many-to-many join table (`Z_1FAVORITES`), created after the table of the entity that names it.
public struct JoinTableLayout: Sendable, Equatable {
    /// The table's name: `Z_<A.Z_ENT><R>` for relationship R of entity A.
    public let name: String
    /// The entity whose relationship names the table (A).
    public let entityName: String
    /// The relationship of A that names the table (R).
    public let relationshipName: String
    /// The first column: A's keys, `Z_<A.Z_ENT><R′>` where R′ is R's inverse.
    public let firstColumn: String
    /// The second column: the destination's keys, `Z_<B.Z_ENT><R>`.
    public let secondColumn: String
    /// `Z_FOK_…` columns for the ordered sides, in table order.
    public let orderColumns: [String]

    /// `CREATE TABLE` text as SQLite keeps it in `sqlite_master`.
    public var createStatement: String {
        let columns = ([firstColumn, secondColumn] + orderColumns).map { "\($0) INTEGER" }
        return
            "CREATE TABLE \(name) ( \(columns.joined(separator: ", ")), PRIMARY KEY (\(firstColumn), \(secondColumn)) )"
    }

    /// The index Core Data puts on the second column (followed by the first).
    public var indexStatement: String {
        "CREATE INDEX \(name)_\(secondColumn)_INDEX ON \(name) (\(secondColumn), \(firstColumn))"
    }
}
