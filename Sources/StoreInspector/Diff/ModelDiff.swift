import Foundation
import ObjectGraph

/// `diff --expected MODEL`: whether a store fits a model, decided as Core Data decides it, and why not.
///
/// Core Data compares entity version hashes (DESIGN.md §3.3): the expected model's hashes are
/// recomputed and compared entity by entity with the store's `NSStoreModelVersionHashes`. Every
/// mismatch is then explained from the two models: entities added or removed, attributes added,
/// removed, retyped or made optional, relationships changed in destination, cardinality, order or
/// counts. Delete rules are not hashed (a store opens either way) but differ in behaviour, so they
/// are listed too.
public struct ModelDiff: Sendable {
    /// Entities whose hashes differ (or exist on one side only), in name order.
    public var mismatchedEntities: [String]
    /// Whether the store's hashes were available (a store without `Z_METADATA` hashes cannot be compared).
    public var hashesCompared: Bool
    /// The explained differences.
    public var differences: [ModelDifference]

    /// Whether Core Data would open the store with the expected model without migration.
    public var isCompatible: Bool { hashesCompared && mismatchedEntities.isEmpty }

    /// Compares.
    ///
    /// - Parameters:
    ///   - storeHashes: `NSStoreModelVersionHashes` from the store's metadata.
    ///   - storeModel: the store's own model (decoded or inferred), to explain mismatches; nil when unknown.
    ///   - expected: the model the user expects.
    public init(storeHashes: [String: Data], storeModel: ManagedObjectModel?, expected: ManagedObjectModel) {
        hashesCompared = !storeHashes.isEmpty
        let mismatched = hashesCompared ? expected.entitiesDiffering(fromVersionHashes: storeHashes) : []
        mismatchedEntities = mismatched
        var differences: [ModelDifference] = []
        if let storeModel {
            differences = Self.explain(store: storeModel, expected: expected)
        }
        if hashesCompared {
            let explained = Set(differences.map(\.entity))
            let renamedAway = Set(
                expected.entities.compactMap { $0.renamingIdentifier == $0.name ? nil : $0.renamingIdentifier })
            for name in mismatched where !explained.contains(name) && !renamedAway.contains(name) {
                if expected.entitiesByName[name] == nil {
                    differences.append(
                        ModelDifference(
                            entity: name, property: nil, message: "entity is in the store but not in the expected model"
                        ))
                    continue
                }
                if let parent = expected.entitiesByName[name]?.inheritanceChain.dropLast().last(where: {
                    mismatched.contains($0.name)
                }) {
                    differences.append(
                        ModelDifference(
                            entity: name, property: nil,
                            message: "unchanged itself, but its parent entity \(parent.name) changed "
                                + "(an entity's version hash includes its parent's)"))
                    continue
                }
                differences.append(
                    ModelDifference(
                        entity: name, property: nil,
                        message: "version hash differs (\(Self.hex(storeHashes[name])) in the store, "
                            + "\(Self.hex(expected.entityVersionHashesByName[name])) expected); the models do not show why "
                            + "(a version hash modifier, a renamed property, or the store's model is only inferred)"))
            }
        }
        self.differences = differences.sorted { ($0.entity, $0.property ?? "") < ($1.entity, $1.property ?? "") }
    }

    private static func hex(_ data: Data?) -> String {
        guard let data else { return "none" }
        return data.prefix(6).map { String(format: "%02x", $0) }.joined() + "…"
    }

    // MARK: - Explaining

    static func explain(store: ManagedObjectModel, expected: ManagedObjectModel) -> [ModelDifference] {
        var result: [ModelDifference] = []
        let names = Set(store.entitiesByName.keys).union(expected.entitiesByName.keys).sorted()
        for name in names {
            switch (store.entitiesByName[name], expected.entitiesByName[name]) {
            case (nil, .some(let want)):
                // A renaming identifier (Xcode's "Renaming ID") names the entity's old name.
                if let old = want.renamingIdentifier, old != name, let have = store.entitiesByName[old],
                    expected.entitiesByName[old] == nil
                {
                    result.append(
                        ModelDifference(
                            entity: name, property: nil,
                            message: "renamed: the store calls it \(old) (renaming identifier); a migration is needed"))
                    result += compare(have, want).map { difference in
                        ModelDifference(entity: name, property: difference.property, message: difference.message)
                    }
                } else {
                    result.append(
                        ModelDifference(
                            entity: name, property: nil, message: "entity is missing from the store's model"))
                }
            case (.some, nil):
                let renamed = expected.entities.contains { $0.renamingIdentifier == name && $0.name != name }
                if !renamed {
                    result.append(
                        ModelDifference(entity: name, property: nil, message: "entity is in the store but not expected")
                    )
                }
            case (.some(let have), .some(let want)):
                result += compare(have, want)
            case (nil, nil):
                break
            }
        }
        return result
    }

