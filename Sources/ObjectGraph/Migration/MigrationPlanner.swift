import SQLite

/// Works out the statements of a ``MigrationPlan`` from the two models' layouts, the mapping and
/// the store's schema. Every row keeps its `Z_PK`, so foreign keys stay valid as they are;
/// Core Data never merges two hierarchies, so a destination table is always fed by one source
/// table.
///
/// Order: stale indexes and triggers dropped; source tables that are rebuilt or dropped renamed
/// aside; new tables created and filled (`INSERT … SELECT`); tables that only change columns
/// altered in place (`ADD COLUMN`, `RENAME COLUMN`, `DROP COLUMN`); the renamed tables dropped;
/// indexes created; `Z_PRIMARYKEY`, `Z_METADATA` and `Z_MODELCACHE` rewritten.
struct MigrationPlanner {
    let source: ManagedObjectModel
    let destination: ManagedObjectModel
    let sourceLayout: SQLiteLayout
    let destinationLayout: SQLiteLayout
    let mapping: MappingModel
    let schema: SchemaSnapshot
    /// The store's `Z_METADATA` before the migration.
    let metadata: SQLiteStoreMetadata

    /// The source entity of each destination entity, by destination name.
    private(set) var sourceEntityByDestination: [String: EntityDescription] = [:]
    /// Source tables moved aside under another name while the new ones are filled.
    private(set) var renamedTables: [String: String] = [:]
    private(set) var functions: [MigrationFunction] = []
    var notes: [String] = []

    init(
        source: ManagedObjectModel, destination: ManagedObjectModel, mapping: MappingModel, schema: SchemaSnapshot,
        metadata: SQLiteStoreMetadata
    ) {
        self.metadata = metadata
        self.source = source
        self.destination = destination
        self.sourceLayout = SQLiteLayout(model: source)
        self.destinationLayout = SQLiteLayout(model: destination)
        self.mapping = mapping
        self.schema = schema
    }

    /// The name of the table the source rows of `table` are read from while the plan runs.
    func sourceTable(_ table: String) -> String { renamedTables[table] ?? table }

    /// Makes the plan.
    ///
    /// - Throws: ``CoreDataError`` 134110 when the mapping names entities or properties the
    ///   models lack, or would feed one table from two source tables.
    mutating func makePlan() throws(CoreDataError) -> MigrationPlan {
        try matchEntities()
        let tables = try destinationLayout.tables.map { table throws(CoreDataError) in try decide(table) }
        let joins = destinationLayout.joinTables.map(decide)
        let keptTables =
            Set(tables.compactMap { $0.isAltered ? $0.table.name : nil })
            .union(joins.compactMap { $0.isKept ? $0.table.name : nil })
        let sourceTables = sourceLayout.tables.map(\.name) + sourceLayout.joinTables.map(\.name)
        for table in sourceTables where schema.tableStatements[table] != nil && !keptTables.contains(table) {
            renamedTables[table] = "Z_MIGRATION_SOURCE_" + table
        }
        var statements: [MigrationStatement] = []
        let touched = Set(sourceTables)
        let wanted = Set(
            destinationLayout.createStatements.filter {
                $0.hasPrefix("CREATE INDEX") || $0.hasPrefix("CREATE UNIQUE INDEX")
            })
        var keptIndexes: Set<String> = []
        for trigger in schema.triggers where touched.contains(trigger.table) {
            statements.append(MigrationStatement("DROP TRIGGER IF EXISTS \(trigger.name)"))
        }
        for index in schema.indexes where touched.contains(index.table) {
            if keptTables.contains(index.table) && wanted.contains(index.sql) {
                keptIndexes.insert(index.sql)
            } else {
                statements.append(MigrationStatement("DROP INDEX IF EXISTS \(index.name)"))
            }
        }
        for (table, aside) in renamedTables.sorted(by: { $0.key < $1.key }) {
            statements.append(MigrationStatement("ALTER TABLE \(table) RENAME TO \(aside)"))
        }
        for decision in tables where !decision.isAltered {
            statements.append(MigrationStatement(decision.table.createStatement))
        }
        for decision in joins where !decision.isKept {
            statements.append(MigrationStatement(decision.table.createStatement))
        }
        for decision in tables { statements += try fillStatements(decision) }
        for decision in joins where !decision.isKept { statements += joinFillStatements(decision.table) }
        for decision in tables { statements += decision.alterations.addition }
        for decision in tables { statements += decision.alterations.reshaping }
        for aside in renamedTables.values.sorted() { statements.append(MigrationStatement("DROP TABLE \(aside)")) }
        for index in destinationLayout.createStatements where wanted.contains(index) && !keptIndexes.contains(index) {
            statements.append(MigrationStatement(index))
        }
        statements += try systemTableStatements()
        notes += tables.map(\.note) + joins.map(\.note)
        return MigrationPlan(
            mappingModel: mapping, statements: statements, tableNotes: notes, checks: checks(tables),
            functions: functions)
    }

