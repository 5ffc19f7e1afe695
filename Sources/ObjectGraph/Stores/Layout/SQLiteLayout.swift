/// Apple's SQLite layout for a model: which table, column and entity number everything gets, and
/// the exact DDL Core Data would run (DESIGN.md §3.3, reproduced byte for byte on real stores).
///
/// Make one per model and ask it what you need:
///
/// ```swift
/// let layout = SQLiteLayout(model: model)
/// for statement in layout.createStatements { try database.execute(statement) }  // a new store
/// let theater = layout.entity(named: "Theater")!      // Theater.xcdatamodeld
/// theater.entityNumber                                // 2 (Z_ENT)
/// theater.tableName                                   // "ZTHEATER"
/// theater.columns.map(\.column)                       // ["ZNAME", "ZOPENINGDATE"] (SELECT order)
/// theater.toManyRelationships["movies"]               // .inverseForeignKey(table: "ZMOVIE", column: "ZTHEATER", …)
/// layout.table(named: "ZMOVIE")!.columns              // CREATE TABLE order, with each column's role
/// layout.schema                                       // what `sqlite3 STORE .schema` prints
/// ```
///
/// - ``entities``: every entity's number (`Z_ENT`), parent number (`Z_SUPER`), table, columns in
///   `SELECT` order (``EntityLayout/columns``), and how each to-many is stored
///   (``EntityLayout/toManyRelationships``).
/// - ``tables``: each root entity's table with its columns in `CREATE TABLE` order and their roles
///   (attribute, foreign key, foreign entity, hidden foreign key, `Z_FOK_` order key).
/// - ``joinTables``: many-to-many tables.
/// - ``createStatements``: every `CREATE TABLE` and `CREATE INDEX` in `.schema` order, system tables
///   (`Z_PRIMARYKEY`, `Z_METADATA`, `Z_MODELCACHE`) included, as SQLite keeps them in `sqlite_master`
///   (no trailing `;`). Triggers for derived attributes are not produced.
public struct SQLiteLayout: Sendable {
    /// The entities in `Z_ENT` order (`entities[n - 1].entityNumber == n`).
    public let entities: [EntityLayout]
    /// The entity tables, one per root entity, in `Z_ENT` order of their roots.
    public let tables: [TableLayout]
    /// The many-to-many join tables, in the order they are created.
    public let joinTables: [JoinTableLayout]
    /// Every `CREATE TABLE` and `CREATE INDEX` statement in the order `sqlite3 .schema` prints
    /// them, as the text SQLite stores in `sqlite_master` (no trailing semicolon).
    public let createStatements: [String]

    private let entityIndexByName: [String: Int]

    /// Works out the layout Core Data gives `model`.
    ///
    /// - Parameters:
    ///   - model: the model whose tables, columns and entity numbers are worked out.
    ///   - storedEntityNumbers: for an existing store, its `Z_PRIMARYKEY` numbers by the
    ///     entity names it keeps. They replace the model's name-order numbering when they number
    ///     every entity in another valid order, as after a migration renamed an entity (which keeps
    ///     its number and its old name there).
    public init(model: ManagedObjectModel, storedEntityNumbers: [String: Int] = [:]) {
        var builder = SQLiteLayoutBuilder(model: model, storedEntityNumbers: storedEntityNumbers)
        builder.build()
        entities = builder.entityLayouts
        tables = builder.tableLayouts
        joinTables = builder.joinTableLayouts
        createStatements = builder.statements()
        var indexByName: [String: Int] = [:]
        for (index, entity) in entities.enumerated() { indexByName[entity.entityName] = index }
        entityIndexByName = indexByName
    }

    /// The layout of the entity named `name`.
    public func entity(named name: String) -> EntityLayout? {
        entityIndexByName[name].map { entities[$0] }
    }

    /// The layout of the entity numbered `number` (`Z_ENT`); nil for a number no entity has, even
    /// `Int.min` from a damaged row (so no `number - 1` that overflows).
    public func entity(number: Int) -> EntityLayout? {
        guard number >= 1, number <= entities.count else { return nil }
        return entities[number - 1]
    }

    /// The entity table named `name` (`ZMOVIE`).
    public func table(named name: String) -> TableLayout? {
        tables.first { $0.name == name }
    }

    /// What `sqlite3 STORE .schema` prints for a store Core Data created with this model: each
    /// statement followed by `;` and a newline.
    public var schema: String {
        createStatements.map { $0 + ";\n" }.joined()
    }

    /// The fixed tables every Core Data SQLite store has, in `.schema` order.
    public static let systemTableStatements = [
        "CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER)",
        "CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB)",
        "CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB)",
    ]
}
