import Foundation
import ObjectGraph

/// Rebuilds a `ManagedObjectModel` from a store's `Z_MODELCACHE.Z_CONTENT`.
///
/// The bytes are raw DEFLATE of an NSKeyedArchiver binary plist (DESIGN.md §4). The walk:
/// `$top.root` is an `NSManagedObjectModel` whose `NSEntities` is an `NSKnownKeysDictionary1`
/// (entity names in `searchMapping.keys`, entities in the parallel `values`); each
/// `NSEntityDescription` has `NSEntityName`, `NSSuperentity`, `NSIsAbstract`,
/// `NSClassNameForEntity`, `NSUniqueTuples` and `NSProperties` (`NS.keys`/`NS.objects`), which
/// lists inherited properties too, so a property is the entity's own only when its parent lacks it.
/// A missing `NSIsOptional` means required (verified on the corpus's caches).
public enum ModelCacheDecoder {
    /// Decodes the compressed cache bytes.
    ///
    /// - Throws: ``PropertyListError`` naming the step that failed (inflate, plist, archive shape, model).
    public static func decode(compressed data: Data) throws(PropertyListError) -> ManagedObjectModel {
        try decode(archive: KeyedArchive(data: RawInflate.inflate(data)))
    }

    /// Decodes an already inflated archive.
    public static func decode(archive: KeyedArchive) throws(PropertyListError) -> ManagedObjectModel {
        guard let root = archive.root, root.className == "NSManagedObjectModel" else {
            throw .unreadable("the model cache's root object is not an NSManagedObjectModel")
        }
        let entityObjects = entities(of: root)
        guard !entityObjects.isEmpty else {
            throw .unreadable("the model cache lists no entities")
        }
        var ownNames: [String: Set<String>] = [:]
        for object in entityObjects {
            ownNames[object["NSEntityName"].string ?? ""] = Set(propertyEntries(of: object).map(\.name))
        }
        var entities: [EntityDescription] = []
        for object in entityObjects {
            guard let name = object["NSEntityName"].string else {
                throw .unreadable("an entity in the model cache has no name")
            }
            let parent = object["NSSuperentity"].asObject?["NSEntityName"].string
            let inherited = parent.flatMap { ownNames[$0] } ?? []
            let properties = propertyEntries(of: object).filter { !inherited.contains($0.name) }.compactMap {
                property(from: $0.object, named: $0.name)
            }
            let constraints =
                object["NSUniqueTuples"].asObject?.arrayElements.map { tuple in
                    tuple.asObject?.arrayElements.compactMap(\.string) ?? []
                }.filter { !$0.isEmpty } ?? []
            entities.append(
                EntityDescription(
                    name: name, managedObjectClassName: object["NSClassNameForEntity"].string,
                    isAbstract: object["NSIsAbstract"].bool ?? false, superentityName: parent, properties: properties,
                    uniquenessConstraints: constraints, fetchIndexes: fetchIndexes(of: object),
                    versionHashModifier: object["NSVersionHashModifier"].string,
                    renamingIdentifier: object["NSRenamingIdentifier"].string))
        }
        let identifiers = root["NSVersionIdentifiers"].asObject?.arrayElements.compactMap(\.string) ?? []
        do {
            return try ManagedObjectModel(entities: entities, versionIdentifiers: Set(identifiers))
        } catch {
            throw .unreadable("the model cache describes an inconsistent model: \(error)")
        }
    }

    // MARK: - Entities and properties

    /// The entity objects of the model's `NSEntities`, in name order.
    static func entities(of root: ArchivedObject) -> [ArchivedObject] {
        guard let dictionary = root["NSEntities"].asObject else { return [] }
        var objects: [ArchivedObject] = []
        switch dictionary.className {
        case "NSKnownKeysDictionary1", "NSKnownKeysDictionary":
            let values = dictionary["values"].asObject?.arrayElements ?? []
            objects = values.compactMap(\.asObject)
            if objects.isEmpty {
                objects = dictionary.dictionaryEntries.compactMap(\.value.asObject)
            }
        default:
            objects = dictionary.dictionaryEntries.compactMap(\.value.asObject)
        }
        return objects.filter { $0.className == "NSEntityDescription" }
            .sorted { ($0["NSEntityName"].string ?? "") < ($1["NSEntityName"].string ?? "") }
    }

    /// `NSFetchIndexDescriptions`, as archived: Apple lists first an index named after each
    /// attribute that is the sole element of a fetch index (and flags that attribute `NSIsIndexed`),
    /// then the model's own fetch indexes (verified on the corpus's Bookmarks cache).
    private static func fetchIndexes(of entity: ArchivedObject) -> [FetchIndexDescription] {
        let indexes = entity["NSFetchIndexDescriptions"].asObject?.arrayElements.compactMap(\.asObject) ?? []
        return indexes.compactMap { index in
            guard let name = index["NSIndexName"].string else { return nil }
            let elements = (index["NSIndexElements"].asObject?.arrayElements ?? []).compactMap(\.asObject).compactMap {
                element -> FetchIndexElementDescription? in
                guard let property = element["NSPropertyName"].string else { return nil }
                return FetchIndexElementDescription(
                    propertyName: property,
                    collationType: element["NSFetchIndexElementType"].integer == 1 ? .rTree : .binary,
                    isAscending: element["NSAscending"].bool ?? true)
            }
            return elements.isEmpty ? nil : FetchIndexDescription(name: name, elements: elements)
        }
    }

