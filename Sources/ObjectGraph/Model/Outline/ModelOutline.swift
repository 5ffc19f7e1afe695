import Foundation

/// A model described in plain, aligned text: entities with their numbers and tables, attributes
/// (type, optional, default, constraints), relationships (destination, inverse, cardinality, counts,
/// delete rule), fetched properties, indexes, uniqueness constraints, fetch requests and
/// configurations. `companion model show` prints it; the store inspector prints models the same way.
///
/// ```swift
/// print(ModelOutline(model: model).text)
/// ```
///
/// The text holds names exactly as the model gives them; a caller printing names from an untrusted
/// file to a terminal must sanitise the text first.
public struct ModelOutline: Sendable {
    /// The model described.
    public let model: ManagedObjectModel
    private let layout: SQLiteLayout

    /// Describes `model`.
    public init(model: ManagedObjectModel) {
        self.model = model
        self.layout = SQLiteLayout(model: model)
    }

    /// The whole description, ending with a newline.
    public var text: String {
        lines.map { $0 + "\n" }.joined()
    }

    /// The description line by line.
    public var lines: [String] {
        var lines = header
        for entity in layout.entities.compactMap({ model.entitiesByName[$0.entityName] }) {
            lines.append("")
            lines += describe(entity)
        }
        lines += modelLevelParts
        return lines
    }

    // MARK: - Model

    private var header: [String] {
        let count = model.entities.count
        var lines = ["model: \(count) \(count == 1 ? "entity" : "entities")"]
        if !model.versionIdentifiers.isEmpty {
            let identifiers = model.versionIdentifiers.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
            lines.append("version identifiers: \(identifiers)")
        }
        lines.append("version hashes digest: \(model.versionHashesDigest)")
        if !model.userInfo.isEmpty { lines.append("user info: " + Self.describe(model.userInfo)) }
        return lines
    }

    private var modelLevelParts: [String] {
        var lines: [String] = []
        if !model.fetchRequestTemplatesByName.isEmpty {
            lines += ["", "fetch requests:"]
            var columns = TextColumns()
            for name in model.fetchRequestTemplatesByName.keys.sorted(by: NameOrder.entityName) {
                guard let template = model.fetchRequestTemplatesByName[name] else { continue }
                var cells = [name, template.entityName]
                var details: [String] = []
                if let predicate = template.predicateFormat { details.append("where \(predicate)") }
                if template.fetchLimit > 0 { details.append("limit \(template.fetchLimit)") }
                if !details.isEmpty { cells.append(details.joined(separator: ", ")) }
                columns.append(cells)
            }
            lines += columns.lines(indent: "  ")
        }
        if !model.configurations.isEmpty {
            lines += ["", "configurations:"]
            var columns = TextColumns()
            for name in model.configurations.keys.sorted(by: NameOrder.entityName) {
                columns.append([name, (model.configurations[name] ?? []).joined(separator: ", ")])
            }
            lines += columns.lines(indent: "  ")
        }
        return lines
    }

    // MARK: - Entities

    private func describe(_ entity: EntityDescription) -> [String] {
        var facts: [String] = []
        if let entityLayout = layout.entity(named: entity.name) {
            facts.append("Z_ENT \(entityLayout.entityNumber)")
            facts.append("table \(entityLayout.tableName)")
        }
        if entity.isAbstract { facts.append("abstract") }
        if let parent = entity.superentityName { facts.append("parent \(parent)") }
        facts.append("class \(entity.managedObjectClassName)")
        var lines = ["entity \(entity.name)  (\(facts.joined(separator: ", ")))"]
        if !entity.subentities.isEmpty {
            lines.append("  sub-entities: " + entity.subentities.map(\.name).joined(separator: ", "))
        }
        if let renamed = entity.renamingIdentifier, renamed != entity.name {
            lines.append("  renaming identifier: \(renamed)")
        }
        if let modifier = entity.versionHashModifier { lines.append("  version hash modifier: \(modifier)") }
        lines.append("  version hash: " + entity.versionHash.map { String(format: "%02x", $0) }.joined())
        if !entity.userInfo.isEmpty { lines.append("  user info: " + Self.describe(entity.userInfo)) }
        lines += section("attributes", entity.ownAttributes.map(describe))
        lines += section("relationships", entity.ownRelationships.map(describe))
        let fetched = entity.properties.compactMap { $0 as? FetchedPropertyDescription }
        lines += section("fetched properties", fetched.map(describe))
        if !entity.uniquenessConstraints.isEmpty {
            lines.append(
                "  unique: " + entity.uniquenessConstraints.map { $0.joined(separator: " + ") }.joined(separator: "; "))
        }
        let indexes = entity.fetchIndexes.map { index in
            let elements = index.elements.map { element in
                element.propertyName + (element.isAscending ? "" : " descending")
                    + (element.collationType == .binary ? "" : " (\(element.collationType.rawValue))")
            }
            return "\(index.name) (\(elements.joined(separator: ", ")))"
        }
        if !indexes.isEmpty { lines.append("  indexes: " + indexes.joined(separator: "; ")) }
        return lines
    }

