/// How the objects of one model become objects of another: one ``EntityMapping`` per destination
/// entity (and one per source entity whose objects are dropped). Core Data's `NSMappingModel`.
///
/// Most mapping models are inferred (``inferredMappingModel(forSourceModel:destinationModel:)``),
/// which is what lightweight migration does. Where inference cannot say what a value becomes,
/// start from the inferred model and replace one entity's mapping:
///
/// ```swift
/// var mapping = try MappingModel.inferredMappingModel(forSourceModel: v1, destinationModel: v2)
/// mapping.replaceAttributeMapping(
///     PropertyMapping(name: "fullName", value: .transform { source in
///         "\(source["first"] as? String ?? "") \(source["last"] as? String ?? "")"
///     }), ofEntity: "Person")
/// try MigrationManager(sourceModel: v1, destinationModel: v2).migrateStore(at: url, mappingModel: mapping)
/// ```
public struct MappingModel: @unchecked Sendable {
    /// The entity mappings: one per destination entity, in the destination model's entity order,
    /// then one ``EntityMapping/Kind/remove`` mapping per source entity that has no destination.
    public var entityMappings: [EntityMapping]

    /// A mapping model made of the given entity mappings.
    public init(entityMappings: [EntityMapping]) {
        self.entityMappings = entityMappings
    }

    /// The mapping that fills the destination entity named `name`.
    public func entityMapping(forDestinationEntity name: String) -> EntityMapping? {
        entityMappings.first { $0.kind != .remove && $0.destinationEntityName == name }
    }

    /// Replaces (or adds) the attribute mapping named `mapping.name` in the mapping of the
    /// destination entity `entity`, which becomes a ``EntityMapping/Kind/transform`` mapping.
    /// Does nothing when no mapping fills `entity`.
    public mutating func replaceAttributeMapping(_ mapping: PropertyMapping, ofEntity entity: String) {
        guard let index = entityMappings.firstIndex(where: { $0.kind != .remove && $0.destinationEntityName == entity })
        else { return }
        var entityMapping = entityMappings[index]
        entityMapping.attributeMappings.removeAll { $0.name == mapping.name }
        entityMapping.attributeMappings.append(mapping)
        if entityMapping.kind == .copy { entityMapping.kind = .transform }
        entityMappings[index] = entityMapping
    }
}
