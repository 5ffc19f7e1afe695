extension ManagedObjectContext {
    /// The identities of the objects `request` selects, in its order, after its offset and
    /// limit: the store's matching keys (`SELECT 0, t0.Z_PK …`) with this context's unsaved
    /// changes applied when the request includes them.
    ///
    /// Stored objects changed or deleted here are taken out of the store's list; changed ones
    /// that still match, and unsaved inserts that match, are put back by binary search on their
    /// current values, which reads the sort keys of about log₂(n) stored objects each (those
    /// become registered objects of the context). Ties fall as ``fetch(_:)`` orders them: a
    /// changed object keeps its place in the store's order among equal keys, other objects
    /// follow the stored ones. With `ordered` false (counting) places do not matter and nothing
    /// is read.
    func matchingObjectKeys(for request: FetchRequest, entity: EntityDescription, ordered: Bool = true) throws
        -> ObjectKeyList
    {
        let mergesChanges = request.includesPendingChanges && hasChanges
        var storeRequest = request.storeRequest(for: entity, windowInStore: !mergesChanges)
        // Without a window in the store, a count needs no order.
        if !ordered && mergesChanges { storeRequest.sortDescriptors = [] }
        var stored = ObjectKeyList(storeIdentifier: "")
        if !persistentStoreCoordinator.stores(holding: entity).isEmpty {
            stored = try persistentStoreCoordinator.fetchObjectKeys(storeRequest)
        }
        guard mergesChanges else { return stored }
        return mergePendingChanges(into: stored, request: request, entity: entity, ordered: ordered)
            .window(offset: request.fetchOffset, limit: request.fetchLimit)
    }

    /// An unsaved or changed object to put among the stored keys.
    private struct Candidate {
        let object: ManagedObject
        /// Its position in the store's list when the store had it, else nil (it goes after
        /// the stored objects with equal keys).
        let storePosition: Int?
        /// Its order among candidates that tie on keys and have no store position.
        let arrival: Int
        /// Its current values of the sort keys.
        let keys: [Any?]
    }

    private func mergePendingChanges(
        into stored: ObjectKeyList, request: FetchRequest, entity: EntityDescription, ordered: Bool
    ) -> ObjectKeyList {
        var movedKeys = Set<Int64>()
        var movedIDs = Set<ManagedObjectID>()
        for object in tracker.updated.elements + tracker.deleted.elements where !object.objectID.isTemporaryID {
            movedIDs.insert(object.objectID)
            if object.objectID.persistentStoreIdentifier == stored.storeIdentifier,
                object.entity.rootEntity === entity.rootEntity, let key = object.objectID.primaryKey
            {
                movedKeys.insert(key)
            }
        }
        // The store matched its rows against saved values of related objects; fetch(_:) checks them
        // again in memory, and so must every other way of asking (counts, object IDs, batches).
        let rechecksStored = request.predicate?.node.readsRelatedObjects == true
        var kept = ObjectKeyList(storeIdentifier: stored.storeIdentifier)
        kept.reserveCapacity(stored.count)
        var removedPositions: [Int] = []
        var storePositionByKey: [Int64: Int] = [:]
        var storePositionByID: [ManagedObjectID: Int] = [:]
        for index in 0..<stored.count {
            let element = stored[index]
            switch element {
            case .row(_, let key) where movedKeys.contains(key):
                removedPositions.append(index)
                storePositionByKey[key] = index
            case .objectID(let objectID) where movedIDs.contains(objectID):
                removedPositions.append(index)
                storePositionByID[objectID] = index
            default:
                if rechecksStored {
                    let object = self.object(for: stored, at: index)
                    guard !object.isDeleted, request.matchesInMemory(object, entity: entity) else {
                        removedPositions.append(index)
                        continue
                    }
                }
                kept.append(element)
            }
        }
        let changed = tracker.updated.filter {
            $0.state.lifecycle == .persisted && request.matchesInMemory($0, entity: entity)
        }
        let inserted = tracker.inserted.filter { !$0.isDeleted && request.matchesInMemory($0, entity: entity) }
        guard ordered else {
            for object in changed + inserted { kept.append(.object(object)) }
            return kept
        }
        let descriptors = request.sortDescriptors
        let candidates = (changed + inserted).enumerated().map { arrival, object in
            let objectID = object.objectID
            let position =
                objectID.persistentStoreIdentifier == stored.storeIdentifier
                ? objectID.primaryKey.flatMap { storePositionByKey[$0] } : storePositionByID[objectID]
            return Candidate(
                object: object, storePosition: position, arrival: arrival,
                keys: descriptors.map { object.value(forKeyPath: $0.key) })
        }.sorted { Self.precedes($0, $1, descriptors) }

        /// The store position of kept member `index`: its index plus the removed ones before it.
        func storePosition(ofKept index: Int) -> Int {
            var position = index
            for removed in removedPositions {
                guard removed <= position else { break }
                position += 1
            }
            return position
        }

        var merged = ObjectKeyList(storeIdentifier: stored.storeIdentifier)
        merged.reserveCapacity(kept.count + candidates.count)
        var next = 0
        for candidate in candidates {
            let place = Self.firstIndex(in: next..<kept.count) { index in
                let member = self.object(for: kept, at: index)
                for (position, descriptor) in descriptors.enumerated() {
                    let result = descriptor.compare(candidate.keys[position], member.value(forKeyPath: descriptor.key))
                    if result != .orderedSame { return result == .orderedAscending }
                }
                guard let own = candidate.storePosition else { return false }
                return own < storePosition(ofKept: index)
            }
            while next < place {
                merged.append(kept[next])
                next += 1
            }
            merged.append(.object(candidate.object))
        }
        while next < kept.count {
            merged.append(kept[next])
            next += 1
        }
        return merged
    }

    /// The candidates' order: by sort keys, then by store position (candidates the store had
    /// first), then by arrival (changed objects in the order first changed, then inserts).
    private static func precedes(_ left: Candidate, _ right: Candidate, _ descriptors: [ObjectSortDescriptor]) -> Bool {
        for (position, descriptor) in descriptors.enumerated() {
            let result = descriptor.compare(left.keys[position], right.keys[position])
            if result != .orderedSame { return result == .orderedAscending }
        }
        switch (left.storePosition, right.storePosition) {
        case (let leftPosition?, let rightPosition?): return leftPosition < rightPosition
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): return left.arrival < right.arrival
        }
    }

    /// The context's object for member `index` of `keys` (a fault for a stored row not yet here).
    func object(for keys: ObjectKeyList, at index: Int) -> ManagedObject {
        if case .object(let object) = keys[index] { return object }
        let objectID = keys.objectID(at: index)
        return registeredObject(for: objectID) ?? object(with: objectID)
    }

    /// The first index in `range` for which `isAfter` holds (`range.upperBound` if none);
    /// `isAfter` must be false then true along the range.
    private static func firstIndex(in range: Range<Int>, where isAfter: (Int) -> Bool) -> Int {
        var low = range.lowerBound
        var high = range.upperBound
        while low < high {
            let middle = (low + high) / 2
            if isAfter(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
