extension ManagedObjectContext {
    /// The slot layout of the values of `entity`'s objects: every attribute (transient ones too,
    /// they live beside the stored ones), then every to-one relationship, each in name order.
    ///
    /// Inserted objects keep their values in this layout, and a save writes rows in it; fetched
    /// objects share the layout of the row they were read from instead. Made once per entity:
    /// the context's model (and so the entity) lives as long as the context.
    func propertyLayout(for entity: EntityDescription) -> PropertySlotLayout {
        if let layout = propertyLayouts[ObjectIdentifier(entity)] { return layout }
        let attributes = entity.attributesByName.keys.sorted()
        let toOnes = entity.relationshipsByName.values.filter { !$0.isToMany }.map(\.name).sorted()
        let layout = PropertySlotLayout(names: attributes + toOnes, attributes: Set(attributes))
        propertyLayouts[ObjectIdentifier(entity)] = layout
        return layout
    }

    /// The to-one relationships of `entity`, listed once per entity.
    func toOneRelationships(of entity: EntityDescription) -> [RelationshipDescription] {
        if let relationships = toOneRelationshipLists[ObjectIdentifier(entity)] { return relationships }
        let relationships = entity.relationshipsByName.values.filter { !$0.isToMany }.sorted { $0.name < $1.name }
        toOneRelationshipLists[ObjectIdentifier(entity)] = relationships
        return relationships
    }
}
