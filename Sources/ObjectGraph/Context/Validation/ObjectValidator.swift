import Foundation

/// Checks objects against every rule of their model before a save (Core Data's
/// `validateForInsert` / `validateForUpdate` / `validateForDelete`), one ``CoreDataError`` per
/// broken rule.
enum ObjectValidator {
    /// The problems of an object about to be inserted or updated. `checked` are the properties
    /// of its entity that have a rule a value can break (``propertiesWithRules(of:)``).
    static func errorsForSaving(_ object: ManagedObject, checking checked: [PropertyDescription]) -> [CoreDataError] {
        var errors: [CoreDataError] = []
        // Read only when there are any: the common object has none, and reading them makes an
        // empty dictionary to return.
        let pending = object.state.hasPendingErrors ? object.state.pendingErrors : [:]
        if !pending.isEmpty { errors = pending.keys.sorted().compactMap { pending[$0] } }
        // A fault holds no values to check: its stored ones passed when they were saved, and a
        // change would have fired it. It is here only for a refused change (an unknown key, a
        // wrong type), which `pending` reports; its empty slots are not missing values.
        guard !object.state.isFault else { return errors }
        for property in checked where pending.isEmpty || pending[property.name] == nil {
            // Appended only when there are any: appending an empty array still calls into the
            // runtime, once per checked property of every object saved.
            if let attribute = property as? AttributeDescription, !attribute.isDerived {
                let found = attributeErrors(object, attribute)
                if !found.isEmpty { errors += found }
            } else if let relationship = property as? RelationshipDescription {
                let found = relationshipErrors(object, relationship)
                if !found.isEmpty { errors += found }
            }
        }
        return errors
    }

    /// The properties of `entity` that a value can break a rule of, in the entity's order: those
    /// that are required, bounded, patterned, or integers narrower than 64 bits. The rest cannot
    /// fail, so a save of many objects skips them.
    static func propertiesWithRules(of entity: EntityDescription) -> [PropertyDescription] {
        entity.allProperties.filter { property in
            if let attribute = property as? AttributeDescription {
                guard !attribute.isDerived else { return false }
                return !attribute.isOptional || !attribute.isUnbounded
                    || attribute.regularExpression != nil || attribute.attributeType == .integer16
                    || attribute.attributeType == .integer32
            }
            guard let relationship = property as? RelationshipDescription else { return false }
            return relationship.isToMany ? relationship.hasCountBounds : !relationship.isOptional
        }
    }

    /// The relationships of `entity` with the deny rule, in the entity's order: the only ones
    /// that can stop its objects' deletion, so a save deleting many objects of an entity without
    /// any (a cascade's members) checks nothing per object.
    static func deniedRelationships(of entity: EntityDescription) -> [RelationshipDescription] {
        entity.allProperties.compactMap { property in
            guard let relationship = property as? RelationshipDescription, relationship.deleteRule == .deny else {
                return nil
            }
            return relationship
        }
    }

    /// The problems of an object about to be deleted: relationships with the deny rule that still
    /// hold objects that are not deleted themselves (1600).
    /// `denied` are the relationships of its entity with that rule (``deniedRelationships(of:)``).
    static func errorsForDeleting(_ object: ManagedObject, checking denied: [RelationshipDescription])
        -> [CoreDataError]
    {
        denied.compactMap { relationship -> CoreDataError? in
            let remaining = destinations(of: object, relationship).filter { !$0.isDeleted }
            guard !remaining.isEmpty else { return nil }
            let what = remaining.count == 1 ? "1 object" : "\(remaining.count) objects"
            return error(
                .validationRelationshipDeniedDelete, object, relationship.name,
                "cannot be deleted: its relationship \"\(relationship.name)\" still holds \(what) and its delete "
                    + "rule is Deny")
        }
    }

    // MARK: - Attributes

