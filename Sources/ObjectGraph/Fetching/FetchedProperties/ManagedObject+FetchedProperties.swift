extension ManagedObject {
    /// The objects of the fetched property `property` of this object, evaluated on first use and
    /// kept until the object is refreshed (`refresh(_:mergeChanges:)`), as in Core Data.
    ///
    /// The property's predicate is evaluated in memory against every object of the destination
    /// entity the context sees (unsaved changes included), with `$FETCH_SOURCE` standing for this
    /// object and `$FETCHED_PROPERTY` for the property's description. A property without a
    /// predicate gives every object of the destination entity; a predicate that does not parse
    /// gives none (the model reader keeps the text; `ObjectPredicate(format:)` reports why).
    /// `value(forKey:)` with the property's name returns this.
    func fetchedPropertyValue(_ property: FetchedPropertyDescription) -> [ManagedObject] {
        guard let context = managedObjectContext else { return [] }
        if let cached = context.attachments.fetchedPropertyValues[self]?[property.name] { return cached }
        let result = Self.evaluate(property, for: self, in: context)
        context.attachments.fetchedPropertyValues[self, default: [:]][property.name] = result
        return result
    }

    private static func evaluate(
        _ property: FetchedPropertyDescription, for source: ManagedObject, in context: ManagedObjectContext
    ) -> [ManagedObject] {
        guard
            let destination = property.destinationEntity
                ?? context.managedObjectModel.entitiesByName[property.destinationEntityName],
            let candidates = try? context.fetch(FetchRequest(entity: destination))
        else { return [] }
        guard let format = property.predicateFormat, !format.isEmpty else { return candidates }
        guard let predicate = try? ObjectPredicate(format: format) else { return [] }
        let variables: [String: Any] = ["FETCH_SOURCE": source, "FETCHED_PROPERTY": property]
        return candidates.filter { predicate.evaluate(with: $0, substitutionVariables: variables) }
    }
}

extension ManagedObjectContext {
    /// Forgets the fetched-property values of `object`, so the next read evaluates them again.
    func forgetFetchedPropertyValues(of object: ManagedObject) {
        attachments.fetchedPropertyValues[object] = nil
    }
}
