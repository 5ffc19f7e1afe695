extension FetchedResultsController {
    /// The collection operators a section key path may apply to a to-many relationship.
    private static let sectionOperators: Set<String> = ["@count", "@sum", "@avg", "@min", "@max"]

    /// Checks that `keyPath` gives one value for each object of `entity`, walking the model as
    /// `value(forKeyPath:)` will: to-one relationships may be followed, an attribute must come
    /// last, and a to-many relationship must be reduced by a collection operator
    /// (`"movies.@count"`, `"movies.@max.year"`).
    ///
    /// A mistyped key would otherwise put every object into one section named `""`, and a
    /// to-many key would make a section per set of members; Core Data raises for both.
    static func checkSectionNameKeyPath(_ keyPath: String, of entity: EntityDescription) throws {
        func invalid(_ reason: String) -> FetchedResultsControllerError {
            .invalidSectionNameKeyPath(keyPath: keyPath, entityName: entity.name, reason: reason)
        }
        let components = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !components.contains(where: \.isEmpty) else {
            throw invalid(keyPath.isEmpty ? "it is empty" : "it has an empty component")
        }
        var owner = entity
        var index = 0
        while index < components.count {
            let part = components[index]
            let isLast = index == components.count - 1
            guard let property = owner.propertiesByName[part] else {
                throw invalid("\(owner.name) has no property named \"\(part)\"")
            }
            if property is AttributeDescription {
                guard isLast else { throw invalid("\"\(part)\" is an attribute; the key path cannot go on past it") }
                return
            }
            guard let relationship = property as? RelationshipDescription,
                let destination = relationship.destinationEntity
            else {
                throw invalid("\"\(part)\" is not an attribute or relationship of \(owner.name)")
            }
            if !relationship.isToMany {
                owner = destination
                index += 1
                continue
            }
            guard !isLast, sectionOperators.contains(components[index + 1]) else {
                throw invalid(
                    "\"\(part)\" is a to-many relationship, with many values per object; reduce it to one "
                        + "(\"\(part).@count\")")
            }
            let operation = components[index + 1]
            let rest = Array(components[(index + 2)...])
            if operation == "@count" {
                guard rest.isEmpty else { throw invalid("nothing can follow @count") }
                return
            }
            guard rest.count == 1, destination.attributesByName[rest[0]] != nil else {
                throw invalid("\(operation) needs one attribute of \(destination.name) after it")
            }
            return
        }
    }
}
