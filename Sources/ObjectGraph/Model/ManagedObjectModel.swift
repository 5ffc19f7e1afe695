import Foundation

/// A Core Data model: the entities of an app, their properties and rules.
///
/// Build one in code from ``EntityDescription``s, or read the `.xcdatamodeld` bundle a student's
/// Xcode project contains with ``init(contentsOf:)``.
///
/// ```swift
/// let model = try ManagedObjectModel(entities: [theater, movie])
/// let movies = model.entitiesByName["Theater"]?.relationshipsByName["movies"]
/// ```
///
/// A model never changes once built: the initializer links every name (parents, destinations,
/// inverses), checks the model, and computes Apple's version hashes; afterwards all state is
/// read-only, so a model and its descriptions may be shared across threads (`@unchecked Sendable`).
public final class ManagedObjectModel: @unchecked Sendable {
    /// The entities, in the order they were given (for a model file, the order in its XML).
    public let entities: [EntityDescription]
    /// The entities by name.
    public let entitiesByName: [String: EntityDescription]
    /// The stored fetch requests ("Fetch Requests" in Xcode) by name.
    public let fetchRequestTemplatesByName: [String: FetchRequestTemplate]
    /// The named configurations, each with the names of its entities in model order.
    public let configurations: [String: [String]]
    /// The developer's version identifiers (Xcode's "Model Version Identifier"; often `[""]`).
    public let versionIdentifiers: Set<String>
    /// Free-form key-value pairs attached to the model.
    public let userInfo: [String: String]
    /// Each entity's 32-byte version hash, as a store's `NSStoreModelVersionHashes` holds them.
    public let entityVersionHashesByName: [String: Data]
    /// The links between the model's descriptions, which they reach unretained (see ``ModelGraph``).
    private let graph: ModelGraph

    /// Builds a model from entity descriptions, linking and checking everything by name.
    ///
    /// - Throws: ``ModelError`` for a duplicate entity or property name, an unknown parent,
    ///   destination, inverse or entity, a cycle of parent entities, a constraint or index naming
    ///   no property, or an entity already used by another model.
    public init(
        entities: [EntityDescription], fetchRequestTemplates: [FetchRequestTemplate] = [],
        configurations: [String: [String]] = [:], versionIdentifiers: Set<String> = [],
        userInfo: [String: String] = [:]
    ) throws(ModelError) {
        let (byName, graph) = try ManagedObjectModel.link(entities)
        for template in fetchRequestTemplates where byName[template.entityName] == nil {
            throw .unknownEntity(name: template.entityName, usedBy: "fetch request \"\(template.name)\"")
        }
        for (configuration, members) in configurations {
            for member in members where byName[member] == nil {
                throw .unknownEntity(name: member, usedBy: "configuration \"\(configuration)\"")
            }
        }
        var templates: [String: FetchRequestTemplate] = [:]
        for template in fetchRequestTemplates { templates[template.name] = template }
        self.entities = entities
        self.entitiesByName = byName
        self.graph = graph
        self.fetchRequestTemplatesByName = templates
        self.configurations = configurations
        self.versionIdentifiers = versionIdentifiers
        self.userInfo = userInfo
        self.entityVersionHashesByName = ManagedObjectModel.computeVersionHashes(of: entities)
        graph.model = self
    }

    /// The entities of a configuration (all entities for nil or `"Default"` when not declared).
    public func entities(forConfiguration name: String?) -> [EntityDescription] {
        guard let name, let members = configurations[name] else { return entities }
        return members.compactMap { entitiesByName[$0] }
    }

    /// The entities sorted by name as Core Data sorts them for hashing (by code point).
    public var entitiesSortedByName: [EntityDescription] {
        entities.sorted { NameOrder.codePoint($0.name, $1.name) }
    }

    /// `NSStoreModelVersionHashesDigest`: base64 of SHA-512 over each entity's name and version
    /// hash, entities sorted by name.
    public var versionHashesDigest: String {
        var hash = SHA512()
        for entity in entitiesSortedByName {
            hash.update(Data(entity.name.utf8))
            hash.update(entity.versionHash)
        }
        return hash.finalize().base64EncodedString()
    }

    /// `NSStoreModelVersionChecksumKey`: base64 of SHA-256 over the version hashes, entities sorted
    /// by name.
    public var versionChecksum: String {
        var hash = SHA256()
        for entity in entitiesSortedByName { hash.update(entity.versionHash) }
        return hash.finalize().base64EncodedString()
    }

    /// The names of the entities whose version hash differs from `storeHashes` (a store's
    /// `NSStoreModelVersionHashes`), plus those only one side has, in name order. Empty when the
    /// store was written with this model.
    public func entitiesDiffering(fromVersionHashes storeHashes: [String: Data]) -> [String] {
        let names = Set(storeHashes.keys).union(entityVersionHashesByName.keys)
        return names.filter { storeHashes[$0] != entityVersionHashesByName[$0] }.sorted(by: NameOrder.entityName)
    }
}