    /// Reads the mapping's entity pairs, checking that they name entities of the two models.
    private mutating func matchEntities() throws(CoreDataError) {
        for entityMapping in mapping.entityMappings where entityMapping.kind != .remove {
            guard let name = entityMapping.destinationEntityName, destination.entitiesByName[name] != nil else {
                throw Self.failure("the mapping \(entityMapping.name) fills no entity of the destination model")
            }
            guard let sourceName = entityMapping.sourceEntityName else { continue }
            guard let sourceEntity = source.entitiesByName[sourceName] else {
                throw Self.failure("the mapping \(entityMapping.name) reads \(sourceName), not in the source model")
            }
            sourceEntityByDestination[name] = sourceEntity
        }
    }

    /// A migration failure (134110).
    static func failure(_ reason: String) -> CoreDataError {
        CoreDataError(code: .migration, message: "The migration failed: \(reason).")
    }

    /// The mapping of the destination entity `name`.
    func entityMapping(_ name: String) -> EntityMapping? { mapping.entityMapping(forDestinationEntity: name) }

    /// The destination entity number of each source entity that has a destination.
    var entityNumberMap: [(source: Int, destination: Int)] {
        sourceEntityByDestination.compactMap { destinationName, sourceEntity in
            guard let to = destinationLayout.entity(named: destinationName)?.entityNumber,
                let from = sourceLayout.entity(named: sourceEntity.name)?.entityNumber
            else { return nil }
            return (from, to)
        }.sorted { $0.source < $1.source }
    }

    /// `CASE expression WHEN <source Z_ENT> THEN <destination Z_ENT> … END`.
    func entityNumberCase(_ expression: String) -> String {
        let cases = entityNumberMap.map { "WHEN \($0.source) THEN \($0.destination)" }
        guard !cases.isEmpty else { return "NULL" }
        return "CASE \(expression) \(cases.joined(separator: " ")) END"
    }

    /// Registers a transform closure as an SQL function and returns its call on row `s`.
    mutating func functionCall(
        _ transform: @escaping @Sendable ([String: Any]) throws -> Any?, for attribute: AttributeDescription,
        sourceEntity: EntityDescription
    ) -> SQLExpression {
        let layout = sourceLayout.entity(named: sourceEntity.name)
        let arguments = sourceEntity.allProperties.compactMap { $0 as? AttributeDescription }.filter {
            layout?.column(forProperty: $0.name) != nil
        }
        let name = "Z_MIGRATION_VALUE_\(functions.count + 1)"
        functions.append(
            MigrationFunction(name: name, arguments: arguments, attribute: attribute, transform: transform))
        let columns = arguments.compactMap { layout?.column(forProperty: $0.name).map { "s." + $0.column } }
        return SQLExpression("\(name)(\(columns.joined(separator: ", ")))")
    }
}

/// An SQL expression over the source row `s`, with its bound values.
struct SQLExpression {
    let sql: String
    let bindings: [SQLiteValue]
    /// The source column when the expression is exactly `s.<column>`.
    let sourceColumn: String?

    init(_ sql: String, _ bindings: [SQLiteValue] = [], sourceColumn: String? = nil) {
        self.sql = sql
        self.bindings = bindings
        self.sourceColumn = sourceColumn
    }

    static let null = SQLExpression("NULL")

    /// `s.<column>`.
    static func column(_ name: String) -> SQLExpression { SQLExpression("s." + name, sourceColumn: name) }
}
