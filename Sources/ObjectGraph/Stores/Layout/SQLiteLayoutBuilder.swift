/// Works out an ``SQLiteLayout`` step by step; each step's rule is in DESIGN.md §3.3, verified on
/// real stores Apple's Core Data wrote.
struct SQLiteLayoutBuilder {
    /// A column while the layout is worked out, with what decides its place in `CREATE TABLE`.
    struct PendingColumn {
        var layout: ColumnLayout
        /// 0 integers, booleans and foreign keys; 1 dates and floating point; 2 decimals;
        /// 3 strings and URIs; 4 blobs; 5 `Z_FOK_` keys (the end of rank 0 in DESIGN's terms,
        /// kept apart here so they sort after every rank-0 column).
        var rank: Int
        /// Within blobs: UUID 0, transformable 1, binary 2.
        var subrank: Int
        /// The position of the owning entity in the table (root 0, then sub-entities in `Z_ENT` order).
        var entityPosition: Int
        /// The property name (for name order).
        var propertyName: String
    }

    let model: ManagedObjectModel
    /// Entities in `Z_ENT` order.
    private(set) var orderedEntities: [EntityDescription] = []
    private var numbers: [ObjectIdentifier: Int] = [:]
    /// Column names of attributes and to-ones, by entity and property name.
    private var propertyColumns: [ObjectIdentifier: [String: PropertyColumn]] = [:]
    /// Every name taken in each table.
    private var takenNames: [String: Set<String>] = [:]
    /// The extra rank-0 columns of each table (hidden foreign keys), in order.
    private var hiddenColumns: [String: [PendingColumn]] = [:]
    /// `Z_FOK_` columns of each table with what orders them.
    private var orderKeys: [String: [(source: String, relationship: String, column: ColumnLayout)]] = [:]
    private var toMany: [ObjectIdentifier: [String: ToManyLayout]] = [:]

    private(set) var entityLayouts: [EntityLayout] = []
    private(set) var tableLayouts: [TableLayout] = []
    private(set) var joinTableLayouts: [JoinTableLayout] = []
    /// The join tables created after each entity table, by the entity table's name.
    private var joinTablesAfterTable: [String: [JoinTableLayout]] = [:]

    /// Entity numbers an existing store gives the model's entities, by the name the store keeps.
    private let storedEntityNumbers: [String: Int]

    init(model: ManagedObjectModel, storedEntityNumbers: [String: Int] = [:]) {
        self.model = model
        self.storedEntityNumbers = storedEntityNumbers
    }

    /// Runs every step.
    mutating func build() {
        numberEntities()
        for root in inNumberOrder(roots) { nameColumns(of: root) }
        placeToManyRelationships()
        joinTableLayouts = makeJoinTables()
        for root in inNumberOrder(roots) { tableLayouts.append(orderColumns(of: root)) }
        entityLayouts = orderedEntities.map(makeEntityLayout)
    }

    // MARK: - Entities and tables

    private var roots: [EntityDescription] {
        model.entities.filter { $0.superentity == nil }.sorted { NameOrder.entityName($0.name, $1.name) }
    }

    /// `Z_ENT`: depth-first pre-order over the inheritance forest, roots and children in name order;
    /// or the store's own numbers, when they number the same entities in another pre-order.
    private mutating func numberEntities() {
        orderedEntities = roots.flatMap(\.selfAndDescendants)
        if let stored = storedOrder(of: orderedEntities) { orderedEntities = stored }
        for (index, entity) in orderedEntities.enumerated() { numbers[ObjectIdentifier(entity)] = index + 1 }
    }

