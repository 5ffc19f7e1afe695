extension ManagedObjectModel {
    /// A new fetch request made from the model's stored request `name` (Xcode's "Fetch Request"
    /// in the model editor), its `$VARIABLE`s left in place; nil when the model has no such request.
    ///
    /// - Throws: `ObjectPredicateError` when the stored predicate does not parse.
    public func fetchRequestTemplate(forName name: String) throws(ObjectPredicateError) -> FetchRequest? {
        guard let template = fetchRequestTemplatesByName[name] else { return nil }
        let request =
            entitiesByName[template.entityName].map { FetchRequest(entity: $0) }
            ?? FetchRequest(entityName: template.entityName)
        if let format = template.predicateFormat, !format.isEmpty {
            request.predicate = try ObjectPredicate(format: format)
        }
        request.fetchLimit = template.fetchLimit
        return request
    }

    /// A new fetch request made from the model's stored request `name` with its `$VARIABLE`s
    /// replaced by `substitutionVariables` (`["NAME": "Up"]` for `name == $NAME`); nil when the
    /// model has no such request.
    ///
    /// ```swift
    /// let request = try model.fetchRequestFromTemplate(withName: "MoviesNamed", substitutionVariables: ["NAME": "Up"])
    /// ```
    ///
    /// - Throws: `ObjectPredicateError` when the stored predicate does not parse or a variable has no value.
    public func fetchRequestFromTemplate(
        withName name: String, substitutionVariables: [String: Any]
    ) throws(ObjectPredicateError) -> FetchRequest? {
        guard let request = try fetchRequestTemplate(forName: name) else { return nil }
        request.predicate = try request.predicate?.withSubstitutionVariables(substitutionVariables)
        return request
    }
}
