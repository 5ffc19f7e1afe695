extension ManagedObjectContext {
    /// Resolves optimistic-locking conflicts by ``mergePolicy`` so the save can be tried again.
    ///
    /// - Throws: `failure` again when a conflict cannot be resolved by the policy (for example an
    ///   object the store no longer has under ``MergePolicy/overwrite``).
    func resolve(_ conflicts: [MergeConflict], failure: CoreDataError) throws {
        for conflict in conflicts {
            guard let object = registry[conflict.objectID] else { throw failure }
            guard let row = conflict.persistedRow else {
                // Someone else deleted the row: only the policies that let the store win can go on.
                guard mergePolicy == .rollback || mergePolicy == .mergeByPropertyStoreTrump else { throw failure }
                forget(object)
                continue
            }
            switch mergePolicy {
            case .error:
                throw failure
            case .rollback:
                let wasDeleted = object.state.lifecycle == .deleted
                if wasDeleted {
                    deletedSet.remove(object)
                    object.state.lifecycle = .persisted
                }
                touchedSet.remove(object)
                apply(row, to: object, keepingChanges: false)
                if wasDeleted { reconcileToOneDestinations(ofRestored: object) }
            case .mergeByPropertyObjectTrump:
                merge(row, into: object, keeping: object.state.changedKeys)
            case .mergeByPropertyStoreTrump:
                let storeChanged = Set(row.values.keys).union(object.state.committedValues.keys).filter {
                    !AttributeValueEquality.isEqual(row.values[$0], object.state.committedValues[$0])
                }
                merge(row, into: object, keeping: object.state.changedKeys.subtracting(storeChanged))
            case .overwrite:
                // Keep every current value and write all of them over the newer row.
                object.state.version = row.version
                object.state.committedValues = row.values
                for property in object.entity.allProperties where !property.isTransient {
                    object.state.changedKeys.insert(property.name)
                }
            }
        }
    }

    /// Takes the row's values for every key not in `keeping`; the object's version becomes the row's.
    private func merge(_ row: StoreRow, into object: ManagedObject, keeping: Set<String>) {
        let changed = object.state.changedKeys
        let toMany = object.state.toManyValues
        let committedToMany = object.state.committedToMany
        let wasDeleted = object.state.lifecycle == .deleted
        object.state.changedKeys = keeping
        apply(row, to: object, keepingChanges: true)
        // apply() dropped loaded to-many relationships not kept; keep them all, they have no row values.
        object.state.toManyValues.merge(toMany) { current, _ in current }
        object.state.committedToMany = committedToMany
        object.state.changedKeys = keeping.union(
            changed.filter { object.entity.relationshipsByName[$0]?.isToMany == true })
        if wasDeleted { object.state.lifecycle = .deleted }
    }

    /// Makes the in-memory graph agree with the row of an object whose deletion the rollback
    /// policy gave up. The row's to-one keys win (they are the object's own stored values): each
    /// destination that its deletion had made forget the object takes it back (a loaded to-many
    /// inverse, in its stored place when nothing else moved; an empty to-one inverse), and is no
    /// longer changed when that was its only change. A destination deleted in this save cannot
    /// keep the object, so the object lets go of it and the save writes the cleared key (no key
    /// is left naming a row that is gone).
    ///
    /// To-many relationships of the restored object are faults again (see ``apply(_:to:keepingChanges:)``):
    /// their members' own changes stand and are saved, as for any object not in conflict.
    private func reconcileToOneDestinations(ofRestored object: ManagedObject) {
        for relationship in relationshipsInNameOrder(of: object.entity) where !relationship.isToMany {
            guard let destination = object.state.toOneValues[relationship.name] else { continue }
            if destination.isDeleted {
                object.rawSetToOne(relationship, to: nil)
                continue
            }
            guard let inverse = relationship.inverseRelationship, !destination.isFault else { continue }
            if inverse.isToMany {
                guard destination.state.toManyValues[inverse.name] != nil,
                    !destination.hasMember(object, in: inverse)
                else { continue }
                destination.rawInsert(object, into: inverse, at: storedPosition(of: object, in: inverse, of: destination))
            } else {
                guard destination.state.toOneValues[inverse.name] == nil else { continue }
                destination.rawSetToOne(inverse, to: object)
            }
            if !destination.differsFromCommitted(inverse.name) {
                destination.state.changedKeys.remove(inverse.name)
            }
        }
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

    /// Drops an object the store no longer has from the context.
    private func forget(_ object: ManagedObject) {
        insertedSet.remove(object)
        touchedSet.remove(object)
        deletedSet.remove(object)
        unregister(object)
        object.detachFromContext()
    }
}
