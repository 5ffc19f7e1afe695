extension FetchRequest {
    /// The entity this request fetches in `model`.
    ///
    /// - Throws: ``CoreDataError`` 134060 naming the entity when the model has no such entity.
    func resolvedEntity(in model: ManagedObjectModel) throws -> EntityDescription {
        if let entity { return entity }
        guard let entity = model.entitiesByName[entityName] else {
            let known = model.entities.map(\.name).sorted().joined(separator: ", ")
            throw CoreDataError(
                code: .coreData,
                message: "The fetch request names the entity \"\(entityName)\", which is not in the model "
                    + "(entities: \(known))")
        }
        return entity
    }

    /// What the store is asked for. Offset and limit go to the store only when `windowInStore`;
    /// otherwise the context applies them after merging its unsaved changes.
    func storeRequest(for entity: EntityDescription, windowInStore: Bool) -> StoreFetchRequest {
        StoreFetchRequest(
            entity: entity, includesSubentities: includesSubentities, predicate: predicate,
            sortDescriptors: sortDescriptors,
            fetchLimit: windowInStore ? fetchLimit : 0, fetchOffset: windowInStore ? fetchOffset : 0)
    }

    /// Whether an object of the context, with its unsaved values, belongs in the results: its
    /// entity fits and it satisfies the predicate.
    func matchesInMemory(_ object: ManagedObject, entity: EntityDescription) -> Bool {
        let entityFits = includesSubentities ? object.entity.isKind(of: entity) : object.entity === entity
        return entityFits && (predicate?.evaluate(with: object) ?? true)
    }
}
