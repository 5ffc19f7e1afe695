extension MappingModel {
    /// The mapping model lightweight migration uses, inferred from the differences between two
    /// models. Core Data's `NSMappingModel.inferredMappingModel(forSourceModel:destinationModel:)`.
    ///
    /// Entities and properties are matched by canonical name: the renaming identifier when there
    /// is one, else the name. Inference covers what Apple documents for lightweight migration:
    /// entities, attributes and relationships added, removed or renamed; optional ↔ non-optional
    /// (a non-optional property left empty fails when the data is moved, with 134110); to-one ↔
    /// to-many and ordered ↔ unordered; inheritance changes that do not merge two hierarchies of
    /// the source. The only attribute type changes accepted are those that keep every stored
    /// value as it is: Integer 16 → 32 → 64 (widening). Apple documents no list of accepted type
    /// changes, so everything else is refused.
    ///
    /// - Throws: ``CoreDataError`` 134140 naming every entity and property whose mapping cannot
    ///   be inferred.
    public static func inferredMappingModel(
        forSourceModel source: ManagedObjectModel, destinationModel destination: ManagedObjectModel
    ) throws(CoreDataError) -> MappingModel {
        var inference = MappingInference(source: source, destination: destination)
        let mappings = inference.entityMappings()
        guard inference.reasons.isEmpty else {
            throw CoreDataError(
                code: .migrationMissingMappingModel,
                message: "No mapping model can be inferred (lightweight migration is not possible): "
                    + inference.reasons.joined(separator: "; ") + ".")
        }
        return MappingModel(entityMappings: mappings)
    }

    /// Why no mapping can be inferred from `source` to `destination`, one phrase per entity or
    /// property (`Post.count changed type from String to Integer 64`); empty when one can.
    public static func inferenceProblems(
        forSourceModel source: ManagedObjectModel, destinationModel destination: ManagedObjectModel
    ) -> [String] {
        var inference = MappingInference(source: source, destination: destination)
        _ = inference.entityMappings()
        return inference.reasons
    }
}

/// The work of ``MappingModel/inferredMappingModel(forSourceModel:destinationModel:)``: matches
/// entities, then each entity's properties, collecting a reason for everything not inferable.
struct MappingInference {
    let source: ManagedObjectModel
    let destination: ManagedObjectModel
    /// Why inference failed, one phrase per entity or property.
    private(set) var reasons: [String] = []
    /// The source entity of each destination entity, by destination name.
    private(set) var sourceEntityByDestination: [String: EntityDescription] = [:]

    init(source: ManagedObjectModel, destination: ManagedObjectModel) {
        self.source = source
        self.destination = destination
    }

    /// The name a renaming identifier gives, else the name.
    static func canonicalName(_ name: String, renamingIdentifier: String?) -> String {
        guard let renamed = renamingIdentifier, !renamed.isEmpty else { return name }
        return renamed
    }

    mutating func entityMappings() -> [EntityMapping] {
        matchEntities()
        checkHierarchies()
        var mappings: [EntityMapping] = []
        for entity in destination.entities {
            guard let sourceEntity = sourceEntityByDestination[entity.name] else {
                mappings.append(EntityMapping(kind: .add, sourceEntityName: nil, destinationEntityName: entity.name))
                continue
            }
            let attributes = attributeMappings(of: entity, from: sourceEntity)
            let relationships = relationshipMappings(of: entity, from: sourceEntity)
            let unchanged = entity.name == sourceEntity.name && entity.versionHash == sourceEntity.versionHash
            mappings.append(
                EntityMapping(
                    kind: unchanged ? .copy : .transform, sourceEntityName: sourceEntity.name,
                    destinationEntityName: entity.name, attributeMappings: attributes,
                    relationshipMappings: relationships))
        }
        let used = Set(sourceEntityByDestination.values.map(\.name))
        for entity in source.entities where !used.contains(entity.name) {
            mappings.append(EntityMapping(kind: .remove, sourceEntityName: entity.name, destinationEntityName: nil))
        }
        return mappings
    }

    /// Each destination entity takes the source entity of its canonical name.
    private mutating func matchEntities() {
        var sourceByCanonical: [String: EntityDescription] = [:]
        for entity in source.entities {
            sourceByCanonical[Self.canonicalName(entity.name, renamingIdentifier: entity.renamingIdentifier)] = entity
        }
        var claimedBy: [String: String] = [:]
        for entity in destination.entities {
            let canonical = Self.canonicalName(entity.name, renamingIdentifier: entity.renamingIdentifier)
            guard let match = sourceByCanonical[canonical] ?? source.entitiesByName[canonical] else { continue }
            if let other = claimedBy[match.name] {
                reasons.append("\(entity.name) and \(other) both come from the source entity \(match.name)")
                continue
            }
            claimedBy[match.name] = entity.name
            sourceEntityByDestination[entity.name] = match
        }
    }

