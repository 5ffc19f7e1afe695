import Foundation
import ObjectGraph

/// The working state of ``ModelInference``: what has been read from the schema so far, entity by
/// entity, before it becomes a ``ManagedObjectModel``.
struct InferenceBuilder {
    /// A relationship found in the schema, before the model links it.
    struct Relationship {
        var name: String
        var destination: String
        var inverse: String?
        var isToMany: Bool
        var isOrdered = false
    }

    /// A to-one relationship and the foreign-key column it was read from.
    struct ForeignKey {
        var entity: String
        var name: String
        var table: String
        var column: String
        var destination: String
    }

    let entries: [PrimaryKeyEntry]
    let store: InspectedStore
    let schema: [SchemaObject]
    let byNumber: [Int64: PrimaryKeyEntry]
    /// Table names by their upper-cased spelling.
    let tables: [String: String]
    /// `TABLE.COLUMN` (upper-cased) of every column that starts an index.
    let indexedColumns: Set<String>
    /// `TABLE.COLUMN` (upper-cased) → a property name in its original case, read from an index name.
    let recoveredNames: [String: String]

    var attributes: [String: [AttributeDescription]] = [:]
    var relationships: [String: [Relationship]] = [:]
    var foreignKeys: [ForeignKey] = []
    /// Upper-cased column names of each root table, by upper-cased table name.
    var columnsByTable: [String: Set<String>] = [:]
    var ambiguities: [String] = []

    init(entries: [PrimaryKeyEntry], schema: [SchemaObject], store: InspectedStore) throws(InspectorError) {
        self.entries = entries
        self.schema = schema
        self.store = store
        byNumber = Dictionary(entries.map { ($0.entityNumber, $0) }, uniquingKeysWith: { first, _ in first })
        tables = Dictionary(
            schema.filter { $0.type == "table" }.map { ($0.name.uppercased(), $0.name) },
            uniquingKeysWith: { a, _ in a })
        var indexed: Set<String> = []
        var recovered: [String: String] = [:]
        let entityNames = entries.map(\.name)
        for index in schema where index.type == "index" {
            let columns = try store.rows("SELECT name FROM pragma_index_info(?)", [.text(index.name)])
                .compactMap { $0[0].stringValue?.uppercased() }
            if let first = columns.first { indexed.insert(index.tableName.uppercased() + "." + first) }
            for (column, name) in Self.propertyNames(inIndex: index.name, columns: columns, entities: entityNames) {
                recovered[index.tableName.uppercased() + "." + column] = name
            }
        }
        indexedColumns = indexed
        recoveredNames = recovered
    }

    // MARK: - Entities

    /// The root of an entity's inheritance chain (guarding against a cycle in a damaged `Z_PRIMARYKEY`).
    func root(of entry: PrimaryKeyEntry) -> PrimaryKeyEntry {
        var current = entry
        var seen: Set<Int64> = []
        while current.superNumber != 0, let parent = byNumber[current.superNumber],
            seen.insert(current.entityNumber).inserted
        {
            current = parent
        }
        return current
    }

    /// The root entities whose table exists, with that table's real name.
    var rootTables: [(entry: PrimaryKeyEntry, table: String)] {
        entries.compactMap { entry in
            guard entry.superNumber == 0 || byNumber[entry.superNumber] == nil,
                let table = tables["Z" + entry.name.uppercased()]
            else { return nil }
            return (entry, table)
        }
    }

    /// Every property name an entity has so far, upper-cased (to keep guessed names unique).
    func takenNames(of entity: String) -> Set<String> {
        Set(
            (attributes[entity] ?? []).map { $0.name.uppercased() }
                + (relationships[entity] ?? []).map { $0.name.uppercased() })
    }

    // MARK: - Columns

