/// Putting inverses back in step after an object's own to-one keys went back to their stored
/// values behind the usual setters: a conflict the rollback merge policy resolved, a refresh that
/// threw the object's changes away.
extension ManagedObjectContext {
    /// Makes the destinations of `object` agree with its to-one values, which went from
    /// `previous` to `current` by relationship name. A destination it left forgets it (it leaves a
    /// loaded to-many inverse, an inverse to-one naming it is cleared); a destination it names
    /// again takes it back (into a loaded to-many inverse, in its stored place when nothing else
    /// moved; into an empty to-one inverse). Each destination is no longer changed when that was
    /// its only change. With `lettingGoOfDeleted`, a destination deleted in this context is let go
    /// and the cleared key is the object's change (the next save writes it), so no saved row names
    /// a deleted one. Destinations whose inverse is not loaded load it from the store later, as is.
    func repairInverses(
        of object: ManagedObject, from previous: ToOneMap, to current: ToOneMap,
        lettingGoOfDeleted: Bool
    ) {
        for relationship in relationshipsInNameOrder(of: object.entity) where !relationship.isToMany {
            let before = previous[relationship.name]
            var after = current[relationship.name]
            if lettingGoOfDeleted, let deleted = after, deleted.isDeleted {
                object.rawSetToOne(relationship, to: nil)
                after = nil
            }
            guard before !== after, let inverse = relationship.inverseRelationship else { continue }
            if let before, !before.isFault { release(object, fromInverse: inverse, of: before) }
            if let after, !after.isDeleted, !after.isFault { restore(object, toInverse: inverse, of: after) }
        }
    }

    /// `object` leaves the inverse relationship of `destination` it no longer belongs to.
    private func release(
        _ object: ManagedObject, fromInverse inverse: RelationshipDescription, of destination: ManagedObject
    ) {
        if inverse.isToMany {
            let loaded = destination.state.toManyValues[inverse.name] != nil
            guard loaded, destination.hasMember(object, in: inverse) else { return }
            destination.rawDetach(object, from: inverse)
        } else {
            guard destination.state.toOneValues[inverse.name] === object else { return }
            destination.rawSetToOne(inverse, to: nil)
        }
        forgetChangeIfStored(inverse, of: destination)
    }

    /// `object` comes back into the inverse relationship of `destination` it belongs to again.
    private func restore(
        _ object: ManagedObject, toInverse inverse: RelationshipDescription, of destination: ManagedObject
    ) {
        if inverse.isToMany {
            let loaded = destination.state.toManyValues[inverse.name] != nil
            guard loaded, !destination.hasMember(object, in: inverse) else { return }
            destination.rawInsert(object, into: inverse, at: storedPosition(of: object, in: inverse, of: destination))
        } else {
            guard destination.state.toOneValues[inverse.name] == nil else { return }
            destination.rawSetToOne(inverse, to: object)
        }
        forgetChangeIfStored(inverse, of: destination)
    }

    /// Drops `relationship` from the changes of `object` when its value is the stored one again.
    private func forgetChangeIfStored(_ relationship: RelationshipDescription, of object: ManagedObject) {
        guard !object.differsFromCommitted(relationship.name) else { return }
        object.state.removeChangedKey(relationship.name, of: object.entity)
    }

    /// Where `member` goes back into the loaded ordered `relationship` of `owner`: its stored
    /// position when the other members are still in their stored order, otherwise the end (nil).
    private func storedPosition(
        of member: ManagedObject, in relationship: RelationshipDescription, of owner: ManagedObject
    ) -> Int? {
        guard relationship.isOrdered, let committed = owner.state.committedToMany[relationship.name],
            let position = committed.firstIndex(of: member),
            let current = owner.state.toManyValues[relationship.name],
            current.elements.elementsEqual(committed.elements.lazy.filter { $0 !== member }, by: ===)
        else { return nil }
        return position
    }
}
