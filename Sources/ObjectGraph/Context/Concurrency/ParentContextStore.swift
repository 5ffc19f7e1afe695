import Foundation

/// The store behind a child context: its rows are the parent context's objects as they are now,
/// unsaved changes included, and saving into it applies the changes to the parent's objects.
///
/// Because the child reaches its parent only through the ``PersistentStore`` seam, everything a
/// context does (faults, fetches that merge unsaved changes, validation, save plans) works for a
/// child exactly as for a context on a real store. The parent is reached on its own queue
/// (`performAndWait`), as Core Data does.
///
/// Limits, as with Core Data: rows are keyed by object ID, so an object the parent inserted but
/// has not saved (a temporary ID) shows up in the child's fetches but cannot be reached by ID or
/// through a relationship fault; save the parent, or obtain permanent IDs, before handing such
/// objects to a child.
final class ParentContextStore: PersistentStore {
    /// The parent; a child context keeps its parent alive.
    let parent: ManagedObjectContext
    let identifier: String
    let type: PersistentStoreType
    let url: URL?
    let metadata: [String: Any]
    let model: ManagedObjectModel
    /// The child context this store serves (set once the child exists).
    weak var child: ManagedObjectContext?
    /// The parent's store that new objects' permanent IDs come from.
    private let backingStore: PersistentStore?

    init(parent: ManagedObjectContext) {
        self.parent = parent
        let backing = parent.persistentStoreCoordinator.persistentStores.first
        backingStore = backing
        // Object IDs name their store: the child must answer for the same identifier.
        identifier = backing?.identifier ?? UUID().uuidString
        type = backing?.type ?? .inMemory
        url = backing?.url
        metadata = backing?.metadata ?? [:]
        model = parent.managedObjectModel
    }

    // MARK: - Reading

    func fetchRows(_ request: StoreFetchRequest) throws -> [StoreRow] {
        try parent.performAndWait {
            let fetch = FetchRequest(entity: request.entity)
            fetch.includesSubentities = request.includesSubentities
            fetch.predicate = request.predicate
            fetch.sortDescriptors = request.sortDescriptors
            fetch.fetchLimit = request.fetchLimit
            fetch.fetchOffset = request.fetchOffset
            return try parent.fetch(fetch).map(Self.row(of:))
        }
    }

    func countRows(_ request: StoreFetchRequest) throws -> Int {
        try fetchRows(request).count
    }

    func row(for objectID: ManagedObjectID) throws -> StoreRow? {
        try parent.performAndWait {
            if let object = parent.registeredObject(for: objectID) {
                return object.isDeleted ? nil : Self.row(of: object)
            }
            guard !objectID.isTemporaryID else { return nil }
            return Self.row(of: try parent.existingObject(with: objectID))
        }
    }

    func relatedObjectIDs(of relationship: RelationshipDescription, for objectID: ManagedObjectID) throws
        -> [ManagedObjectID]
    {
        try parent.performAndWait {
            let object = try parent.registeredObject(for: objectID) ?? parent.existingObject(with: objectID)
            return object.loadedMembers(of: relationship).filter { !$0.isDeleted }.map(\.objectID)
        }
    }

    /// A parent object's current values as a row: attributes, and to-one destinations by ID.
    private static func row(of object: ManagedObject) -> StoreRow {
        object.fireFault()
        var values: [String: Any] = [:]
        for attribute in object.entity.attributesByName.values where !attribute.isTransient {
            if let value = object.state.attributeValues[attribute.name] { values[attribute.name] = value }
        }
        for relationship in object.entity.relationshipsByName.values where !relationship.isToMany {
            if let destination = object.state.toOneValues[relationship.name], !destination.isDeleted {
                values[relationship.name] = destination.objectID
            }
        }
        return StoreRow(objectID: object.objectID, version: object.state.version, values: values)
    }

    // MARK: - Writing

    /// Permanent IDs from the parent's store, so the objects a child saves keep one identity in
    /// the child, the parent and the store (the parent's save keeps permanent IDs it is given).
    func newObjectIDs(for entity: EntityDescription, count: Int) throws -> [ManagedObjectID] {
        try parent.performAndWait {
            guard let backingStore else {
                throw CoreDataError(
                    code: .persistentStoreOperation,
                    message: "The parent context has no persistent store to give new \(entity.name) objects IDs")
            }
            return try parent.persistentStoreCoordinator.newObjectIDs(for: entity, count: count, in: backingStore)
        }
    }

    /// Applies a child's save to the parent's objects: inserts, changed values, to-many changes
    /// and deletes, each through the parent's ordinary API (so inverses, change tracking, undo
    /// and notifications work there), then ends the parent's event.
    func save(_ changes: StoreChanges) throws {
        parent.performAndWait {
            var inserted: [(ManagedObject, StoreRow)] = []
            for row in changes.insertedRows {
                let entity = row.objectID.entity
                let object = ManagedObjectClassRegistry.shared.objectClass(for: entity).init(
                    entity: entity, insertInto: nil)
                object.objectID = row.objectID
                parent.insert(object, awakening: false)
                inserted.append((object, row))
            }
            for (object, row) in inserted {
                apply(row.values, keys: Set(row.values.keys).union(object.entity.attributesByName.keys), to: object)
            }
            for update in changes.updatedRows {
                apply(update.values, keys: update.changedKeys, to: parent.object(with: update.objectID))
            }
            for change in changes.toManyChanges {
                let owner = parent.object(with: change.objectID)
                let members = change.destinations.map { parent.object(with: $0) }
                owner.setValue(
                    change.relationship.isOrdered ? OrderedSet(members) : Set(members) as Any,
                    forKey: change.relationship.name)
            }
            for deletion in changes.deletedObjects {
                if let object = parent.registeredObject(for: deletion.objectID)
                    ?? (try? parent.existingObject(with: deletion.objectID))
                {
                    parent.delete(object)
                }
            }
            parent.processPendingChanges()
            parent.noteChildSave(changes, from: child)
        }
    }

    /// Sets `keys` of `object` from a row's values (absent = nil; to-ones hold IDs).
    private func apply(_ values: PropertyValues, keys: Set<String>, to object: ManagedObject) {
        for key in keys.sorted() {
            guard let property = object.entity.propertiesByName[key], !property.isTransient else { continue }
            if let relationship = object.entity.relationshipsByName[key] {
                guard !relationship.isToMany else { continue }
                object.setValue((values[key] as? ManagedObjectID).map { parent.object(with: $0) }, forKey: key)
            } else {
                object.setValue(values[key], forKey: key)
            }
        }
    }
}
