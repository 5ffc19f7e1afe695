extension ManagedObject {
    /// One property's raw value as it was before a change, for undo.
    enum RawValue {
        case attribute(Any?)
        case toOne(ManagedObject?)
        case toMany(OrderedSet<ManagedObject>?)
    }

    /// Registers, with the undo manager of `context` (the object's), the restoring of `key` to
    /// its current value (called just before the value changes).
    func registerUndoOfChange(forKey key: String, in context: ManagedObjectContext) {
        guard let undoManager = context.undoManager,
            undoManager.isUndoRegistrationEnabled
        else { return }
        let snapshot = rawValue(forKey: key)
        undoManager.registerUndo(withTarget: self) { object in
            object.restoreRawValue(snapshot, forKey: key)
        }
    }

    /// The value of `key` as the object holds it, without loading anything.
    private func rawValue(forKey key: String) -> RawValue {
        if let relationship = entity.relationshipsByName[key] {
            return relationship.isToMany ? .toMany(state.toManyValues[key]) : .toOne(state.toOneValues[key])
        }
        return .attribute(state.attributeValues[key])
    }

    /// Puts back a value recorded by ``registerUndoOfChange(forKey:in:)``, recording the inverse in
    /// turn (for redo) and telling observers.
    private func restoreRawValue(_ value: RawValue, forKey key: String) {
        guard managedObjectContext != nil else { return }
        willChangeValue(forKey: key)
        switch value {
        case .attribute(let attribute): state.attributeValues[key] = attribute
        case .toOne(let destination): state.toOneValues[key] = destination
        case .toMany(let members): state.toManyValues[key] = members
        }
        // Changed exactly when it differs from the stored value: undoing a change made before the
        // last save is a change to save again, undoing an unsaved one is not.
        if !differsFromCommitted(key) { state.removeChangedKey(key, of: entity) }
        didChangeValue(forKey: key)
    }
}
