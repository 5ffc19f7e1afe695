import Foundation

/// Attributes, relationships and fetch indexes, archived as `NSAttributeDescription`,
/// `NSDerivedAttributeDescription`, `NSRelationshipDescription` and `NSFetchIndexDescription`.
extension ModelCacheEncoder {
    /// One property as seen from `entity` (inherited properties get one copy per entity).
    func encodeProperty(_ property: PropertyDescription, of entity: EntityDescription) -> PropertyListItem {
        let key = Self.propertyKey(entity: entity.name, property: property.name)
        if let relationship = property as? RelationshipDescription {
            return encodeRelationship(relationship, key: key, of: entity)
        }
        if let attribute = property as? AttributeDescription {
            return encodeAttribute(attribute, key: key, of: entity)
        }
        return KeyedArchiveBuilder.null
    }

    // MARK: - Attributes

    private func encodeAttribute(
        _ attribute: AttributeDescription, key: String, of entity: EntityDescription
    ) -> PropertyListItem {
        let className = attribute.isDerived ? "NSDerivedAttributeDescription" : "NSAttributeDescription"
        let classes =
            attribute.isDerived
            ? [className, "NSAttributeDescription", "NSPropertyDescription", "NSObject"]
            : [className, "NSPropertyDescription", "NSObject"]
        return builder.object(key, classes: classes) {
            var fields: KeyedArchiveBuilder.Fields = [
                ("NSPropertyName", builder.reference(to: attribute.name)),
                ("NSEntity", builder.conditionalReference(to: Self.entityKey(entity.name))),
                ("NSAttributeValueClassName", builder.reference(to: Self.valueClassName(of: attribute))),
                ("NSDefaultValue", encodeDefaultValue(attribute.defaultValue, type: attribute.attributeType)),
                ("NSValueTransformerName", builder.reference(to: attribute.valueTransformerName)),
                ("NSAttributeType", .integer(Int64(attribute.attributeType.rawValue))),
                ("NSFlagsKey", .integer(Self.flags(of: attribute))),
                ("NSIsIndexed", Self.isIndexed(attribute) ? .boolean(true) : nil),
            ]
            if let expression = attribute.derivationExpression {
                fields.append(("NSDerivationExpression", encodeExpression(expression)))
                fields.append(("NSFilteringPredicate", KeyedArchiveBuilder.null))
            }
            return fields + commonFields(of: attribute, isOrdered: false)
        }
    }

    /// `NSFlagsKey`, Apple's `__attributeDescriptionFlags` bit field: bit value 4 is
    /// `_storeBinaryDataExternally` (the third bit declared in the macOS 10.7 SDK's
    /// `NSAttributeDescription.h`), 16 is "preserve after deletion" (the corpus's Person.id).
    private static func flags(of attribute: AttributeDescription) -> Int64 {
        (attribute.allowsExternalBinaryDataStorage ? 4 : 0) | (attribute.preservesValueInHistoryOnDeletion ? 16 : 0)
    }

    /// `NSAttributeValueClassName` as Core Data archives it for each type (seen in the corpus).
    private static func valueClassName(of attribute: AttributeDescription) -> String? {
        switch attribute.attributeType {
        case .integer16, .integer32, .integer64, .double, .float, .boolean: "NSNumber"
        case .decimal: "NSDecimalNumber"
        case .string: "NSString"
        case .date: "NSDate"
        case .binaryData: "NSData"
        case .uuid: "NSUUID"
        case .uri: "NSURL"
        case .transformable: attribute.attributeValueClassName
        case .undefined, .objectID: nil
        }
    }

    // MARK: - Relationships

    private func encodeRelationship(
        _ relationship: RelationshipDescription, key: String, of entity: EntityDescription
    ) -> PropertyListItem {
        builder.object(key, classes: ["NSRelationshipDescription", "NSPropertyDescription", "NSObject"]) {
            let destination = relationship.destinationEntityName
            let inverseKey = relationship.inverseRelationship.map {
                Self.propertyKey(entity: destination, property: $0.name)
            }
            let fields: KeyedArchiveBuilder.Fields = [
                ("NSPropertyName", builder.reference(to: relationship.name)),
                ("NSEntity", builder.conditionalReference(to: Self.entityKey(entity.name))),
                ("NSDestinationEntity", builder.conditionalReference(to: Self.entityKey(destination))),
                ("NSInverseRelationship", builder.conditionalReference(to: inverseKey)),
                ("_NSInverseRelationshipName", builder.reference(to: relationship.inverseName)),
                ("_NSDestinationEntityName", builder.reference(to: destination)),
                ("NSDeleteRule", .integer(Int64(relationship.deleteRule.rawValue))),
                ("NSMinCount", .integer(Int64(relationship.minCount))),
                // 1 for to-one; 0 (or -1, as some Xcode versions write) for an unbounded to-many.
                ("NSMaxCount", .integer(Int64(relationship.maxCount))),
                ("NSIsOrdered", relationship.isOrdered ? .boolean(true) : nil),
            ]
            return fields + commonFields(of: relationship, isOrdered: relationship.isOrdered)
        }
    }

    // MARK: - What every property has

