import Foundation

/// Apple's version hashes (DESIGN.md §3.3), reproduced byte for byte so a store we write is one
/// Apple's Core Data accepts for the same model, and a student's store can be checked against a
/// model. All SHA-256, over bytes concatenated with no separators or lengths; strings as UTF-8
/// (nil or empty adds nothing); integers little-endian.
extension ManagedObjectModel {
    /// Computes and stores every property's and entity's hash, parents before children, and returns
    /// the entity hashes by name.
    static func computeVersionHashes(of entities: [EntityDescription]) -> [String: Data] {
        var result: [String: Data] = [:]
        for root in entities where root.superentity == nil {
            for entity in root.selfAndDescendants {
                for property in entity.properties { property.versionHash = versionHash(of: property) }
                entity.versionHash = versionHash(of: entity)
                result[entity.name] = entity.versionHash
            }
        }
        return result
    }

    /// SHA256(name ‖ u8(abstract) ‖ parent's hash ‖ hashes of the stored attributes and
    /// relationships, inherited ones included, sorted by name ‖ modifier ‖ own uniqueness
    /// constraints, each joined with ".", sorted, concatenated).
    private static func versionHash(of entity: EntityDescription) -> Data {
        var bytes = HashInput()
        bytes.append(entity.name)
        bytes.append(UInt8(entity.isAbstract ? 1 : 0))
        if let parent = entity.superentity { bytes.append(parent.versionHash) }
        let stored = entity.allProperties
            .filter { !$0.isTransient && !($0 is FetchedPropertyDescription) }
            .sorted { NameOrder.codePoint($0.name, $1.name) }
        for property in stored { bytes.append(property.versionHash) }
        bytes.append(entity.versionHashModifier)
        let constraints = entity.uniquenessConstraints.map { $0.joined(separator: ".") }.sorted(by: NameOrder.codePoint)
        for constraint in constraints { bytes.append(constraint) }
        return SHA256.hash(bytes.data)
    }

    /// The hash of one property, by kind.
    private static func versionHash(of property: PropertyDescription) -> Data {
        var bytes = HashInput()
        if let attribute = property as? AttributeDescription, let expression = attribute.derivationExpression {
            // A derived attribute hashes only its expression and filter (verified on real stores).
            bytes.append(hashedDerivationText(expression))
            bytes.append(attribute.derivationFilterPredicate)
            return SHA256.hash(bytes.data)
        }
        if property is FetchedPropertyDescription { return baseHash(of: property) }
        bytes.append(baseHash(of: property))
        if let attribute = property as? AttributeDescription {
            bytes.append(UInt32(attribute.attributeType.rawValue))
            if attribute.allowsExternalBinaryDataStorage { bytes.append(UInt8(1)) }
            if attribute.preservesValueInHistoryOnDeletion { bytes.append(UInt8(1)) }
        } else if let relationship = property as? RelationshipDescription {
            bytes.append(relationship.destinationEntityName)
            if relationship.inverseName != relationship.name
                || relationship.destinationEntityName != relationship.entity?.name
            {
                bytes.append(relationship.inverseName)
            }
            bytes.append(UInt32(truncatingIfNeeded: relationship.maxCount))
            bytes.append(UInt32(truncatingIfNeeded: relationship.minCount))
            if relationship.isOrdered {
                bytes.append(UInt8(1))
                bytes.append(UInt8(0))
            }
        }
        return SHA256.hash(bytes.data)
    }

    /// SHA256(name ‖ u16(optional·1 | transient·2 | readOnly·4) ‖ versionHashModifier).
    private static func baseHash(of property: PropertyDescription) -> Data {
        var bytes = HashInput()
        bytes.append(property.name)
        var flags: UInt16 = 0
        if property.isOptional { flags |= 1 }
        if property.isTransient { flags |= 2 }
        if property.isReadOnly { flags |= 4 }
        bytes.append(flags)
        bytes.append(property.versionHashModifier)
        return SHA256.hash(bytes.data)
    }

    /// A derivation as Core Data hashes it: a key path ending in `.@count` or `.@sum` is written
    /// as a function (`pages.@count` → `count:(pages)`).
    private static func hashedDerivationText(_ expression: String) -> String {
        for function in ["count", "sum"] {
            let suffix = ".@" + function
            if expression.hasSuffix(suffix) {
                return "\(function):(\(expression.dropLast(suffix.count)))"
            }
        }
        return expression
    }
}

/// The bytes fed to one hash.
private struct HashInput {
    var data = Data()

    mutating func append(_ string: String?) {
        if let string { data.append(contentsOf: string.utf8) }
    }

    mutating func append(_ bytes: Data) { data.append(bytes) }

    mutating func append<Integer: FixedWidthInteger>(_ value: Integer) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }
}