    private static func propertyEntries(of entity: ArchivedObject) -> [(name: String, object: ArchivedObject)] {
        guard let properties = entity["NSProperties"].asObject else { return [] }
        return properties.dictionaryEntries.compactMap { entry in
            guard let object = entry.value.asObject else { return nil }
            let name = object["NSPropertyName"].string ?? entry.key.string ?? ""
            return name.isEmpty ? nil : (name, object)
        }
    }

    private static func property(from object: ArchivedObject, named name: String) -> PropertyDescription? {
        let isOptional = object["NSIsOptional"].bool ?? false
        let isTransient = object["NSIsTransient"].bool ?? false
        let renaming = object["NSRenamingIdentifier"].string
        let modifier = object["NSVersionHashModifier"].string
        switch object.className {
        case "NSAttributeDescription", "NSDerivedAttributeDescription", "NSCompositeAttributeDescription":
            let code = UInt(clamping: object["NSAttributeType"].integer ?? 0)
            let derivation =
                object.className == "NSDerivedAttributeDescription"
                ? ExpressionText.text(of: object["NSDerivationExpression"]) : nil
            return AttributeDescription(
                name: name, type: AttributeType(rawValue: code) ?? .undefined, isOptional: isOptional,
                isTransient: isTransient, defaultValue: defaultValue(object["NSDefaultValue"]),
                allowsExternalBinaryDataStorage: AttributeFlags(object).contains(.storesBinaryDataExternally),
                preservesValueInHistoryOnDeletion: AttributeFlags(object).contains(.preservesValueOnDeletion),
                valueTransformerName: object["NSValueTransformerName"].string,
                attributeValueClassName: object["NSAttributeValueClassName"].string,
                derivationExpression: derivation, isIndexed: object["NSIsIndexed"].bool ?? false,
                versionHashModifier: modifier, renamingIdentifier: renaming)
        case "NSRelationshipDescription":
            let maxCount = object["NSMaxCount"].integer ?? 0
            let isToMany = maxCount != 1
            let rule = DeleteRule(rawValue: UInt(clamping: object["NSDeleteRule"].integer ?? 1)) ?? .nullify
            return RelationshipDescription(
                name: name,
                destinationEntityName: object["_NSDestinationEntityName"].string
                    ?? object["NSDestinationEntity"].asObject?["NSEntityName"].string ?? "",
                inverseName: object["_NSInverseRelationshipName"].string
                    ?? object["NSInverseRelationship"].asObject?["NSPropertyName"].string,
                isToMany: isToMany, isOrdered: object["NSIsOrdered"].bool ?? false,
                minCount: Int(clamping: object["NSMinCount"].integer ?? 0), maxCount: Int(clamping: maxCount),
                deleteRule: rule, isOptional: isOptional, isTransient: isTransient, versionHashModifier: modifier,
                renamingIdentifier: renaming)
        case "NSFetchedPropertyDescription":
            return FetchedPropertyDescription(
                name: name, destinationEntityName: object["_NSFetchRequestEntityName"].string ?? "",
                predicateFormat: nil, isOptional: isOptional, versionHashModifier: modifier,
                renamingIdentifier: renaming)
        default:
            return nil
        }
    }

    private static func defaultValue(_ value: ArchivedValue) -> Any? {
        switch value.value {
        case .string(let text): return text
        case .integer(let number): return Int(clamping: number)
        case .real(let number): return number
        case .boolean(let flag): return flag
        case .date(let date): return date
        case .data(let bytes): return bytes
        default: return value.string
        }
    }
}

/// The bits of an attribute's `NSFlagsKey`, Apple's archived `__attributeDescriptionFlags`.
///
/// The macOS 10.7 SDK's `NSAttributeDescription.h` declares the bit field as
/// `_hasMaxValueInExtraIvars:1`, `_hasMinValueInExtraIvars:1`, `_storeBinaryDataExternally:1`, so
/// "Allows External Storage" is bit value 4; bit value 16 is "preserve after deletion" (verified:
/// the corpus's Person.id and Author.alias, whose version hashes need it).
struct AttributeFlags: OptionSet {
    let rawValue: Int64

    static let hasMaximumValue = AttributeFlags(rawValue: 1)
    static let hasMinimumValue = AttributeFlags(rawValue: 2)
    static let storesBinaryDataExternally = AttributeFlags(rawValue: 4)
    static let preservesValueOnDeletion = AttributeFlags(rawValue: 16)

    init(rawValue: Int64) { self.rawValue = rawValue }

    /// The flags of an archived attribute; caches this project wrote before the flag moved into
    /// `NSFlagsKey` kept it under `NSAllowsExternalBinaryDataStorage`, read too.
    init(_ object: ArchivedObject) {
        var flags = AttributeFlags(rawValue: object["NSFlagsKey"].integer ?? 0)
        if object["NSAllowsExternalBinaryDataStorage"].bool == true { flags.insert(.storesBinaryDataExternally) }
        self = flags
    }
}