    private static func attributeErrors(_ object: ManagedObject, _ attribute: AttributeDescription) -> [CoreDataError] {
        let key = attribute.name
        // The common case, an integer held as itself in its slot that fits its column and has no
        // bounds of its own, is passed without boxing and casting the value.
        if let range = attribute.attributeType.integerRange, attribute.isUnbounded,
            let slot = object.state.attributeValues.layout?.slot(of: key),
            case .integer(let number) = object.state.attributeValues[slotValue: slot], range.contains(number)
        {
            return []
        }
        guard let value = object.state.attributeValues[key] else {
            guard !attribute.isOptional else { return [] }
            return [error(.validationMissingMandatoryProperty, object, key, "\"\(key)\" is required but has no value")]
        }
        var errors: [CoreDataError] = []
        switch attribute.attributeType {
        case .integer16, .integer32, .integer64, .decimal, .double, .float:
            if let number = value as? Int, let range = attribute.attributeType.integerRange, !range.contains(number) {
                let code: CoreDataError.Code =
                    number > range.upperBound ? .validationNumberTooLarge : .validationNumberTooSmall
                // A value the column type cannot hold is the one problem worth reporting.
                return [
                    error(
                        code, object, key,
                        "\"\(key)\" is \(number), which does not fit in an \(attribute.attributeType.xcodeName)")
                ]
            }
            if let maximum = attribute.maxValue, compare(value, maximum) == .orderedDescending {
                errors.append(
                    error(
                        .validationNumberTooLarge, object, key,
                        "\"\(key)\" is \(value), larger than the maximum \(maximum)"))
            }
            if let minimum = attribute.minValue, compare(value, minimum) == .orderedAscending {
                errors.append(
                    error(
                        .validationNumberTooSmall, object, key,
                        "\"\(key)\" is \(value), smaller than the minimum \(minimum)"))
            }
        case .date:
            if let maximum = attribute.maxValue, compare(value, maximum) == .orderedDescending {
                errors.append(
                    error(
                        .validationDateTooLate, object, key,
                        "\"\(key)\" is \(value), later than the latest allowed \(maximum)"))
            }
            if let minimum = attribute.minValue, compare(value, minimum) == .orderedAscending {
                errors.append(
                    error(
                        .validationDateTooSoon, object, key,
                        "\"\(key)\" is \(value), earlier than the earliest allowed \(minimum)"))
            }
        case .string:
            guard let text = value as? String else { break }
            errors += stringErrors(object, attribute, text)
        default:
            break
        }
        return errors
    }

    private static func stringErrors(
        _ object: ManagedObject, _ attribute: AttributeDescription, _ text: String
    ) -> [CoreDataError] {
        let key = attribute.name
        var errors: [CoreDataError] = []
        // Core Data measures strings in UTF-16 code units (NSString's length).
        let textLength = text.utf16.count
        if let maximum = length(of: attribute.maxValue), textLength > maximum {
            errors.append(
                error(
                    .validationStringTooLong, object, key,
                    "\"\(key)\" is \"\(text)\", \(textLength) characters long; at most \(maximum) are allowed"))
        }
        if let minimum = length(of: attribute.minValue), textLength < minimum {
            errors.append(
                error(
                    .validationStringTooShort, object, key,
                    "\"\(key)\" is \"\(text)\", \(textLength) characters long; at least \(minimum) are needed"))
        }
        if let pattern = attribute.regularExpression {
            if let expression = try? NSRegularExpression(pattern: "^(?:" + pattern + ")$") {
                let range = NSRange(text.startIndex..., in: text)
                if expression.firstMatch(in: text, range: range) == nil {
                    errors.append(
                        error(
                            .validationStringPatternMatching, object, key,
                            "\"\(key)\" is \"\(text)\", which does not match the pattern \(pattern)"))
                }
            } else {
                errors.append(
                    error(
                        .managedObjectValidation, object, key,
                        "the model's pattern for \"\(key)\", \(pattern), is not a valid regular expression"))
            }
        }
        return errors
    }

    private static func length(of bound: Any?) -> Int? {
        switch bound {
        case let number as Int: number
        case let number as Double: Int(exactly: number.rounded(.down))
        case let text as String: Int(text)
        default: nil
        }
    }