    /// Core Data cannot merge hierarchies: the entities of one destination hierarchy must all come
    /// from one source hierarchy (one table).
    private mutating func checkHierarchies() {
        for root in destination.entities where root.superentity == nil {
            let sources = root.selfAndDescendants.compactMap { sourceEntityByDestination[$0.name] }
            let sourceRoots = Set(sources.map(\.rootEntity.name))
            guard sourceRoots.count > 1 else { continue }
            reasons.append(
                "\(root.name) would merge the separate source hierarchies "
                    + sourceRoots.sorted().joined(separator: " and ") + " (Core Data cannot merge entity hierarchies)")
        }
    }

    private mutating func attributeMappings(of entity: EntityDescription, from sourceEntity: EntityDescription)
        -> [PropertyMapping]
    {
        var mappings: [PropertyMapping] = []
        for attribute in entity.allProperties.compactMap({ $0 as? AttributeDescription }) where !attribute.isTransient {
            guard let match = sourceProperty(matching: attribute, in: sourceEntity) else {
                mappings.append(PropertyMapping(name: attribute.name, value: .defaultValue))
                continue
            }
            guard let sourceAttribute = match as? AttributeDescription else {
                reasons.append(
                    "\(entity.name).\(attribute.name) is an attribute but \(sourceEntity.name).\(match.name) a relationship"
                )
                continue
            }
            guard Self.converts(sourceAttribute.attributeType, to: attribute.attributeType) else {
                reasons.append(
                    "\(entity.name).\(attribute.name) changed type from \(sourceAttribute.attributeType.xcodeName) "
                        + "to \(attribute.attributeType.xcodeName)")
                continue
            }
            mappings.append(PropertyMapping(name: attribute.name, value: .sourceProperty(sourceAttribute.name)))
        }
        return mappings
    }

    private mutating func relationshipMappings(of entity: EntityDescription, from sourceEntity: EntityDescription)
        -> [PropertyMapping]
    {
        var mappings: [PropertyMapping] = []
        for relationship in entity.allProperties.compactMap({ $0 as? RelationshipDescription })
        where !relationship.isTransient {
            guard let match = sourceProperty(matching: relationship, in: sourceEntity) else { continue }
            guard let sourceRelationship = match as? RelationshipDescription else {
                reasons.append(
                    "\(entity.name).\(relationship.name) is a relationship but \(sourceEntity.name).\(match.name) an attribute"
                )
                continue
            }
            let mappedDestination = sourceRelationship.destinationEntity.flatMap { sourceDestination in
                sourceEntityByDestination.first { $0.value === sourceDestination }?.key
            }
            let destinationName = relationship.destinationEntity?.name
            let mappedEntity = mappedDestination.flatMap { destination.entitiesByName[$0] }
            guard let mappedEntity, let target = relationship.destinationEntity, mappedEntity.isKind(of: target) else {
                reasons.append(
                    "\(entity.name).\(relationship.name) now leads to \(destinationName ?? "?"), "
                        + "not to what \(sourceEntity.name).\(sourceRelationship.name) led to "
                        + "(\(sourceRelationship.destinationEntityName))")
                continue
            }
            mappings.append(PropertyMapping(name: relationship.name, value: .sourceProperty(sourceRelationship.name)))
        }
        return mappings
    }

    /// The source property of the same canonical name (inherited ones included).
    private func sourceProperty(matching property: PropertyDescription, in sourceEntity: EntityDescription)
        -> PropertyDescription?
    {
        let canonical = Self.canonicalName(property.name, renamingIdentifier: property.renamingIdentifier)
        let stored = sourceEntity.allProperties.filter { !$0.isTransient && !($0 is FetchedPropertyDescription) }
        return stored.first { Self.canonicalName($0.name, renamingIdentifier: $0.renamingIdentifier) == canonical }
            ?? stored.first { $0.name == canonical }
    }

    /// Whether inference converts a value of type `from` to `to`: the same type, or a wider integer.
    static func converts(_ from: AttributeType, to: AttributeType) -> Bool {
        if from == to { return true }
        let widths: [AttributeType: Int] = [.integer16: 16, .integer32: 32, .integer64: 64]
        guard let fromWidth = widths[from], let toWidth = widths[to] else { return false }
        return fromWidth <= toWidth
    }
}
