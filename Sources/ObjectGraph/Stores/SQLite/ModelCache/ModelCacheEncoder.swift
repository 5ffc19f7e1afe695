import Foundation

/// Writes a model as Core Data's model cache: the `Z_MODELCACHE.Z_CONTENT` of an SQLite store.
///
/// The cache is raw DEFLATE of an NSKeyedArchiver binary plist of the model (DESIGN.md §3.3 and
/// §4). The archive has the shape the real caches in the corpus show, so Apple's framework and
/// the inspector's `ModelCacheDecoder` both read it:
/// - the root `NSManagedObjectModel` holds `NSEntities`, an `NSKnownKeysDictionary1` whose
///   `searchMapping.keys` (entity names, sorted) run parallel to its `values`;
/// - each `NSEntityDescription` lists in `NSProperties` every property it has, inherited ones as
///   its own copies whose `NSEntity` is the sub-entity, as Core Data archives them;
/// - back-pointers (`NSEntity`, `NSDestinationEntity`, `NSInverseRelationship`, `NSSuperentity`,
///   `NSManagedObjectModel`) are conditional references, and flags that are off are left out.
///
/// ```swift
/// let blob = try ModelCacheEncoder.compressedArchive(of: model)   // INSERT INTO Z_MODELCACHE …
/// ```
///
/// Not archived (stores never need them to open): fetch request templates (real caches hold
/// `$null` there too), fetched properties, validation predicates (min/max/regular expression),
/// derived attributes' filter predicates (`NSFilteringPredicate` is `$null`) and Decimal default
/// values. None of them is part of a version hash, so the store's hashes are unaffected.
public final class ModelCacheEncoder {
    private let model: ManagedObjectModel
    let builder = KeyedArchiveBuilder()

    private init(model: ManagedObjectModel) {
        self.model = model
    }

    /// The model as an NSKeyedArchiver binary property list (before compression).
    public static func archive(of model: ManagedObjectModel) -> Data {
        let encoder = ModelCacheEncoder(model: model)
        let root = encoder.encodeModel()
        return BinaryPropertyListWriter.data(for: encoder.builder.archive(root: root))
    }

    /// The model cache exactly as `Z_MODELCACHE.Z_CONTENT` holds it: the archive, raw-deflated.
    ///
    /// - Throws: ``ModelCacheError/compressionFailed(_:)`` when zlib fails.
    public static func compressedArchive(of model: ManagedObjectModel) throws(ModelCacheError) -> Data {
        try RawDeflate.deflate(archive(of: model))
    }

    // MARK: - Keys of archived objects

    static let modelKey = "model"

    static func entityKey(_ name: String) -> String { "entity:" + name }

    /// A property as seen from `entityName`: inherited properties are archived once per entity.
    static func propertyKey(entity entityName: String, property: String) -> String {
        "property:" + entityName + "." + property
    }

    // MARK: - Model

    private func encodeModel() -> PropertyListItem {
        builder.object(Self.modelKey, classes: ["NSManagedObjectModel", "NSObject"]) {
            [
                ("NSEntities", encodeEntitiesDictionary()),
                // Stores never carry the fetch request templates (every real cache has $null here).
                ("NSFetchRequestTemplates", KeyedArchiveBuilder.null),
                ("NSConfigurations", model.configurations.isEmpty ? nil : encodeConfigurations()),
                (
                    "NSVersionIdentifiers",
                    builder.array(className: "NSSet") {
                        model.versionIdentifiers.sorted().map { builder.reference(to: $0) }
                    }
                ),
            ]
        }
    }

    /// `NSEntities`: an `NSKnownKeysDictionary1`, the names in a mapping strategy's `keys` and the
    /// entities in the parallel `values`, both in name order (as in every real cache).
    private func encodeEntitiesDictionary() -> PropertyListItem {
        let entities = model.entitiesSortedByName
        return builder.anonymousObject(classes: [
            "NSKnownKeysDictionary1", "NSKnownKeysDictionary", "NSMutableDictionary", "NSDictionary", "NSObject",
        ]) {
            [
                (
                    "searchMapping",
                    builder.anonymousObject(classes: [
                        "NSKnownKeysMappingStrategy1", "NSKnownKeysMappingStrategy", "NSObject",
                    ]) {
                        [
                            ("keys", builder.array { entities.map { builder.reference(to: $0.name) } }),
                            ("length", .integer(Int64(entities.count))),
                            ("version", .integer(1)),
                        ]
                    }
                ),
                ("emptyToken", builder.reference(to: "__empty_slot_token_4c24_98dc_ac1e_b773__")),
                ("values", builder.array { entities.map { encodeEntity($0) } }),
                ("version", .integer(1)),
            ]
        }
    }

