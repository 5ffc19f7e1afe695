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
        let (declared, renamed) = SwiftIdentifier.propertyName(for: attribute.name, kind: "Attribute")
        let key = literal(attribute.name)
        let type = attribute.scalarType?.name ?? attribute.valueTypeName + "?"
        var facts = attribute.attributeType.xcodeName
        facts += attribute.isOptional ? ", optional" : ", required"
        if attribute.isTransient { facts += ", transient" }
        if attribute.isDerived { facts += ", derived" }
        if let scalar = attribute.scalarType { facts += ", scalar: nil reads as \(scalar.zero)" }
        var summary = "The `\(attribute.name)` attribute (\(facts))."
        if renamed {
            summary += "\n\nRenamed from `\(attribute.name)`: every `ManagedObject` has a member of that name."
        }
        if let text = userDocumentation(attribute.userInfo) { summary = text + "\n\n" + summary }
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
        let (declared, renamed) = SwiftIdentifier.propertyName(for: relationship.name, kind: "Relationship")
        let key = literal(relationship.name)
        let destination = relationship.destinationEntity.map(className) ?? "ManagedObject"
        var facts = relationship.isToMany ? (relationship.isOrdered ? "ordered to-many" : "to-many") : "to-one"
        facts += " \(relationship.destinationEntityName)"
        if let inverse = relationship.inverseName { facts += ", inverse `\(inverse)`" }
        facts += ", delete rule \(relationship.deleteRule)"
        var summary = "The `\(relationship.name)` relationship (\(facts))."
        if renamed {
            summary += "\n\nRenamed from `\(relationship.name)`: every `ManagedObject` has a member of that name."
        }
        if let text = userDocumentation(relationship.userInfo) { summary = text + "\n\n" + summary }
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
}
