import ObjectGraph

extension ClassGenerator {
    /// `Movie+CoreDataProperties.swift`: `fetchRequest()`, a typed property per attribute and
    /// relationship, and Xcode's accessors for each to-many relationship.
    func propertiesDeclaration(of entity: EntityDescription) -> [String] {
        let name = className(entity)
        var lines = ["extension \(name) {"]
        // Xcode's place for it; a class in an inheritance chain declares it in its body instead,
        // where a subclass can override it.
        if entity.superentity == nil, entity.subentities.isEmpty {
            lines += fetchRequestDeclaration(of: entity, modifiers: "public static func") + [""]
        }
        for property in entity.properties.sorted(by: { $0.name < $1.name }) {
            if let attribute = property as? AttributeDescription {
                lines += attributeProperty(attribute) + [""]
            } else if let relationship = property as? RelationshipDescription {
                lines += relationshipProperty(relationship) + [""]
            } else if let fetched = property as? FetchedPropertyDescription {
                lines += fetchedProperty(fetched) + [""]
            }
        }
        if lines.last == "" { lines.removeLast() }
        lines.append("}")
        for relationship in entity.ownRelationships.sorted(by: { $0.name < $1.name }) where relationship.isToMany {
            lines += ["", "// MARK: - Generated accessors for \(relationship.name)", ""]
            lines += toManyAccessors(relationship, of: name)
        }
        return lines
    }

    /// `fetchRequest()`, declared with `modifiers`.
    func fetchRequestDeclaration(of entity: EntityDescription, modifiers: String) -> [String] {
        [
            "    /// A fetch request for the `\(entity.name)` entity's objects (and its subentities').",
            "    \(modifiers) fetchRequest() -> FetchRequest {",
            "        FetchRequest(entityName: \(literal(entity.name)))",
            "    }",
        ]
    }

    // MARK: - Attributes

    /// The typed property of `attribute`: scalar and non-optional when the model says so.
    private func attributeProperty(_ attribute: AttributeDescription) -> [String] {
        let key = literal(attribute.name)
        let type = attribute.scalarType?.name ?? attribute.valueTypeName + "?"
        var facts = attribute.attributeType.xcodeName
        facts += attribute.isOptional ? ", optional" : ", required"
        if attribute.isTransient { facts += ", transient" }
        if attribute.isDerived { facts += ", derived" }
        if let scalar = attribute.scalarType { facts += ", scalar: nil reads as \(scalar.zero)" }
        let (declared, summary) = naming(attribute, kind: "Attribute", facts: facts)
        let getter: String
        switch attribute.attributeType {
        case .transformable, .undefined: getter = "value(forKey: \(key))"
        default: getter = "value(forKey: \(key), as: \(attribute.valueTypeName).self)"
        }
        let read = attribute.scalarType.map { "\(getter) ?? \($0.zero)" } ?? getter
        // A derived attribute is computed by the store: it cannot be set.
        guard !attribute.isDerived else {
            return documentation(summary, indent: "    ") + ["    public var \(declared): \(type) { \(read) }"]
        }
        return documentation(summary, indent: "    ") + [
            "    public var \(declared): \(type) {",
            "        get { \(read) }",
            "        set { setValue(newValue, forKey: \(key)) }",
            "    }",
        ]
    }

    // MARK: - Relationships

    /// The typed property of `relationship`: the destination's class, a `Set` of it, or an
    /// `OrderedSet` of it for an ordered relationship.
    private func relationshipProperty(_ relationship: RelationshipDescription) -> [String] {
        let key = literal(relationship.name)
        let destination = relationship.destinationEntity.map(className) ?? "ManagedObject"
        var facts = relationship.isToMany ? (relationship.isOrdered ? "ordered to-many" : "to-many") : "to-one"
        facts += " \(relationship.destinationEntityName)"
        if let inverse = relationship.inverseName { facts += ", inverse `\(inverse)`" }
        facts += ", delete rule \(relationship.deleteRule)"
        let (declared, summary) = naming(relationship, kind: "Relationship", facts: facts)
        let lines: [String]
        if !relationship.isToMany {
            lines = [
                "    public var \(declared): \(destination)? {",
                "        get { value(forKey: \(key), as: \(destination).self) }",
                "        set { setValue(newValue, forKey: \(key)) }",
                "    }",
            ]
        } else if relationship.isOrdered {
            lines = [
                "    public var \(declared): OrderedSet<\(destination)> {",
                "        get {",
                "            let members = value(forKey: \(key), as: OrderedSet<ManagedObject>.self) ?? []",
                "            return OrderedSet(members.compactMap { $0 as? \(destination) })",
                "        }",
                "        set { setValue(newValue.map { $0 as ManagedObject }, forKey: \(key)) }",
                "    }",
            ]
        } else {
            lines = [
                "    public var \(declared): Set<\(destination)> {",
                "        get {",
                "            let members = value(forKey: \(key), as: Set<ManagedObject>.self) ?? []",
                "            return Set(members.compactMap { $0 as? \(destination) })",
                "        }",
                "        set { setValue(newValue.map { $0 as ManagedObject }, forKey: \(key)) }",
                "    }",
            ]
        }
        return documentation(summary, indent: "    ") + lines
    }

    // MARK: - Fetched properties

    /// The read-only typed property of `fetched`: an array of the destination's class.
    ///
    /// Core Data hands a fetched property's value out as an ordered `NSArray`, evaluated on first
    /// use and kept until the object is refreshed, and it cannot be changed (no
    /// `mutableArrayValueForKey:`; NSFetchedPropertyDescription's documentation). A class written
    /// for Core Data declares it `@NSManaged var olderHeroes: NSArray`; this one also says what
    /// the array holds.
    private func fetchedProperty(_ fetched: FetchedPropertyDescription) -> [String] {
        let key = literal(fetched.name)
        let destination = fetched.destinationEntity.map(className) ?? "ManagedObject"
        var facts = fetched.destinationEntityName
        if let predicate = fetched.predicateFormat, !predicate.isEmpty { facts += " where `\(predicate)`" }
        let (declared, summary) = naming(fetched, kind: "FetchedProperty", facts: facts + ", read-only")
        let evaluation = "Fetched on first use and kept until the object is refreshed (`refresh(_:mergeChanges:)`)."
        return documentation(summary + "\n\n" + evaluation, indent: "    ") + [
            "    public var \(declared): [\(destination)] {",
            "        (value(forKey: \(key), as: [ManagedObject].self) ?? []).compactMap { $0 as? \(destination) }",
            "    }",
        ]
    }

    // MARK: - Naming

    /// The Swift name of `property` and its documentation: the model's user info if any, then
    /// "The `name` <kind> (`facts`).", then why it was renamed if it was.
    private func naming(_ property: PropertyDescription, kind: String, facts: String) -> (String, String) {
        let (declared, renamed) = SwiftIdentifier.propertyName(for: property.name, kind: kind)
        let noun = kind == "FetchedProperty" ? "fetched property" : kind.lowercased()
        var summary = "The `\(property.name)` \(noun) (\(facts))."
        if renamed {
            summary += "\n\nRenamed from `\(property.name)`: every `ManagedObject` has a member of that name."
        }
        if let text = userDocumentation(property.userInfo) { summary = text + "\n\n" + summary }
        return (declared, summary)
    }
}
