import Foundation

/// Reads the XML Xcode writes for a data model (`Model.xcdatamodel/contents`).
///
/// Every element and attribute students' models contain is read: entities (parent, abstract,
/// class, `elementID`, `versionHashModifier`, user info, uniqueness constraints, fetch indexes),
/// attributes (type, optional, transient, default, min/max, regular expression, external storage,
/// preserve-after-deletion, transformer, derivation), relationships (destination, inverse, to-many,
/// ordered, min/max count, delete rule), fetched properties, fetch request templates and
/// configurations. Diagram layout (`elements`) is ignored.
struct XcodeModelReader {
    /// What a model file holds, ready for `ManagedObjectModel.init(entities:…)`.
    struct Contents {
        var entities: [EntityDescription]
        var fetchRequestTemplates: [FetchRequestTemplate]
        var configurations: [String: [String]]
        var versionIdentifiers: Set<String>
        var userInfo: [String: String]
    }

    /// Reads the model the XML in `data` describes.
    func read(_ data: Data) throws(ModelError) -> Contents {
        if data.starts(with: Data("bplist00".utf8)) { throw .binaryXcode3Model }
        let root = try ModelXMLNode.parse(data)
        guard root.name == "model" else {
            throw .notAModel(reason: "the root element is <\(root.name)>, not <model>")
        }
        let entities = try root.children(named: "entity").map { (node) throws(ModelError) in try entity(from: node) }
        var templates: [FetchRequestTemplate] = []
        for node in root.children(named: "fetchRequest") {
            templates.append(try fetchRequestTemplate(from: node))
        }
        var configurations: [String: [String]] = [:]
        for node in root.children(named: "configuration") {
            let name = try required("name", of: node)
            configurations[name] = try node.children(named: "memberEntity").map { (member) throws(ModelError) in
                try required("name", of: member)
            }
        }
        let identifiers = root.attributes["userDefinedModelVersionIdentifier"].map { Set([$0]) } ?? []
        return Contents(
            entities: entities, fetchRequestTemplates: templates, configurations: configurations,
            versionIdentifiers: identifiers, userInfo: try userInfo(of: root))
    }

    // MARK: - Entities

    private func entity(from node: ModelXMLNode) throws(ModelError) -> EntityDescription {
        let name = try required("name", of: node)
        var properties: [PropertyDescription] = []
        for child in node.children {
            switch child.name {
            case "attribute": properties.append(try attribute(from: child, entity: name))
            case "relationship": properties.append(try relationship(from: child, entity: name))
            case "fetchedProperty": properties.append(try fetchedProperty(from: child))
            default: continue
            }
        }
        let constraints = try
            (node.child(named: "uniquenessConstraints")?.children(named: "uniquenessConstraint") ?? [])
            .map { (constraint) throws(ModelError) in
                try constraint.children(named: "constraint").map { (part) throws(ModelError) in
                    try required("value", of: part)
                }
            }
        let indexes = try node.children(named: "fetchIndex").map { (index) throws(ModelError) in
            try fetchIndex(from: index)
        }
        return EntityDescription(
            name: name, managedObjectClassName: node.attributes["representedClassName"],
            isAbstract: try flag("isAbstract", of: node), superentityName: node.attributes["parentEntity"],
            properties: properties, uniquenessConstraints: constraints, fetchIndexes: indexes,
            versionHashModifier: node.attributes["versionHashModifier"],
            renamingIdentifier: node.attributes["elementID"],
            userInfo: try userInfo(of: node))
    }

    private func fetchIndex(from node: ModelXMLNode) throws(ModelError) -> FetchIndexDescription {
        let elements = try node.children(named: "fetchIndexElement").map { (element) throws(ModelError) in
            let collation = try element.attributes["type"].map { (type) throws(ModelError) in
                guard let collation = FetchIndexElementDescription.CollationType(rawValue: type) else {
                    throw ModelError.invalidValue(element: "fetchIndexElement", attribute: "type", value: type)
                }
                return collation
            }
            return FetchIndexElementDescription(
                propertyName: try required("property", of: element), collationType: collation ?? .binary,
                isAscending: element.attributes["order"] != "descending")
        }
        return FetchIndexDescription(name: try required("name", of: node), elements: elements)
    }

    // MARK: - Properties