    /// The entities in the order of the store's `Z_PRIMARYKEY` numbers, when those number every
    /// entity of the model 1…n in a depth-first pre-order (each entity followed by all its
    /// descendants); else nil.
    ///
    /// An entity a migration renamed keeps its number under its old name (DESIGN.md §3.3.1), so
    /// it is looked up by its renaming identifier too. When its new name sorts elsewhere among its
    /// siblings, the store's numbers and the model's name order part, and the store's win.
    private func storedOrder(of entities: [EntityDescription]) -> [EntityDescription]? {
        guard !storedEntityNumbers.isEmpty else { return nil }
        var numbered: [(number: Int, entity: EntityDescription)] = []
        for entity in entities {
            var number = storedEntityNumbers[entity.name]
            if number == nil, let old = entity.renamingIdentifier, model.entitiesByName[old] == nil {
                number = storedEntityNumbers[old]
            }
            guard let number else { return nil }
            numbered.append((number, entity))
        }
        let order = numbered.sorted { $0.number < $1.number }
        guard order.map(\.number) == Array(1...max(1, order.count)) else { return nil }
        let position = Dictionary(uniqueKeysWithValues: order.map { (ObjectIdentifier($0.entity), $0.number) })
        for (number, entity) in order {
            // Pre-order: the descendants take the numbers right after the entity's.
            let family = entity.selfAndDescendants.compactMap { position[ObjectIdentifier($0)] }.sorted()
            guard family == Array(number..<(number + family.count)) else { return nil }
        }
        return order.map(\.entity)
    }

    /// `entities` sorted by entity number.
    private func inNumberOrder(_ entities: [EntityDescription]) -> [EntityDescription] {
        entities.sorted { number(of: $0) < number(of: $1) }
    }

    func number(of entity: EntityDescription) -> Int { numbers[ObjectIdentifier(entity)] ?? 0 }

    static func tableName(of entity: EntityDescription) -> String { "Z" + entity.rootEntity.name.uppercased() }

    static func isStored(_ attribute: AttributeDescription) -> Bool {
        !attribute.isTransient && attribute.attributeType.sqliteColumnType != nil
    }

    static func isStoredToOne(_ relationship: RelationshipDescription) -> Bool {
        !relationship.isTransient && !relationship.isToMany
    }

    /// `Z` + UPPER(name), or with `1`, `2`… when the name is already taken in the table.
    private mutating func claim(_ base: String, in table: String) -> String {
        var taken = takenNames[table] ?? ["Z_PK", "Z_ENT", "Z_OPT"]
        var name = base
        var suffix = 1
        while taken.contains(name) {
            name = base + String(suffix)
            suffix += 1
        }
        taken.insert(name)
        takenNames[table] = taken
        return name
    }

    /// Names walk the root, then sub-entities in `Z_ENT` order; each entity's attributes, then its
    /// to-one relationships, in name order (`ZTEXT`, `ZTEXT1` from sibling sub-entities).
    private mutating func nameColumns(of root: EntityDescription) {
        let table = Self.tableName(of: root)
        for entity in inNumberOrder(root.selfAndDescendants) {
            var columns: [String: PropertyColumn] = [:]
            let attributes = entity.ownAttributes.filter(Self.isStored).sorted {
                NameOrder.entityName($0.name, $1.name)
            }
            for attribute in attributes {
                let name = claim("Z" + attribute.name.uppercased(), in: table)
                columns[attribute.name] = PropertyColumn(
                    propertyName: attribute.name, column: name, entityColumn: nil, isRelationship: false)
            }
            let toOnes = entity.ownRelationships.filter(Self.isStoredToOne).sorted {
                NameOrder.entityName($0.name, $1.name)
            }
            for relationship in toOnes {
                let name = claim("Z" + relationship.name.uppercased(), in: table)
                var entityColumn: String?
                if let destination = relationship.destinationEntity, !destination.subentities.isEmpty {
                    entityColumn = claim("Z\(number(of: destination))_" + name.dropFirst(), in: table)
                }
                columns[relationship.name] = PropertyColumn(
                    propertyName: relationship.name, column: name, entityColumn: entityColumn, isRelationship: true)
            }
            propertyColumns[ObjectIdentifier(entity)] = columns
        }
    }

    /// The column of an entity's own stored property.
    func propertyColumn(_ property: PropertyDescription) -> PropertyColumn? {
        guard let entity = property.entity else { return nil }
        return propertyColumns[ObjectIdentifier(entity)]?[property.name]
    }

