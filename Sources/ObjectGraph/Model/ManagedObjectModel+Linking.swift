/// Turning the names in entity descriptions into links, checking the model on the way.
extension ManagedObjectModel {
    /// Links parents, sub-entities, inherited properties, destinations and inverses, and returns
    /// the entities by name and the graph the links go through (the model must keep it). Nothing
    /// is changed unless every check passes.
    static func link(
        _ entities: [EntityDescription]
    ) throws(ModelError) -> (byName: [String: EntityDescription], graph: ModelGraph) {
        var byName: [String: EntityDescription] = [:]
        for entity in entities {
            guard byName[entity.name] == nil else { throw .duplicateEntity(name: entity.name) }
            guard entity.managedObjectModel == nil else { throw .entityAlreadyInAModel(name: entity.name) }
            byName[entity.name] = entity
        }
        let parents = try resolveParents(entities, byName: byName)
        let chains = entities.map { inheritanceChain(of: $0, parents: parents) }
        var resolvedProperties: [ObjectIdentifier: [String: PropertyDescription]] = [:]
        for (entity, chain) in zip(entities, chains) {
            var names: [String: PropertyDescription] = [:]
            for property in chain.flatMap(\.properties) {
                guard names[property.name] == nil else {
                    throw .duplicateProperty(entity: entity.name, property: property.name)
                }
                names[property.name] = property
            }
            resolvedProperties[ObjectIdentifier(entity)] = names
        }
        for entity in entities {
            try checkReferences(
                of: entity, byName: byName, propertiesOf: { resolvedProperties[ObjectIdentifier($0)] ?? [:] })
        }
        // Every check passed: link for real.
        let graph = ModelGraph(entities: entities)
        var indexes: [ObjectIdentifier: Int] = [:]
        for (index, entity) in entities.enumerated() { indexes[ObjectIdentifier(entity)] = index }
        func index(of entity: EntityDescription?) -> Int? { entity.flatMap { indexes[ObjectIdentifier($0)] } }
        var relationshipIndexes: [ObjectIdentifier: Int] = [:]
        for (index, relationship) in graph.relationships.enumerated() {
            relationshipIndexes[ObjectIdentifier(relationship)] = index
        }
        // Each entity's children gathered in one pass: asking every entity for its children by
        // scanning all the others made a model of thousands of entities take seconds to load.
        var children: [ObjectIdentifier: [EntityDescription]] = [:]
        for entity in entities {
            guard let parent = parents[ObjectIdentifier(entity)] else { continue }
            children[ObjectIdentifier(parent), default: []].append(entity)
        }
        for (entity, chain) in zip(entities, chains) {
            entity.graph = graph
            entity.superentityIndex = index(of: parents[ObjectIdentifier(entity)])
            entity.subentities = (children[ObjectIdentifier(entity)] ?? [])
                .sorted { NameOrder.entityName($0.name, $1.name) }
            entity.allProperties = chain.flatMap(\.properties)
            entity.propertyNames = PropertySlotLayout(names: entity.allProperties.map(\.name))
            let properties = resolvedProperties[ObjectIdentifier(entity)] ?? [:]
            entity.propertiesByName = properties
            entity.attributesByName = properties.compactMapValues { $0 as? AttributeDescription }
            entity.relationshipsByName = properties.compactMapValues { $0 as? RelationshipDescription }
            entity.fetchedPropertiesByName = properties.compactMapValues { $0 as? FetchedPropertyDescription }
            for property in entity.properties {
                property.graph = graph
                property.entityIndex = index(of: entity)
                if let relationship = property as? RelationshipDescription {
                    let destination = byName[relationship.destinationEntityName]
                    relationship.destinationIndex = index(of: destination)
                    let inverse = relationship.inverseName.flatMap { inverse in
                        destination.flatMap {
                            resolvedProperties[ObjectIdentifier($0)]?[inverse] as? RelationshipDescription
                        }
                    }
                    relationship.inverseIndex = inverse.flatMap { relationshipIndexes[ObjectIdentifier($0)] }
                } else if let fetched = property as? FetchedPropertyDescription {
                    fetched.destinationIndex = index(of: byName[fetched.destinationEntityName])
                }
            }
        }
        return (byName, graph)
    }

    /// Each entity's parent, checking that parents exist and form no cycle.
    private static func resolveParents(
        _ entities: [EntityDescription], byName: [String: EntityDescription]
    ) throws(ModelError) -> [ObjectIdentifier: EntityDescription] {
        var parents: [ObjectIdentifier: EntityDescription] = [:]
        for entity in entities {
            guard let parentName = entity.superentityName else { continue }
            guard let parent = byName[parentName] else {
                throw .unknownParentEntity(entity: entity.name, parent: parentName)
            }
            parents[ObjectIdentifier(entity)] = parent
        }
        for entity in entities {
            var path: [EntityDescription] = []
            var current: EntityDescription? = entity
            while let candidate = current {
                if let start = path.firstIndex(where: { $0 === candidate }) {
                    throw .parentEntityCycle(entities: path[start...].map(\.name))
                }
                path.append(candidate)
                current = parents[ObjectIdentifier(candidate)]
            }
        }
        return parents
    }

    /// The chain from the root down to `entity` (cycle-free, checked before).
    private static func inheritanceChain(
        of entity: EntityDescription, parents: [ObjectIdentifier: EntityDescription]
    ) -> [EntityDescription] {
        var chain = [entity]
        while let parent = parents[ObjectIdentifier(chain[chain.count - 1])] { chain.append(parent) }
        return chain.reversed()
    }

    /// Checks that every name an entity uses (destinations, inverses, constraints, indexes) exists.
    private static func checkReferences(
        of entity: EntityDescription, byName: [String: EntityDescription],
        propertiesOf: (EntityDescription) -> [String: PropertyDescription]
    ) throws(ModelError) {
        for property in entity.properties {
            if let relationship = property as? RelationshipDescription {
                guard let destination = byName[relationship.destinationEntityName] else {
                    throw .unknownDestinationEntity(
                        entity: entity.name, relationship: relationship.name,
                        destination: relationship.destinationEntityName)
                }
                if let inverse = relationship.inverseName,
                    !(propertiesOf(destination)[inverse] is RelationshipDescription)
                {
                    throw .unknownInverseRelationship(
                        entity: entity.name, relationship: relationship.name, destination: destination.name,
                        inverse: inverse)
                }
            } else if let fetched = property as? FetchedPropertyDescription,
                byName[fetched.destinationEntityName] == nil
            {
                throw .unknownEntity(
                    name: fetched.destinationEntityName, usedBy: "fetched property \(entity.name).\(fetched.name)")
            }
        }
        let properties = propertiesOf(entity)
        for constraint in entity.uniquenessConstraints {
            for name in constraint where properties[name] == nil {
                throw .unknownName(entity: entity.name, name: name, usedBy: "a uniqueness constraint")
            }
        }
        for index in entity.fetchIndexes {
            for element in index.elements where properties[element.propertyName] == nil {
                throw .unknownName(
                    entity: entity.name, name: element.propertyName, usedBy: "fetch index \"\(index.name)\"")
            }
        }
    }
}