    /// The flags and names of `NSPropertyDescription`; flags that are off are left out.
    private func commonFields(of property: PropertyDescription, isOrdered: Bool) -> KeyedArchiveBuilder.Fields {
        [
            ("NSIsOptional", property.isOptional ? .boolean(true) : nil),
            ("NSIsTransient", property.isTransient ? .boolean(true) : nil),
            ("NSIsReadOnly", property.isReadOnly ? .boolean(true) : nil),
            ("NSVersionHashModifier", property.versionHashModifier.map { builder.reference(to: $0) }),
            ("NSRenamingIdentifier", builder.reference(to: property.renamingIdentifier ?? property.name)),
            ("NSUserInfo", property.userInfo.isEmpty ? nil : encodeUserInfo(property.userInfo)),
            ("_P", .integer(Self.propertyFlags(of: property, isOrdered: isOrdered))),
        ]
    }

    /// `_P`, the property's packed flags, as the corpus's 116 archived properties show them:
    /// bit 0 always; 1 optional; 2 read-only; 3 transient; 4 and 5 set when there are no
    /// validation predicates and warnings (never archived here); 6 set when the user info is
    /// empty; 7 set when there is no version hash modifier; 10 ordered.
    static func propertyFlags(of property: PropertyDescription, isOrdered: Bool) -> Int64 {
        var flags: Int64 = 1 | 16 | 32
        if property.isOptional { flags |= 2 }
        if property.isReadOnly { flags |= 4 }
        if property.isTransient { flags |= 8 }
        if property.userInfo.isEmpty { flags |= 64 }
        if property.versionHashModifier == nil { flags |= 128 }
        if isOrdered { flags |= 1024 }
        return flags
    }

    // MARK: - Fetch indexes

    /// Whether Core Data marks the attribute indexed: flagged "Indexed" in an old model, or the
    /// only element of one of its entity's fetch indexes (the corpus's Bookmarks cache marks
    /// `isPendingDeletion`, covered by the one-element index `byIsPendingDeletion`).
    static func isIndexed(_ attribute: AttributeDescription) -> Bool {
        attribute.isIndexed
            || (attribute.entity?.fetchIndexes ?? []).contains {
                $0.elements.count == 1 && $0.elements[0].propertyName == attribute.name
            }
    }

    /// The fetch indexes Core Data archives: first one named after each indexed attribute of the
    /// entity's own (as the real caches list them, matching the extra `Z_<Entity>_<property>`
    /// index of DESIGN.md §3.3), then the declared ones.
    static func archivedFetchIndexes(of entity: EntityDescription) -> [FetchIndexDescription] {
        let declaredNames = Set(entity.fetchIndexes.map(\.name))
        let implied = entity.ownAttributes.filter { isIndexed($0) && !declaredNames.contains($0.name) }.map {
            FetchIndexDescription(name: $0.name, elements: [FetchIndexElementDescription(propertyName: $0.name)])
        }
        return implied + entity.fetchIndexes
    }

    /// `NSFetchIndexDescriptions`: each index with its elements (`NSFetchIndexElementDescription`),
    /// or nil when the entity has none.
    func encodeFetchIndexes(of entity: EntityDescription) -> PropertyListItem? {
        let indexes = Self.archivedFetchIndexes(of: entity)
        guard !indexes.isEmpty else { return nil }
        return builder.array(className: "NSMutableArray") {
            indexes.map { index in
                let indexKey = "index:" + entity.name + "." + index.name
                return builder.object(indexKey, classes: ["NSFetchIndexDescription", "NSObject"]) {
                    [
                        ("NSIndexName", builder.reference(to: index.name)),
                        (
                            "NSIndexElements",
                            builder.array {
                                index.elements.map { encodeFetchIndexElement($0, indexKey: indexKey) }
                            }
                        ),
                        ("NSPartialIndexPredicate", KeyedArchiveBuilder.null),
                        ("NSEntity", builder.conditionalReference(to: Self.entityKey(entity.name))),
                    ]
                }
            }
        }
    }

    private func encodeFetchIndexElement(
        _ element: FetchIndexElementDescription, indexKey: String
    ) -> PropertyListItem {
        builder.anonymousObject(classes: ["NSFetchIndexElementDescription", "NSObject"]) {
            [
                ("NSPropertyName", builder.reference(to: element.propertyName)),
                ("NSFetchIndexElementType", .integer(element.collationType == .rTree ? 1 : 0)),
                ("NSAscending", .boolean(element.isAscending)),
                ("NSFetchIndexDescription", builder.conditionalReference(to: indexKey)),
            ]
        }
    }

    /// `NSCompoundIndexes`: the property names of every index with more than one element, or
    /// nil when there is none (the corpus's Bookmarks entity lists its two two-element indexes).
    func encodeCompoundIndexes(of entity: EntityDescription) -> PropertyListItem? {
        let compound = entity.fetchIndexes.filter { $0.elements.count > 1 }
        guard !compound.isEmpty else { return nil }
        return builder.array(className: "NSMutableArray") {
            compound.map { index in
                builder.array(className: "NSMutableArray") {
                    index.elements.map { builder.reference(to: $0.propertyName) }
                }
            }
        }
    }
}
