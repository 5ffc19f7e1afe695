extension ManagedObjectContext {
    /// The slot layout of the values of `entity`'s objects: every attribute (transient ones too,
    /// they live beside the stored ones), then every to-one relationship, each in name order.
    ///
    /// Inserted objects keep their values in this layout, and a save writes rows in it; fetched
    /// objects share the layout of the row they were read from instead. Made once per entity:
    /// the context's model (and so the entity) lives as long as the context.
    func propertyLayout(for entity: EntityDescription) -> PropertySlotLayout {
        let key = ObjectIdentifier(entity)
        // Faults fired one after another are mostly of one entity: that one hashes nothing.
        if let last = entityCaches.lastPropertyLayout, last.entity == key { return last.layout }
        if let layout = entityCaches.propertyLayouts[key] {
            entityCaches.lastPropertyLayout = (key, layout)
            return layout
        }
        let attributes = entity.attributesByName.values.sorted { $0.name < $1.name }
        let toOnes = entity.relationshipsByName.values.filter { !$0.isToMany }.sorted { $0.name < $1.name }
        let properties: [PropertyDescription] = attributes + toOnes
        let layout = PropertySlotLayout(
            names: properties.map(\.name), attributes: Set(attributes.map(\.name)), toOnes: Set(toOnes.map(\.name)),
            propertyDescriptions: properties)
        entityCaches.propertyLayouts[key] = layout
        entityCaches.lastPropertyLayout = (key, layout)
        return layout
    }

    /// What a newly inserted object of `entity` starts with: its attributes' default values in
    /// the entity's layout, and the names of its to-many relationships (empty, not faults).
    func insertionStart(for entity: EntityDescription) -> InsertionStart {
        let key = ObjectIdentifier(entity)
        if let last = entityCaches.lastInsertionStart, last.entity == key { return last.start }
        if let start = entityCaches.insertionStarts[key] {
            entityCaches.lastInsertionStart = (key, start)
            return start
        }
        var values = PropertyValues(layout: propertyLayout(for: entity))
        for attribute in entity.attributesByName.values {
            if let defaultValue = attribute.defaultValue,
                let value = attribute.attributeType.canonicalValue(defaultValue)
            {
                values[attribute.name] = value
            }
        }
        let toManyNames = entity.relationshipsByName.values.filter(\.isToMany).map(\.name).sorted()
        let start = InsertionStart(values: values, toManyNames: toManyNames)
        entityCaches.insertionStarts[ObjectIdentifier(entity)] = start
        return start
    }

    /// Every relationship of `entity` in name order (the order delete rules apply in), listed
    /// once per entity.
    func relationshipsInNameOrder(of entity: EntityDescription) -> [RelationshipDescription] {
        if let relationships = entityCaches.relationshipsInNameOrder[ObjectIdentifier(entity)] {
            return relationships
        }
        let relationships = entity.relationshipsByName.values.sorted { $0.name < $1.name }
        entityCaches.relationshipsInNameOrder[ObjectIdentifier(entity)] = relationships
        return relationships
    }

    /// The properties of `entity` whose rules a save checks (see
    /// `ObjectValidator.propertiesWithRules(of:)`), listed once per entity.
    func propertiesWithRules(of entity: EntityDescription) -> [PropertyDescription] {
        if let properties = entityCaches.propertiesWithRules[ObjectIdentifier(entity)] { return properties }
        let properties = ObjectValidator.propertiesWithRules(of: entity)
        entityCaches.propertiesWithRules[ObjectIdentifier(entity)] = properties
        return properties
    }

    /// The stored (not transient) to-many relationships of `entity` in name order, the ones a
    /// save writes, listed once per entity.
    func storedToManyRelationships(of entity: EntityDescription) -> [RelationshipDescription] {
        if let relationships = entityCaches.storedToManyRelationships[ObjectIdentifier(entity)] {
            return relationships
        }
        let relationships = relationshipsInNameOrder(of: entity).filter { $0.isToMany && !$0.isTransient }
        entityCaches.storedToManyRelationships[ObjectIdentifier(entity)] = relationships
        return relationships
    }

    /// The to-one relationships of `entity`, listed once per entity.
    func toOneRelationships(of entity: EntityDescription) -> [RelationshipDescription] {
        if let relationships = entityCaches.toOneRelationships[ObjectIdentifier(entity)] {
            return relationships
        }
        let relationships = entity.relationshipsByName.values.filter { !$0.isToMany }.sorted { $0.name < $1.name }
        entityCaches.toOneRelationships[ObjectIdentifier(entity)] = relationships
        return relationships
    }
}

/// What a newly inserted object of one entity starts with (see `insertionStart(for:)`).
struct InsertionStart {
    /// The attributes' default values, laid out like the entity's inserted objects.
    let values: PropertyValues
    /// The to-many relationships, which start empty.
    let toManyNames: [String]
}

/// What a context works out once per entity of its model and keeps, keyed by entity identity
/// (the context's model, and so each entity, lives as long as the context).
struct EntityCaches {
    /// The slot layout of each entity's values (see `propertyLayout(for:)`).
    var propertyLayouts: [ObjectIdentifier: PropertySlotLayout] = [:]
    /// The entity last asked of `propertyLayouts` and its layout.
    var lastPropertyLayout: (entity: ObjectIdentifier, layout: PropertySlotLayout)?
    /// The to-one relationships of each entity (see `toOneRelationships(of:)`).
    var toOneRelationships: [ObjectIdentifier: [RelationshipDescription]] = [:]
    /// The stored to-many relationships of each entity (see `storedToManyRelationships(of:)`).
    var storedToManyRelationships: [ObjectIdentifier: [RelationshipDescription]] = [:]
    /// Every relationship of each entity in name order (see `relationshipsInNameOrder(of:)`).
    var relationshipsInNameOrder: [ObjectIdentifier: [RelationshipDescription]] = [:]
    /// The properties of each entity a save validates (see `propertiesWithRules(of:)`).
    var propertiesWithRules: [ObjectIdentifier: [PropertyDescription]] = [:]
    /// The entity, to-one relationships and their slots of the last fault filled from a row
    /// (see `ManagedObjectContext.fill(_:from:)`): faults fired one after another are mostly of
    /// one entity, and their rows of one layout.
    var faultRun = ManagedObjectContext.RowRun()
    /// The entity of the previous `insertNewObject(forEntityName:)` (not abstract).
    var lastInsertedEntity: EntityDescription?
    /// What new objects of each entity start with (see `insertionStart(for:)`).
    var insertionStarts: [ObjectIdentifier: InsertionStart] = [:]
    /// The entity last asked of `insertionStarts` and its start: inserts come in runs of one
    /// entity, which then hash nothing.
    var lastInsertionStart: (entity: ObjectIdentifier, start: InsertionStart)?
}