    /// `NSConfigurations`: each configuration's name to an `NSSet` of its entities.
    private func encodeConfigurations() -> PropertyListItem {
        let names = model.configurations.keys.sorted()
        return builder.dictionary(
            className: "NSMutableDictionary", keys: { names.map { builder.reference(to: $0) } },
            values: {
                names.map { name in
                    builder.array(className: "NSSet") {
                        model.entities(forConfiguration: name).map { encodeEntity($0) }
                    }
                }
            })
    }

    // MARK: - Entities

    private func encodeEntity(_ entity: EntityDescription) -> PropertyListItem {
        builder.object(Self.entityKey(entity.name), classes: ["NSEntityDescription", "NSObject"]) {
            [
                ("NSEntityName", builder.reference(to: entity.name)),
                ("NSClassNameForEntity", builder.reference(to: Self.archivedClassName(of: entity))),
                ("NSSuperentity", builder.conditionalReference(to: entity.superentity.map { Self.entityKey($0.name) })),
                (
                    "NSSubentities",
                    builder.dictionary(
                        className: "NSMutableDictionary",
                        keys: { entity.subentities.map { builder.reference(to: $0.name) } },
                        values: { entity.subentities.map { encodeEntity($0) } })
                ),
                ("NSProperties", encodeProperties(of: entity)),
                ("NSUserInfo", encodeUserInfo(entity.userInfo)),
                ("NSUniqueTuples", entity.uniquenessConstraints.isEmpty ? nil : encodeUniqueTuples(of: entity)),
                ("NSFetchIndexDescriptions", encodeFetchIndexes(of: entity)),
                ("NSCompoundIndexes", encodeCompoundIndexes(of: entity)),
                ("NSVersionHashModifier", builder.reference(to: entity.versionHashModifier)),
                // Core Data archives the name itself when no renaming identifier was set.
                ("NSRenamingIdentifier", builder.reference(to: entity.renamingIdentifier ?? entity.name)),
                ("NSManagedObjectModel", builder.conditionalReference(to: Self.modelKey)),
                ("NSIsAbstract", entity.isAbstract ? .boolean(true) : nil),
            ]
        }
    }

    /// Entities without a class of their own archive `$null` (Recipes' `Image` entity does).
    private static func archivedClassName(of entity: EntityDescription) -> String? {
        let name = entity.managedObjectClassName
        return name == "ManagedObject" || name == "NSManagedObject" ? nil : name
    }

    /// `NSProperties`: every stored, transient and derived property the entity has, inherited
    /// ones first, by name. Fetched properties are left out (their fetch request is not archived).
    private func encodeProperties(of entity: EntityDescription) -> PropertyListItem {
        let properties = entity.allProperties.filter { !($0 is FetchedPropertyDescription) }
        return builder.dictionary(
            className: "NSMutableDictionary", keys: { properties.map { builder.reference(to: $0.name) } },
            values: { properties.map { encodeProperty($0, of: entity) } })
    }

    /// A user-info dictionary; empty ones share one `NSDictionary`, as in the real caches.
    func encodeUserInfo(_ userInfo: [String: String]) -> PropertyListItem {
        let keys = userInfo.keys.sorted()
        if keys.isEmpty {
            return builder.object("userInfo:empty", classes: ["NSDictionary", "NSObject"]) {
                [("NS.keys", .array([])), ("NS.objects", .array([]))]
            }
        }
        return builder.dictionary(
            keys: { keys.map { builder.reference(to: $0) } },
            values: { keys.map { builder.reference(to: userInfo[$0]) } })
    }

    /// `NSUniqueTuples`: an array of arrays of property names.
    private func encodeUniqueTuples(of entity: EntityDescription) -> PropertyListItem {
        builder.array(className: "NSMutableArray") {
            entity.uniquenessConstraints.map { tuple in
                builder.array(className: "NSMutableArray") { tuple.map { builder.reference(to: $0) } }
            }
        }
    }
}
