import Foundation

extension ManagedObject {
    /// The value of the property `key`: an attribute's value in its canonical Swift type, the
    /// destination object of a to-one relationship, a `Set<ManagedObject>` for a to-many
    /// relationship, or an ``OrderedSet`` of objects for an ordered one. Nil when the value is nil
    /// or the entity has no property `key`.
    ///
    /// Reading a value of a fault loads the object's values first.
    public func value(forKey key: String) -> Any? {
        // The common cases, a loaded attribute or to-one, in one lookup: the slot the values'
        // layout has for the key says which it is, without the entity's dictionaries. (Each
        // part is read from `state` where it is used: holding a copy of the values would retain
        // their storage for the lookup.) A key whose bits match a name's is found without a call,
        // so the layout is not retained for it; any other key takes the full lookup.
        if !state.isFault, let found = state.attributeValues.layout?.slotAndKind(matchingBitsOf: key) {
            switch found.kind {
            case .attribute: return state.attributeValues[slot: found.slot]
            case .toOne: return state.toOneValues[key]
            case .unknown: break
            }
        } else if !state.isFault, let layout = state.attributeValues.layout, let slot = layout.slot(of: key) {
            switch layout.kind(ofSlot: slot) {
            case .attribute: return state.attributeValues[slot: slot]
            case .toOne: return state.toOneValues[key]
            case .unknown: break
            }
        }
        if state.isFault, let value = valueFiringFault(forKey: key) { return value }
        if let attribute = entity.attributesByName[key] {
            fireFault()
            return state.attributeValues[attribute.name]
        }
        if let relationship = entity.relationshipsByName[key] {
            if !relationship.isToMany {
                fireFault()
                return state.toOneValues[key]
            }
            let members = loadedMembers(of: relationship)
            return relationship.isOrdered ? members : members.set
        }
        if let fetchedProperty = entity.fetchedPropertiesByName[key] {
            return fetchedPropertyValue(fetchedProperty)
        }
        return nil
    }

    /// A fault's first read of an attribute or to-one `key`: fires the fault and reads the value
    /// from the loaded slots. Which kind of property `key` names comes from the bits of the
    /// names in the entity's layout, as for a loaded object, rather than from hashing `key` into
    /// the entity's dictionaries. Nil when that does not settle it (a key of another kind, or a
    /// name in other storage): the full lookup then decides, and fires the fault when it should.
    private func valueFiringFault(forKey key: String) -> Any?? {
        guard fireFaultForReading(key) else { return nil }
        return .some(value(forKey: key))
    }

    /// Fires this fault when `key` names an attribute or to-one in its entity's layout (found by
    /// the bits of the names, see ``valueFiringFault(forKey:)``), as the first read of one does;
    /// returns whether the object is loaded now. False, with nothing fired, for any other key.
    func fireFaultForReading(_ key: String) -> Bool {
        guard let context = managedObjectContext,
            let found = context.propertyLayout(for: entity).slotAndKind(matchingBitsOf: key), found.kind != .unknown
        else { return false }
        fireFault()
        return !state.isFault
    }

    /// Sets the property `key` to `value`, keeping the inverse relationship in step.
    ///
    /// Attributes accept their canonical Swift type or anything that converts without loss (any
    /// integer type for an integer attribute, `Substring` for a string, …). A to-one relationship
    /// takes a ``ManagedObject`` or nil; a to-many takes a `Set`, an array or an ``OrderedSet`` of
    /// objects. An unknown key, a value of the wrong type or a read-only (derived) attribute
    /// changes nothing and makes the next `save()` fail with a validation error (1550) naming
    /// the key, because setters cannot throw.
    public func setValue(_ value: Any?, forKey key: String) {
        // The common case, an object laid out by its entity (an inserted one), in one lookup: the
        // layout knows the slot and the property (an attribute or a to-one relationship).
        if let layout = state.attributeValues.layout, !layout.propertyDescriptions.isEmpty,
            let slot = layout.slot(of: key)
        {
            let property = layout.propertyDescriptions[slot]
            if let attribute = property as? AttributeDescription {
                setAttribute(attribute, to: value, slot: slot)
            } else if let relationship = property as? RelationshipDescription {
                setToOneDestination(relationship, to: value)
            }
        } else if let attribute = entity.attributesByName[key] {
            setAttribute(attribute, to: value)
        } else if let relationship = entity.relationshipsByName[key] {
            if relationship.isToMany {
                setToManyMembers(relationship, to: value)
            } else {
                setToOneDestination(relationship, to: value)
            }
        } else {
            recordError(
                .managedObjectValidation, key: key,
                "\(entity.name) has no property named \"\(key)\"; the value was not set")
        }
    }

    /// Reads or writes a property by name, like ``value(forKey:)`` and ``setValue(_:forKey:)``.
    public subscript(key: String) -> Any? {
        get { value(forKey: key) }
        set { setValue(newValue, forKey: key) }
    }

    // MARK: - Attributes

    /// Sets `attribute` to `value`; `slot` is its slot in the values' layout when the caller
    /// knows it.
    private func setAttribute(_ attribute: AttributeDescription, to value: Any?, slot: Int? = nil) {
        guard !attribute.isReadOnly else {
            recordError(
                .managedObjectValidation, key: attribute.name,
                "\"\(attribute.name)\" of \(entity.name) is derived and cannot be set")
            return
        }
        // A value of the canonical type already (the common case) is classified once and stored
        // as it is; any other goes through the conversion. (The value is bound only on that
        // path: binding copies an `Any`, through its type's value witness.)
        var canonical = SlotValue(value)
        if !attribute.attributeType.isCanonical(canonical), let value {
            guard let converted = attribute.attributeType.canonicalValue(value) else {
                recordError(
                    .managedObjectValidation, key: attribute.name,
                    "\"\(attribute.name)\" of \(entity.name) holds \(attribute.attributeType.xcodeName) values, "
                        + "not \(type(of: value)) (\(value))")
                return
            }
            canonical = SlotValue(converted)
        }
        fireFault()
        willChangeValue(forKey: attribute.name)
        if let slot, let layout = state.attributeValues.layout, slot < layout.propertyDescriptions.count,
            layout.propertyDescriptions[slot] === attribute
        {
            state.attributeValues[slotValue: slot] = canonical
        } else {
            state.attributeValues[attribute.name] = canonical.value
        }
        didChangeValue(forKey: attribute.name)
    }

    /// Marks `key` as changed, tells the context, and forgets an earlier problem with that key.
    /// Records the inverse with the undo manager and tells this object's observations first
    /// (called by every change before it is made).
    func willChangeValue(forKey key: String) {
        // The context is read once for the undo manager and for the change list: each read of it
        // is a retain and a release, and every setter comes here.
        var context = managedObjectContext
        if let context { registerUndoOfChange(forKey: key, in: context) }
        if let observationInfo {
            observationInfo.willChange(forKey: key)
            // An observer's handler may have taken the object out of its context.
            context = managedObjectContext
        }
        // Nothing reads the changed keys of an inserted object (all of its values are new).
        if state.lifecycle != .inserted { state.insertChangedKey(key, of: entity) }
        if state.hasPendingErrors { state.pendingErrors[key] = nil }
        context?.objectDidChange(self)
    }

    func recordError(_ code: CoreDataError.Code, key: String, _ message: String) {
        state.pendingErrors[key] = CoreDataError(
            code: code, message: "\(entity.name) \(objectID): \(message).", objectID: objectID, key: key)
        managedObjectContext?.objectDidChange(self)
    }
}