    private func section(_ title: String, _ rows: [[String]]) -> [String] {
        guard !rows.isEmpty else { return [] }
        var columns = TextColumns()
        for row in rows { columns.append(row) }
        return ["  \(title):"] + columns.lines(indent: "    ")
    }

    // MARK: - Properties

    private func describe(_ attribute: AttributeDescription) -> [String] {
        var details: [String] = []
        if attribute.isTransient { details.append("transient") }
        if let expression = attribute.derivationExpression {
            details.append("derived from \(expression)")
            if let filter = attribute.derivationFilterPredicate { details.append("where \(filter)") }
        }
        if let value = attribute.defaultValue { details.append("default \(Self.describe(value))") }
        if let minimum = attribute.minValue {
            details.append("\(boundWord(attribute, "min")) \(Self.describe(minimum))")
        }
        if let maximum = attribute.maxValue {
            details.append("\(boundWord(attribute, "max")) \(Self.describe(maximum))")
        }
        if let pattern = attribute.regularExpression { details.append("matches \(pattern)") }
        if attribute.allowsExternalBinaryDataStorage { details.append("external storage") }
        if attribute.preservesValueInHistoryOnDeletion { details.append("preserved after deletion") }
        if let transformer = attribute.valueTransformerName { details.append("transformer \(transformer)") }
        if let className = attribute.attributeValueClassName { details.append("class \(className)") }
        if attribute.isIndexed { details.append("indexed") }
        if let modifier = attribute.versionHashModifier { details.append("hash modifier \(modifier)") }
        if let renamed = attribute.renamingIdentifier, renamed != attribute.name {
            details.append("renamed from \(renamed)")
        }
        return propertyRow(attribute, [attribute.name, attribute.attributeType.xcodeName], details)
    }

    private func boundWord(_ attribute: AttributeDescription, _ word: String) -> String {
        switch attribute.attributeType {
        case .string, .binaryData, .transformable, .uri: "\(word) length"
        default: word
        }
    }

    private func describe(_ relationship: RelationshipDescription) -> [String] {
        var cardinality = relationship.isToMany ? "to-many" : "to-one"
        if relationship.isOrdered { cardinality += " ordered" }
        var details: [String] = []
        if relationship.isTransient { details.append("transient") }
        details.append(relationship.inverseName.map { "inverse \($0)" } ?? "no inverse")
        details.append(relationship.deleteRule.xcodeName.lowercased())
        if relationship.isToMany {
            if relationship.minCount > 0 { details.append("min \(relationship.minCount)") }
            if let maximum = relationship.maximumCount { details.append("max \(maximum)") }
        } else if relationship.minCount > 1 {
            details.append("min \(relationship.minCount)")
        }
        if let modifier = relationship.versionHashModifier { details.append("hash modifier \(modifier)") }
        if let renamed = relationship.renamingIdentifier, renamed != relationship.name {
            details.append("renamed from \(renamed)")
        }
        return propertyRow(
            relationship, [relationship.name, "→ \(relationship.destinationEntityName)", cardinality], details)
    }

    private func describe(_ fetched: FetchedPropertyDescription) -> [String] {
        [
            fetched.name, "→ \(fetched.destinationEntityName)",
            fetched.predicateFormat.map { "where \($0)" } ?? "all objects",
        ]
    }

    private func propertyRow(_ property: PropertyDescription, _ cells: [String], _ details: [String]) -> [String] {
        var row = cells + [property.isOptional ? "optional" : "required"]
        var details = details
        if !property.userInfo.isEmpty { details.append("user info " + Self.describe(property.userInfo)) }
        if !details.isEmpty { row.append(details.joined(separator: ", ")) }
        return row
    }

    // MARK: - Values

    /// A default or bound value as the model editor would show it.
    static func describe(_ value: Any) -> String {
        switch value {
        case let text as String: return "\"\(text)\""
        case let flag as Bool: return flag ? "YES" : "NO"
        case let date as Date: return date.formatted(.iso8601)
        case let uuid as UUID: return uuid.uuidString
        case let url as URL: return url.absoluteString
        case let number as Decimal: return "\(number)"
        default: return "\(value)"
        }
    }

    static func describe(_ info: [String: String]) -> String {
        info.keys.sorted(by: NameOrder.codePoint).map { "\($0) = \(info[$0] ?? "")" }.joined(separator: ", ")
    }
}