    // MARK: - To-many relationships stored in the destination table

    /// To-manys with a to-one inverse use the inverse's key (plus `Z_FOK_` when ordered); those
    /// without inverse get a hidden key in the destination table. Many-to-manys are done later.
    private mutating func placeToManyRelationships() {
        for entity in orderedEntities {
            let relationships = entity.ownRelationships.filter { $0.isToMany && !$0.isTransient }
                .sorted { NameOrder.entityName($0.name, $1.name) }
            for relationship in relationships {
                guard let destination = relationship.destinationEntity else { continue }
                let table = Self.tableName(of: destination)
                if let inverse = relationship.inverseRelationship {
                    guard !inverse.isToMany, let key = propertyColumn(inverse) else { continue }
                    let order =
                        relationship.isOrdered
                        ? addOrderKey(table: table, source: entity, relationship: relationship, after: key.column) : nil
                    record(
                        entity, relationship.name,
                        .inverseForeignKey(table: table, column: key.column, orderColumn: order))
                } else {
                    let column = claim("Z\(number(of: entity))" + relationship.name.uppercased(), in: table)
                    let layout = ColumnLayout(
                        name: column, type: "INTEGER",
                        role: .hiddenForeignKey(entity: entity.name, relationship: relationship.name))
                    hiddenColumns[table, default: []].append(
                        PendingColumn(layout: layout, rank: 0, subrank: 0, entityPosition: 0, propertyName: column))
                    let order =
                        relationship.isOrdered
                        ? addOrderKey(table: table, source: entity, relationship: relationship, after: column) : nil
                    record(
                        entity, relationship.name, .hiddenForeignKey(table: table, column: column, orderColumn: order))
                }
            }
        }
    }

    /// Adds `Z_FOK_<key column without its leading Z>` to `table` and returns its name.
    private mutating func addOrderKey(
        table: String, source: EntityDescription, relationship: RelationshipDescription, after key: String
    ) -> String {
        let name = claim("Z_FOK_" + key.dropFirst(), in: table)
        let layout = ColumnLayout(
            name: name, type: "INTEGER", role: .orderKey(entity: source.name, relationship: relationship.name))
        orderKeys[table, default: []].append((source.name, relationship.name, layout))
        return name
    }

    mutating func record(_ entity: EntityDescription, _ relationship: String, _ layout: ToManyLayout) {
        toMany[ObjectIdentifier(entity), default: [:]][relationship] = layout
    }

    mutating func attachJoinTable(_ joinTable: JoinTableLayout, after table: String) {
        joinTablesAfterTable[table, default: []].append(joinTable)
    }

    func joinTables(after table: String) -> [JoinTableLayout] { joinTablesAfterTable[table] ?? [] }

    // MARK: - Column order