    private static func compare(_ have: EntityDescription, _ want: EntityDescription) -> [ModelDifference] {
        var result: [ModelDifference] = []
        func note(_ property: String?, _ message: String) {
            result.append(ModelDifference(entity: want.name, property: property, message: message))
        }
        if have.superentity?.name != want.superentity?.name {
            note(
                nil,
                "parent entity: store \(have.superentity?.name ?? "none"), expected \(want.superentity?.name ?? "none")"
            )
        }
        if have.isAbstract != want.isAbstract {
            note(nil, "abstract: store \(have.isAbstract ? "yes" : "no"), expected \(want.isAbstract ? "yes" : "no")")
        }
        let haveConstraints = have.uniquenessConstraints.map { $0.joined(separator: ",") }.sorted()
        let wantConstraints = want.uniquenessConstraints.map { $0.joined(separator: ",") }.sorted()
        if haveConstraints != wantConstraints {
            note(
                nil,
                "uniqueness constraints: store [\(haveConstraints.joined(separator: "; "))], "
                    + "expected [\(wantConstraints.joined(separator: "; "))]")
        }
        let ownNames = Set(have.properties.map(\.name)).union(want.properties.map(\.name)).sorted()
        for name in ownNames {
            let a = have.properties.first { $0.name == name }
            let b = want.properties.first { $0.name == name }
            switch (a, b) {
            case (nil, .some(let property)):
                note(name, "\(kind(property)) is missing from the store's model (expected \(describe(property)))")
            case (.some(let property), nil):
                note(name, "\(kind(property)) is in the store (\(describe(property))) but not expected")
            case (.some(let x), .some(let y)):
                for line in compare(x, y) { note(name, line) }
            case (nil, nil):
                break
            }
        }
        return result
    }

    private static func compare(_ a: PropertyDescription, _ b: PropertyDescription) -> [String] {
        var lines: [String] = []
        if kind(a) != kind(b) {
            return ["kind: store \(kind(a)), expected \(kind(b))"]
        }
        if a.isOptional != b.isOptional {
            lines.append("optional: store \(a.isOptional ? "yes" : "no"), expected \(b.isOptional ? "yes" : "no")")
        }
        if a.isTransient != b.isTransient {
            lines.append("transient: store \(a.isTransient ? "yes" : "no"), expected \(b.isTransient ? "yes" : "no")")
        }
        if let x = a as? AttributeDescription, let y = b as? AttributeDescription {
            if x.attributeType != y.attributeType {
                lines.append("type: store \(x.attributeType.xcodeName), expected \(y.attributeType.xcodeName)")
            }
            if x.allowsExternalBinaryDataStorage != y.allowsExternalBinaryDataStorage {
                lines.append(
                    "external storage: store \(x.allowsExternalBinaryDataStorage ? "yes" : "no"), "
                        + "expected \(y.allowsExternalBinaryDataStorage ? "yes" : "no")")
            }
        }
        if let x = a as? RelationshipDescription, let y = b as? RelationshipDescription {
            if x.destinationEntityName != y.destinationEntityName {
                lines.append("destination: store \(x.destinationEntityName), expected \(y.destinationEntityName)")
            }
            if x.inverseName != y.inverseName {
                lines.append("inverse: store \(x.inverseName ?? "none"), expected \(y.inverseName ?? "none")")
            }
            if x.isToMany != y.isToMany {
                lines.append(
                    "cardinality: store \(x.isToMany ? "to-many" : "to-one"), expected \(y.isToMany ? "to-many" : "to-one")"
                )
            }
            if x.isOrdered != y.isOrdered {
                lines.append("ordered: store \(x.isOrdered ? "yes" : "no"), expected \(y.isOrdered ? "yes" : "no")")
            }
            if x.isToMany, y.isToMany, x.minCount != y.minCount || max(x.maxCount, 0) != max(y.maxCount, 0) {
                lines.append(
                    "count: store \(x.minCount)…\(x.maxCount > 0 ? String(x.maxCount) : "∞"), "
                        + "expected \(y.minCount)…\(y.maxCount > 0 ? String(y.maxCount) : "∞")")
            }
            if x.deleteRule != y.deleteRule {
                lines.append(
                    "delete rule: store \(x.deleteRule.xcodeName), expected \(y.deleteRule.xcodeName) "
                        + "(not part of the version hash: the store opens, but deletes behave differently)")
            }
        }
        return lines
    }

    private static func kind(_ property: PropertyDescription) -> String {
        switch property {
        case is AttributeDescription: return "attribute"
        case let relationship as RelationshipDescription:
            return relationship.isToMany ? "to-many relationship" : "to-one relationship"
        case is FetchedPropertyDescription: return "fetched property"
        default: return "property"
        }
    }

    private static func describe(_ property: PropertyDescription) -> String {
        switch property {
        case let attribute as AttributeDescription:
            return attribute.attributeType.xcodeName + (attribute.isOptional ? ", optional" : "")
        case let relationship as RelationshipDescription:
            return (relationship.isToMany ? "to-many " : "to-one ") + relationship.destinationEntityName
                + ", " + relationship.deleteRule.xcodeName
        default:
            return "fetched"
        }
    }
}
