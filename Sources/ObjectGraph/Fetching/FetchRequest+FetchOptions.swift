extension FetchRequest {
    /// The keys of dictionary results, resolved against `entity`: ``propertiesToFetch``, or every
    /// stored attribute (in the model's order) when it is nil.
    ///
    /// - Throws: ``CoreDataError`` 134060 naming the entity and key for a key the entity does not
    ///   have (with the closest existing key), a to-many relationship, a transient attribute, or
    ///   a key path that goes on past an attribute.
    func dictionaryProperties(for entity: EntityDescription) throws -> [DictionaryProperty] {
        guard let keyPaths = propertiesToFetch else {
            return entity.allProperties.compactMap { property in
                guard let attribute = property as? AttributeDescription, !attribute.isTransient else { return nil }
                return DictionaryProperty(
                    keyPath: attribute.name, kind: .attribute(attribute.attributeType), relationshipPath: [],
                    lastKey: attribute.name, transformerName: attribute.valueTransformerName)
            }
        }
        return try keyPaths.map { try dictionaryProperty(keyPath: $0, from: entity) }
    }

    private func dictionaryProperty(keyPath: String, from entity: EntityDescription) throws -> DictionaryProperty {
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var current = entity
        var path: [String] = []
        for (position, part) in parts.enumerated() {
            let property = Self.property(named: part, in: current, includingSubentities: includesSubentities)
            let isLast = position == parts.count - 1
            switch property {
            case let attribute as AttributeDescription where isLast && !attribute.isTransient:
                return DictionaryProperty(
                    keyPath: keyPath, kind: .attribute(attribute.attributeType), relationshipPath: path, lastKey: part,
                    transformerName: attribute.valueTransformerName)
            case let relationship as RelationshipDescription where !relationship.isToMany:
                guard let destination = relationship.destinationEntity else { break }
                if isLast {
                    return DictionaryProperty(
                        keyPath: keyPath, kind: .toOne(destination: destination), relationshipPath: path, lastKey: part)
                }
                path.append(part)
                current = destination
                continue
            default:
                break
            }
            throw Self.unusableKey(part, of: current, in: keyPath, property: property, use: "propertiesToFetch")
        }
        throw Self.unusableKey(keyPath, of: entity, in: keyPath, property: nil, use: "propertiesToFetch")
    }

    /// The relationships of each prefetching key path, checked against `entity`.
    ///
    /// - Throws: ``CoreDataError`` 134060 naming the entity and key for a key that is not a
    ///   relationship.
    func prefetchingPaths(for entity: EntityDescription) throws -> [[RelationshipDescription]] {
        try relationshipKeyPathsForPrefetching.map { keyPath in
            var current = entity
            var relationships: [RelationshipDescription] = []
            for part in keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
                let property = Self.property(named: part, in: current, includingSubentities: includesSubentities)
                guard let relationship = property as? RelationshipDescription,
                    let destination = relationship.destinationEntity
                else {
                    throw Self.unusableKey(
                        part, of: current, in: keyPath, property: property, use: "relationshipKeyPathsForPrefetching")
                }
                relationships.append(relationship)
                current = destination
            }
            return relationships
        }
    }

    /// Throws unless ``resultType`` is `expected`, naming the method that answers in the
    /// request's form.
    func requireResultType(_ expected: FetchRequestResultType, calling method: String) throws {
        guard resultType != expected else { return }
        let instead: String
        switch resultType {
        case .managedObjectResultType: instead = "fetch(_:)"
        case .managedObjectIDResultType: instead = "fetchObjectIDs(_:)"
        case .dictionaryResultType: instead = "fetchDictionaries(_:)"
        case .countResultType: instead = "count(for:)"
        }
        throw CoreDataError(
            code: .coreData,
            message: "\(method) cannot answer a \(entityName) fetch request whose resultType is .\(resultType); "
                + "call \(instead), or execute(_:) to answer in the request's result type")
    }

    /// The property `name` of `entity` or, when sub-entities are fetched, of a sub-entity.
    private static func property(named name: String, in entity: EntityDescription, includingSubentities: Bool)
        -> PropertyDescription?
    {
        if let property = entity.propertiesByName[name] { return property }
        guard includingSubentities else { return nil }
        return entity.selfAndDescendants.lazy.compactMap { $0.propertiesByName[name] }.first
    }

    private static func unusableKey(
        _ key: String, of entity: EntityDescription, in keyPath: String, property: PropertyDescription?, use: String
    ) -> CoreDataError {
        let reason: String
        switch property {
        case nil:
            let hint =
                KeySuggestion.closest(to: key, among: Array(entity.propertiesByName.keys)).map {
                    "; did you mean \"\($0)\"?"
                } ?? ""
            reason = "\(entity.name) has no property named \"\(key)\"\(hint)"
        case let relationship as RelationshipDescription where relationship.isToMany && use == "propertiesToFetch":
            reason =
                "\"\(key)\" is a to-many relationship of \(entity.name); dictionaries hold attributes and to-one "
                + "relationships only"
        case let attribute as AttributeDescription where attribute.isTransient:
            reason = "\"\(key)\" is a transient attribute of \(entity.name) and is not in the store"
        default:
            reason =
                use == "propertiesToFetch"
                ? "\"\(key)\" of \(entity.name) cannot be followed further; only to-one relationships can"
                : "\"\(key)\" is not a relationship of \(entity.name)"
        }
        return CoreDataError(code: .coreData, message: "\(use) \"\(keyPath)\": \(reason)", key: keyPath)
    }
}