    private static func compare(_ value: Any, _ bound: Any) -> ComparisonResult {
        ObjectSortDescriptor.Comparison.compare.compare(value, bound)
    }

    // MARK: - Relationships

    private static func relationshipErrors(
        _ object: ManagedObject, _ relationship: RelationshipDescription
    ) -> [CoreDataError] {
        let key = relationship.name
        guard relationship.isToMany else {
            guard !relationship.isOptional, object.state.toOneValues[key] == nil else { return [] }
            return [error(.validationMissingMandatoryProperty, object, key, "\"\(key)\" is required but has no value")]
        }
        // Only loaded relationships can have changed; a fault still holds what was validated before.
        guard let members = object.state.toManyValues[key] else { return [] }
        // The rule `check` follows too (RelationshipDescription+Counts.swift).
        switch relationship.countViolation(holding: members.count) {
        case .tooFew(let count, let minimum):
            return [
                error(
                    .validationRelationshipLacksMinimumCount, object, key,
                    "\"\(key)\" holds \(count) object(s); at least \(minimum) are needed")
            ]
        case .tooMany(let count, let maximum):
            return [
                error(
                    .validationRelationshipExceedsMaximumCount, object, key,
                    "\"\(key)\" holds \(count) objects; at most \(maximum) are allowed")
            ]
        case nil:
            break
        }
        return []
    }

    /// The relationships of an object about to be inserted or updated that hold an object deleted
    /// in this context, or no longer in it (1550, Core Data's "dangling reference to an invalid
    /// object"): saved, the row would name a row that is gone. Only what this object set is
    /// checked, so a destination of a **no action** rule, whose to-one still names a deleted
    /// object it never changed, is left to its owner, as in Core Data.
    /// `relationships` are its entity's stored relationships.
    static func danglingReferenceErrors(_ object: ManagedObject, relationships: [RelationshipDescription])
        -> [CoreDataError]
    {
        let inserted = object.state.lifecycle == .inserted
        guard inserted || object.state.hasChangedKeys else { return [] }
        let context = object.managedObjectContext
        func isInvalid(_ destination: ManagedObject) -> Bool {
            destination.isDeleted || destination.managedObjectContext !== context
        }
        var errors: [CoreDataError] = []
        for relationship in relationships where inserted || object.changedKeys.contains(relationship.name) {
            let key = relationship.name
            let invalid: ManagedObject?
            if relationship.isToMany {
                invalid = object.state.toManyValues.withValue(forKey: key) { $0.first(where: isInvalid) } ?? nil
            } else {
                invalid = object.state.toOneValues[key].flatMap { isInvalid($0) ? $0 : nil }
            }
            guard let invalid else { continue }
            errors.append(
                error(
                    .managedObjectValidation, object, key,
                    "\"\(key)\" holds \(invalid.entity.name) \(invalid.objectID), which is deleted or no longer in "
                        + "this context (dangling reference to an invalid object)"))
        }
        return errors
    }

    private static func destinations(of object: ManagedObject, _ relationship: RelationshipDescription)
        -> [ManagedObject]
    {
        if relationship.isToMany { return object.loadedMembers(of: relationship).elements }
        return object.state.toOneValues[relationship.name].map { [$0] } ?? []
    }

    private static func error(
        _ code: CoreDataError.Code, _ object: ManagedObject, _ key: String, _ problem: String
    ) -> CoreDataError {
        CoreDataError(
            code: code, message: "\(object.entity.name) \(object.objectID): \(problem).", objectID: object.objectID,
            key: key)
    }

    /// One error as is, several wrapped in 1560.
    static func combined(_ errors: [CoreDataError]) -> CoreDataError? {
        guard let first = errors.first else { return nil }
        guard errors.count > 1 else { return first }
        let lines = errors.map { "  - \($0.message)" }.joined(separator: "\n")
        return CoreDataError(
            code: .validationMultipleErrors,
            message: "\(errors.count) validation errors:\n" + lines, underlyingErrors: errors)
    }
}
