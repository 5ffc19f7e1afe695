import Foundation

extension ManagedObject {
    /// The persistent properties whose value differs from the stored one, with their new values
    /// (to-one: the destination object or nil; to-many: the members as a set or ordered set).
    ///
    /// A key written back to its stored value is not listed. For an inserted object every property
    /// that has a value is listed.
    public func changedValues() -> [String: Any?] {
        var changes: [String: Any?] = [:]
        for key in persistentChangedKeys() {
            changes[key] = currentValueForChanges(key)
        }
        return changes
    }

    /// Whether any persistent property differs from its stored value: Core Data's
    /// `hasPersistentChangedValues`, true exactly when ``changedValues()`` is not empty.
    ///
    /// Unlike ``isUpdated`` it ignores transient properties and a key written back to its stored
    /// value: after `theater["name"] = "Rex"; theater["name"] = "Odeon"` the theater is still
    /// updated (the next save is told of it), but has no persistent changed values.
    public var hasPersistentChangedValues: Bool { !persistentChangedKeys().isEmpty }

    /// The stored values of `keys` (all persistent properties when nil), as of the last fetch or
    /// save: attributes in their Swift types, to-one destinations as objects of this context,
    /// to-many relationships as sets of objects. Empty for an inserted object.
    public func committedValues(forKeys keys: [String]?) -> [String: Any?] {
        guard state.lifecycle != .inserted, state.lifecycle != .detached else { return [:] }
        fireFault()
        let names = keys ?? entity.allProperties.filter { !$0.isTransient }.map(\.name)
        var result: [String: Any?] = [:]
        for key in names {
            if entity.attributesByName[key] != nil {
                result[key] = state.committedValues[key]
            } else if let relationship = entity.relationshipsByName[key] {
                if relationship.isToMany {
                    let committed = state.committedToMany[key] ?? loadedMembers(of: relationship)
                    result[key] = relationship.isOrdered ? committed : committed.set
                } else {
                    let id = state.committedValues[key] as? ManagedObjectID
                    result[key] = id.flatMap { managedObjectContext?.object(with: $0) }
                }
            }
        }
        return result
    }

    /// Keys written since the last save or refresh (even if written back to the old value), the
    /// first written first (see `ObjectState.changedKeys(of:)`).
    var changedKeys: ChangedKeys {
        get { state.changedKeys(of: entity) }
        set { state.setChangedKeys(newValue, of: entity) }
    }

    /// The persistent keys whose current value differs from the committed one.
    func persistentChangedKeys() -> [String] {
        let candidates: [String]
        if state.lifecycle == .inserted {
            candidates = entity.allProperties.map(\.name)
        } else {
            candidates = Array(changedKeys)
        }
        return candidates.filter { key in
            guard let property = entity.propertiesByName[key], !property.isTransient,
                !(property is FetchedPropertyDescription)
            else { return false }
            return differsFromCommitted(key)
        }.sorted()
    }

    /// Whether the current value of `key` differs from the stored one.
    func differsFromCommitted(_ key: String) -> Bool {
        let inserted = state.lifecycle == .inserted
        if entity.attributesByName[key] != nil {
            let current = state.attributeValues[key]
            if inserted { return current != nil }
            return !AttributeValueEquality.isEqual(current, state.committedValues[key])
        }
        guard let relationship = entity.relationshipsByName[key] else { return false }
        if relationship.isToMany {
            guard let members = state.toManyValues[key] else { return false }
            if inserted { return !members.isEmpty }
            let committed = state.committedToMany[key] ?? OrderedSet()
            return relationship.isOrdered ? members != committed : members.set != committed.set
        }
        let current = state.toOneValues[key]
        if inserted { return current != nil }
        return current?.objectID != state.committedValues[key] as? ManagedObjectID
    }

    private func currentValueForChanges(_ key: String) -> Any? {
        if entity.attributesByName[key] != nil { return state.attributeValues[key] }
        guard let relationship = entity.relationshipsByName[key] else { return nil }
        if relationship.isToMany {
            let members = state.toManyValues[key] ?? OrderedSet()
            return relationship.isOrdered ? members : members.set
        }
        return state.toOneValues[key]
    }
}

/// Equality of attribute values of the canonical Swift types, which are not statically `Equatable`
/// once stored as `Any`.
enum AttributeValueEquality {
    /// Whether two attribute values (either may be nil) are equal.
    static func isEqual(_ lhs: Any?, _ rhs: Any?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): return true
        case (nil, _), (_, nil): return false
        case (let left as any Equatable, let right?): return left.isEqual(to: right)
        default: return false
        }
    }
}

extension Equatable {
    fileprivate func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
