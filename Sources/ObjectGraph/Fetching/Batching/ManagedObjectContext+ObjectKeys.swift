extension ManagedObjectContext {
    /// The identities of the objects `request` selects, in its order, after its offset and
    /// limit: the store's matching keys (`SELECT 0, t0.Z_PK …`) with this context's unsaved
    /// changes applied when the request includes them.
    ///
    /// Unsaved inserts and changed objects that match are placed by their current values: by
    /// binary search among the stored keys, reading the sort keys of about log₂(n) stored objects
    /// each (those become registered objects of the context). Stored objects changed or deleted
    /// here are taken out of the store's list first. With `ordered` false (counting) places do
    /// not matter, and nothing is read.
    func matchingObjectKeys(for request: FetchRequest, entity: EntityDescription, ordered: Bool = true) throws
        -> ObjectKeyList
    {
        let mergesChanges = request.includesPendingChanges && hasChanges
        let storeRequest = request.storeRequest(for: entity, windowInStore: !mergesChanges)
        var stored = ObjectKeyList(storeIdentifier: "")
        if !persistentStoreCoordinator.stores(holding: entity).isEmpty {
            stored = try persistentStoreCoordinator.fetchObjectKeys(storeRequest)
        }
        guard mergesChanges else { return stored }
        return mergePendingChanges(into: stored, request: request, entity: entity, ordered: ordered)
            .window(offset: request.fetchOffset, limit: request.fetchLimit)
    }

    private func mergePendingChanges(
        into stored: ObjectKeyList, request: FetchRequest, entity: EntityDescription, ordered: Bool
    ) -> ObjectKeyList {
        // Stored objects changed or deleted here leave the store's list; changed ones that still
        // match come back, placed by their current values, with the unsaved inserts.
        var movedKeys = Set<Int64>()
        var movedIDs = Set<ManagedObjectID>()
        for object in touchedSet.elements + deletedSet.elements where !object.objectID.isTemporaryID {
            movedIDs.insert(object.objectID)
            if object.objectID.persistentStoreIdentifier == stored.storeIdentifier,
                object.entity.rootEntity === entity.rootEntity, let key = object.objectID.primaryKey
            {
                movedKeys.insert(key)
            }
        }
        var kept = ObjectKeyList(storeIdentifier: stored.storeIdentifier)
        kept.reserveCapacity(stored.count)
        for index in 0..<stored.count {
            let element = stored[index]
            switch element {
            case .row(_, let key) where movedKeys.contains(key): continue
            case .objectID(let objectID) where movedIDs.contains(objectID): continue
            default: kept.append(element)
            }
        }
        let changed = touchedSet.filter {
            $0.state.lifecycle == .persisted && request.matchesInMemory($0, entity: entity)
        }
        let inserted = insertedSet.filter { !$0.isDeleted && request.matchesInMemory($0, entity: entity) }
        guard ordered else {
            for object in changed + inserted { kept.append(.object(object)) }
            return kept
        }
        let placed = places(of: changed, inserted, among: kept, sortedBy: request.sortDescriptors)
        var merged = ObjectKeyList(storeIdentifier: stored.storeIdentifier)
        merged.reserveCapacity(kept.count + placed.count)
        var next = 0
        for index in 0...kept.count {
            while next < placed.count && placed[next].position == index {
                merged.append(.object(placed[next].object))
                next += 1
            }
            if index < kept.count { merged.append(kept[index]) }
        }
        return merged
    }

    /// Where each unsaved object goes among `kept`: before the member at `position`, in
    /// position order. Without sort descriptors the store orders by primary key, so changed
    /// stored objects go back by key and unsaved inserts go last, in insertion order.
    private func places(
        of changed: [ManagedObject], _ inserted: [ManagedObject], among kept: ObjectKeyList,
        sortedBy descriptors: [ObjectSortDescriptor]
    ) -> [(position: Int, object: ManagedObject)] {
        guard !descriptors.isEmpty else {
            let byKey = changed.sorted { ($0.objectID.primaryKey ?? 0) < ($1.objectID.primaryKey ?? 0) }
            var lower = 0
            var result: [(position: Int, object: ManagedObject)] = []
            for object in byKey {
                let key = object.objectID.primaryKey ?? 0
                lower = Self.upperBound(in: lower..<kept.count) { (kept.primaryKey(at: $0) ?? .max) > key }
                result.append((lower, object))
            }
            return result + inserted.map { (kept.count, $0) }
        }
        var lower = 0
        var result: [(position: Int, object: ManagedObject)] = []
        for object in Self.sort(changed + inserted, by: descriptors) {
            let keys = descriptors.map { object.value(forKeyPath: $0.key) }
            lower = Self.upperBound(in: lower..<kept.count) { index in
                let member = self.object(for: kept, at: index)
                for (position, descriptor) in descriptors.enumerated() {
                    let result = descriptor.compare(keys[position], member.value(forKeyPath: descriptor.key))
                    if result != .orderedSame { return result == .orderedAscending }
                }
                return false
            }
            result.append((lower, object))
        }
        return result
    }

    /// The context's object for member `index` of `keys` (a fault for a stored row not yet here).
    func object(for keys: ObjectKeyList, at index: Int) -> ManagedObject {
        if case .object(let object) = keys[index] { return object }
        let objectID = keys.objectID(at: index)
        return registeredObject(for: objectID) ?? object(with: objectID)
    }

    /// The first index in `range` for which `isAfter` holds (`range.upperBound` if none);
    /// `isAfter` must be false then true along the range.
    private static func upperBound(in range: Range<Int>, _ isAfter: (Int) -> Bool) -> Int {
        var low = range.lowerBound
        var high = range.upperBound
        while low < high {
            let middle = (low + high) / 2
            if isAfter(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