    /// `Z_PK, Z_ENT, Z_OPT`, then rank 0 (per entity: integer attributes, then to-ones each followed
    /// by its entity column), hidden keys, `Z_FOK_` keys; then ranks 1–4 by sub-rank, entity
    /// position and name.
    private func orderColumns(of root: EntityDescription) -> TableLayout {
        let table = Self.tableName(of: root)
        let family = inNumberOrder(root.selfAndDescendants)
        var rankZero: [ColumnLayout] = []
        var others: [PendingColumn] = []
        for (position, entity) in family.enumerated() {
            let columns = propertyColumns[ObjectIdentifier(entity)] ?? [:]
            let attributes = entity.ownAttributes.filter(Self.isStored).sorted {
                NameOrder.entityName($0.name, $1.name)
            }
            for attribute in attributes {
                guard let column = columns[attribute.name], let type = attribute.attributeType.sqliteColumnType else {
                    continue
                }
                let layout = ColumnLayout(
                    name: column.column, type: type, role: .attribute(entity: entity.name, attribute: attribute.name))
                let (rank, subrank) = Self.rank(of: attribute.attributeType)
                if rank == 0 {
                    rankZero.append(layout)
                } else {
                    others.append(
                        PendingColumn(
                            layout: layout, rank: rank, subrank: subrank, entityPosition: position,
                            propertyName: attribute.name))
                }
            }
            let toOnes = entity.ownRelationships.filter(Self.isStoredToOne).sorted {
                NameOrder.entityName($0.name, $1.name)
            }
            for relationship in toOnes {
                guard let column = columns[relationship.name] else { continue }
                rankZero.append(
                    ColumnLayout(
                        name: column.column, type: "INTEGER",
                        role: .foreignKey(entity: entity.name, relationship: relationship.name)))
                if let entityColumn = column.entityColumn {
                    rankZero.append(
                        ColumnLayout(
                            name: entityColumn, type: "INTEGER",
                            role: .foreignEntity(entity: entity.name, relationship: relationship.name)))
                }
            }
        }
        rankZero += (hiddenColumns[table] ?? []).map(\.layout)
        // Several order keys in one table: by source entity (name order), then relationship name descending.
        let keys = (orderKeys[table] ?? []).sorted { lhs, rhs in
            if lhs.source != rhs.source { return NameOrder.entityName(lhs.source, rhs.source) }
            return NameOrder.entityName(rhs.relationship, lhs.relationship)
        }
        rankZero += keys.map(\.column)
        others.sort { lhs, rhs in
            if lhs.rank != rhs.rank { return lhs.rank < rhs.rank }
            if lhs.subrank != rhs.subrank { return lhs.subrank < rhs.subrank }
            if lhs.entityPosition != rhs.entityPosition { return lhs.entityPosition < rhs.entityPosition }
            return NameOrder.entityName(lhs.propertyName, rhs.propertyName)
        }
        let system = [
            ColumnLayout(name: "Z_PK", type: "INTEGER", role: .primaryKey),
            ColumnLayout(name: "Z_ENT", type: "INTEGER", role: .entityNumber),
            ColumnLayout(name: "Z_OPT", type: "INTEGER", role: .optimisticLock),
        ]
        return TableLayout(
            name: table, rootEntityName: root.name, entityNumbers: family.map(number(of:)),
            columns: system + rankZero + others.map(\.layout))
    }

    /// The type rank and sub-rank of an attribute type's column.
    static func rank(of type: AttributeType) -> (Int, Int) {
        switch type {
        case .integer16, .integer32, .integer64, .boolean: (0, 0)
        case .date, .double, .float: (1, 0)
        case .decimal: (2, 0)
        case .string, .uri: (3, 0)
        case .uuid: (4, 0)
        case .transformable: (4, 1)
        case .binaryData: (4, 2)
        case .undefined, .objectID: (5, 0)
        }
    }

    // MARK: - Entity layouts

    private func makeEntityLayout(_ entity: EntityDescription) -> EntityLayout {
        let columns = entity.inheritanceChain.flatMap(declaredOrderColumns)
        let subentityColumns = inNumberOrder(entity.selfAndDescendants).dropFirst().flatMap(declaredOrderColumns)
        var toManyLayouts: [String: ToManyLayout] = [:]
        for ancestor in entity.inheritanceChain {
            for (name, layout) in toMany[ObjectIdentifier(ancestor)] ?? [:] { toManyLayouts[name] = layout }
        }
        return EntityLayout(
            entityName: entity.name, entityNumber: number(of: entity),
            superentityNumber: entity.superentity.map(number(of:)) ?? 0, tableName: Self.tableName(of: entity),
            entityNumbersIncludingSubentities: inNumberOrder(entity.selfAndDescendants).map(number(of:)),
            columns: columns, subentityColumns: subentityColumns, toManyRelationships: toManyLayouts)
    }

    /// An entity's own stored attributes and to-ones in declared (model) order.
    private func declaredOrderColumns(of entity: EntityDescription) -> [PropertyColumn] {
        let columns = propertyColumns[ObjectIdentifier(entity)] ?? [:]
        return entity.properties.compactMap { columns[$0.name] }
    }
}