    /// Reads every root table's columns as attributes, to-one relationships and hidden to-many keys.
    mutating func inferColumns() throws(InspectorError) {
        for (entry, table) in rootTables {
            let columns = try TableColumnInfo.read(table: table, from: store)
            let upperTable = table.uppercased()
            let names = Set(columns.map { $0.name.uppercased() })
            columnsByTable[upperTable] = names
            for column in columns {
                let upper = column.name.uppercased()
                guard upper.hasPrefix("Z"), !upper.hasPrefix("Z_") else { continue }
                let stem = String(upper.dropFirst())
                if let (number, rest) = Self.numberedName(stem) {
                    // `Z<n>_<REL>` is a to-one's entity column; `Z<n><REL>` a to-many without inverse.
                    if !rest.hasPrefix("_") {
                        addHiddenToMany(
                            owner: number, name: rest, destination: entry.name, table: table, column: column.name)
                    }
                    continue
                }
                let recovered = recoveredNames[upperTable + "." + upper]
                let name = recovered ?? String(column.name.dropFirst()).lowercased()
                // A column named in a `Z_<Entity>_…` index is an attribute with a fetch index or a
                // uniqueness constraint; other indexed integers are foreign keys (`<T>_<COL>_INDEX`).
                let isForeignKey =
                    column.declaredType.uppercased() == "INTEGER" && recovered == nil
                    && indexedColumns.contains(upperTable + "." + upper)
                if isForeignKey,
                    let destination = try destination(of: stem, table: table, column: column.name, tableColumns: names)
                {
                    relationships[entry.name, default: []].append(
                        Relationship(name: name, destination: destination, inverse: nil, isToMany: false))
                    foreignKeys.append(
                        ForeignKey(
                            entity: entry.name, name: name, table: table, column: column.name, destination: destination)
                    )
                } else {
                    attributes[entry.name, default: []].append(
                        AttributeDescription(name: name, type: ModelInference.attributeType(column.declaredType)))
                }
            }
        }
    }

    /// A `Z<n><REL>` column: entity `n`'s to-many relationship `REL` without inverse, stored in the destination.
    private mutating func addHiddenToMany(
        owner number: Int64, name: String, destination: String, table: String, column: String
    ) {
        guard let owner = byNumber[number] else {
            ambiguities.append(
                "\(table).\(column) looks like a to-many key of entity number \(number), which Z_PRIMARYKEY "
                    + "lacks; ignored")
            return
        }
        relationships[owner.name, default: []].append(
            Relationship(name: name.lowercased(), destination: destination, inverse: nil, isToMany: true))
        ambiguities.append(
            "\(owner.name).\(name.lowercased()): a to-many relationship without inverse (the hidden column "
                + "\(table).\(column)); it may be ordered, which the schema does not say")
    }

    /// The entity a foreign-key column points at: the one it is named after, the one its entity
    /// column names, or else the only root table holding every key the column uses.
    private mutating func destination(
        of stem: String, table: String, column: String, tableColumns: Set<String>
    ) throws(InspectorError) -> String? {
        if let named = entries.first(where: { $0.name.uppercased() == stem }) { return named.name }
        for candidate in tableColumns {
            guard let (number, rest) = Self.numberedName(String(candidate.dropFirst())), rest == "_" + stem,
                let entry = byNumber[number]
            else { continue }
            return entry.name
        }
        let quotedColumn = SQLIdentifier.quoted(column)
        let used =
            try store.scalar(
                "SELECT count(*) FROM \(SQLIdentifier.quoted(table)) WHERE \(quotedColumn) IS NOT NULL")?.int64Value
            ?? 0
        var fitting: [String] = []
        if used > 0 {
            for (entry, candidate) in rootTables {
                let missing =
                    try store.scalar(
                        "SELECT count(*) FROM (SELECT \(quotedColumn) FROM \(SQLIdentifier.quoted(table)) "
                            + "WHERE \(quotedColumn) IS NOT NULL "
                            + "EXCEPT SELECT Z_PK FROM \(SQLIdentifier.quoted(candidate)))")?.int64Value
                    ?? 1
                if missing == 0 { fitting.append(entry.name) }
            }
        }
        if fitting.count == 1, let only = fitting.first {
            ambiguities.append(
                "\(table).\(column) is read as a to-one relationship to \(only): no entity is named after "
                    + "it, and \(only)'s table is the only one holding every key it uses")
            return only
        }
        // `ZTYPE` pointing at `RecipeType`: among the entities the keys fit, the one whose name holds the column's.
        let similar = (used > 0 ? fitting : entries.map(\.name)).filter { name in
            let upper = name.uppercased()
            return upper.contains(stem) || stem.contains(upper)
        }
        if similar.count == 1, let only = similar.first {
            ambiguities.append(
                "\(table).\(column) is read as a to-one relationship to \(only), the only entity "
                    + (used > 0 ? "whose table holds every key it uses and " : "") + "whose name shares the column's")
            return only
        }
        let reason =
            used == 0
            ? "it holds no keys to tell its destination by"
            : "its keys fit the tables of \(fitting.isEmpty ? "no entity" : fitting.joined(separator: ", "))"
        ambiguities.append(
            "\(table).\(column) is indexed like a to-one foreign key, but \(reason); shown as an attribute")
        return nil
    }

    /// `123REST` → (123, "REST"); nil when the text does not start with digits followed by more.
    static func numberedName(_ text: String) -> (Int64, String)? {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count < text.count, let number = Int64(digits) else { return nil }
        return (number, String(text.dropFirst(digits.count)))
    }
}