    private func attribute(from node: ModelXMLNode, entity: String) throws(ModelError) -> AttributeDescription {
        let name = try required("name", of: node)
        let typeName = node.attributes["attributeType"] ?? "Undefined"
        guard let type = AttributeType(xcodeName: typeName) else {
            throw .unknownAttributeType(entity: entity, attribute: name, type: typeName)
        }
        let values = AttributeValueReader(type: type, element: "attribute \(entity).\(name)")
        let isDerived = try flag("derived", of: node)
        return AttributeDescription(
            name: name, type: type, isOptional: try flag("optional", of: node),
            isTransient: try flag("transient", of: node),
            defaultValue: try values.defaultValue(from: node.attributes),
            minValue: try values.bound("min", from: node.attributes),
            maxValue: try values.bound("max", from: node.attributes),
            regularExpression: node.attributes["regularExpressionString"],
            allowsExternalBinaryDataStorage: try flag("allowsExternalBinaryDataStorage", of: node),
            preservesValueInHistoryOnDeletion: try flag("preserveAfterDeletion", of: node),
            valueTransformerName: node.attributes["valueTransformerName"],
            attributeValueClassName: node.attributes["customClassName"],
            derivationExpression: isDerived ? node.attributes["derivationExpression"] ?? "" : nil,
            derivationFilterPredicate: isDerived ? node.attributes["derivationFilterPredicate"] : nil,
            usesScalarValueType: try flag("usesScalarValueType", of: node), isIndexed: try flag("indexed", of: node),
            userInfo: try userInfo(of: node), versionHashModifier: node.attributes["versionHashModifier"],
            renamingIdentifier: node.attributes["elementID"])
    }

    private func relationship(from node: ModelXMLNode, entity: String) throws(ModelError) -> RelationshipDescription {
        let name = try required("name", of: node)
        let ruleName = node.attributes["deletionRule"] ?? "Nullify"
        guard let rule = DeleteRule(xcodeName: ruleName) else {
            throw .invalidValue(element: "relationship \(name)", attribute: "deletionRule", value: ruleName)
        }
        let destination = try required("destinationEntity", of: node)
        // Xcode writes the inverse's entity too; it is always the destination, where the inverse lives.
        if let inverseEntity = node.attributes["inverseEntity"], inverseEntity != destination {
            throw .inverseEntityNotDestination(
                entity: entity, relationship: name, destination: destination, inverseEntity: inverseEntity)
        }
        return RelationshipDescription(
            name: name, destinationEntityName: destination,
            inverseName: node.attributes["inverseName"], isToMany: try flag("toMany", of: node),
            isOrdered: try flag("ordered", of: node), minCount: try integer("minCount", of: node) ?? 0,
            maxCount: try integer("maxCount", of: node, allowingMinusOne: true) ?? 0, deleteRule: rule,
            isOptional: try flag("optional", of: node), isTransient: try flag("transient", of: node),
            userInfo: try userInfo(of: node), versionHashModifier: node.attributes["versionHashModifier"],
            renamingIdentifier: node.attributes["elementID"])
    }

    private func fetchedProperty(from node: ModelXMLNode) throws(ModelError) -> FetchedPropertyDescription {
        let name = try required("name", of: node)
        guard let request = node.child(named: "fetchRequest") else {
            throw .notAModel(reason: "fetched property \(name) (line \(node.line)) has no <fetchRequest>")
        }
        return FetchedPropertyDescription(
            name: name, destinationEntityName: try required("entity", of: request),
            predicateFormat: request.attributes["predicateString"], isOptional: try flag("optional", of: node),
            userInfo: try userInfo(of: node), versionHashModifier: node.attributes["versionHashModifier"],
            renamingIdentifier: node.attributes["elementID"])
    }

    // MARK: - Model-level parts

    private func fetchRequestTemplate(from node: ModelXMLNode) throws(ModelError) -> FetchRequestTemplate {
        FetchRequestTemplate(
            name: try required("name", of: node), entityName: try required("entity", of: node),
            predicateFormat: node.attributes["predicateString"], fetchLimit: try integer("fetchLimit", of: node) ?? 0)
    }

    private func userInfo(of node: ModelXMLNode) throws(ModelError) -> [String: String] {
        var info: [String: String] = [:]
        for entry in node.child(named: "userInfo")?.children(named: "entry") ?? [] {
            info[try required("key", of: entry)] = entry.attributes["value"] ?? ""
        }
        return info
    }

    // MARK: - Attribute values

    private func required(_ attribute: String, of node: ModelXMLNode) throws(ModelError) -> String {
        guard let value = node.attributes[attribute] else {
            throw .notAModel(reason: "<\(node.name)> at line \(node.line) has no \(attribute)")
        }
        return value
    }

    private func flag(_ attribute: String, of node: ModelXMLNode) throws(ModelError) -> Bool {
        switch node.attributes[attribute] {
        case nil, "NO": return false
        case "YES": return true
        case let value?:
            throw .invalidValue(element: "<\(node.name)> at line \(node.line)", attribute: attribute, value: value)
        }
    }

    /// A whole number ≥ 0 (or -1, "unbounded", where `allowingMinusOne`).
    private func integer(
        _ attribute: String, of node: ModelXMLNode, allowingMinusOne: Bool = false
    ) throws(ModelError) -> Int? {
        guard let text = node.attributes[attribute] else { return nil }
        guard let value = Int(text), value >= (allowingMinusOne ? -1 : 0) else {
            throw .invalidValue(element: "<\(node.name)> at line \(node.line)", attribute: attribute, value: text)
        }
        return value
    }
}
