/// The objects a fetch selected, in order, held compactly: a stored row is its primary key
/// (`Z_PK`, 8 bytes) plus, when the fetch spans several entities, a 2-byte entity index; an
/// unsaved object of the context, or a row of a second store, is held as itself (see
/// Performance.md, "Why the code is shaped this way").
///
/// A store builds one to answer ``PersistentStore/fetchObjectKeys(_:)``, and the context reads
/// it; it has no public members.
public struct ObjectKeyList {
    /// One member of the list.
    enum Element {
        /// A stored row of `store`: its entity and primary key.
        case row(entity: EntityDescription, primaryKey: Int64)
        /// An object of the context (unsaved, or changed so its place was worked out in memory).
        case object(ManagedObject)
        /// A row known only by its full ID (from a second store).
        case objectID(ManagedObjectID)
    }

    /// What is kept for ``Element/object(_:)`` and ``Element/objectID(_:)`` members.
    private enum Explicit {
        case object(ManagedObject)
        case objectID(ManagedObjectID)
    }

    /// Marks an entry of ``primaryKeys`` as an index into ``explicit`` rather than a key.
    private static let explicitMarker = UInt16.max

    /// The identifier of the store the rows are in.
    let storeIdentifier: String
    /// The entities the rows are of; ``entityIndexes`` refer to them.
    private var entities: [EntityDescription] = []
    /// The ID family of each of ``entities`` in the store: what every ID made for its rows
    /// shares, worked out once rather than per ID (its hash reads two strings).
    private var families: [ManagedObjectID.Family] = []
    private var entityIndexByName: [String: UInt16] = [:]
    /// The primary keys, or indexes into ``explicit`` where the entity index is the marker.
    private var primaryKeys: [Int64] = []
    /// One per key; empty while every member so far is a row of `entities[0]`.
    private var entityIndexes: [UInt16] = []
    private var explicit: [Explicit] = []

    /// An empty list of rows of the store `storeIdentifier`.
    init(storeIdentifier: String) {
        self.storeIdentifier = storeIdentifier
    }

    /// How many members the list has.
    var count: Int { primaryKeys.count }

    /// Reserves room for `count` members.
    mutating func reserveCapacity(_ count: Int) {
        primaryKeys.reserveCapacity(count)
    }

    /// Appends a stored row.
    mutating func appendRow(entity: EntityDescription, primaryKey: Int64) {
        let index = entityIndex(of: entity)
        if index != 0 && entityIndexes.isEmpty {
            entityIndexes = Array(repeating: 0, count: primaryKeys.count)
        }
        primaryKeys.append(primaryKey)
        if !entityIndexes.isEmpty { entityIndexes.append(index) }
    }

    /// Appends `element`.
    mutating func append(_ element: Element) {
        switch element {
        case .row(let entity, let primaryKey):
            appendRow(entity: entity, primaryKey: primaryKey)
        case .object(let object):
            appendExplicit(.object(object))
        case .objectID(let objectID):
            if let primaryKey = objectID.primaryKey, objectID.persistentStoreIdentifier == storeIdentifier {
                appendRow(entity: objectID.entity, primaryKey: primaryKey)
            } else {
                appendExplicit(.objectID(objectID))
            }
        }
    }

    /// The member at `index`.
    subscript(index: Int) -> Element {
        let entityIndex = entityIndexes.isEmpty ? 0 : entityIndexes[index]
        if entityIndex == Self.explicitMarker {
            switch explicit[Int(primaryKeys[index])] {
            case .object(let object): return .object(object)
            case .objectID(let objectID): return .objectID(objectID)
            }
        }
        return .row(entity: entities[Int(entityIndex)], primaryKey: primaryKeys[index])
    }

    /// The primary key at `index` when that member is a stored row.
    func primaryKey(at index: Int) -> Int64? {
        if !entityIndexes.isEmpty && entityIndexes[index] == Self.explicitMarker { return nil }
        return primaryKeys[index]
    }

    /// The ID of the member at `index` (a temporary one for an unsaved object).
    func objectID(at index: Int) -> ManagedObjectID {
        let entityIndex = Int(entityIndexes.isEmpty ? 0 : entityIndexes[index])
        guard entityIndex == Int(Self.explicitMarker) else {
            return ManagedObjectID(
                entity: entities[entityIndex], primaryKey: primaryKeys[index], family: families[entityIndex])
        }
        switch explicit[Int(primaryKeys[index])] {
        case .object(let object): return object.objectID
        case .objectID(let objectID): return objectID
        }
    }

    /// The unsaved or changed object of the context at `index`, when that member is one.
    func explicitObject(at index: Int) -> ManagedObject? {
        guard !entityIndexes.isEmpty && entityIndexes[index] == Self.explicitMarker,
            case .object(let object) = explicit[Int(primaryKeys[index])]
        else { return nil }
        return object
    }

    /// The members from `offset` on, at most `limit` of them (0: no limit).
    func window(offset: Int, limit: Int) -> ObjectKeyList {
        let start = min(max(offset, 0), count)
        // Not `start + limit`, which overflows for a limit such as `Int.max`.
        let end = limit > 0 && limit < count - start ? start + limit : count
        if start == 0 && end == count { return self }
        var result = ObjectKeyList(storeIdentifier: storeIdentifier)
        result.reserveCapacity(end - start)
        for index in start..<end { result.append(self[index]) }
        return result
    }

    private mutating func entityIndex(of entity: EntityDescription) -> UInt16 {
        // Most lists hold one entity: spare hashing its name for every row appended.
        if let first = entities.first, first === entity { return 0 }
        if let index = entityIndexByName[entity.name] { return index }
        let index = UInt16(entities.count)
        entities.append(entity)
        families.append(ManagedObjectID.Family(entity: entity, store: storeIdentifier))
        entityIndexByName[entity.name] = index
        return index
    }

    private mutating func appendExplicit(_ value: Explicit) {
        if entityIndexes.isEmpty { entityIndexes = Array(repeating: 0, count: primaryKeys.count) }
        primaryKeys.append(Int64(explicit.count))
        entityIndexes.append(Self.explicitMarker)
        explicit.append(value)
    }
}
