/// The result of ``ManagedObjectContext/fetchInBatches(_:)``: a random-access collection of the
/// fetched objects that knows every object's identity from the start but loads the objects
/// themselves in batches of ``batchSize`` as it is walked (Core Data's `fetchBatchSize` array).
///
/// ```swift
/// let request = FetchRequest(entityName: "Movie")
/// request.sortDescriptors = [ObjectSortDescriptor(key: "name")]
/// request.fetchBatchSize = 500
/// let movies = try context.fetchInBatches(request)   // SELECT 0, t0.Z_PK FROM ZMOVIE t0 ORDER BY t0.ZNAME
/// for movie in movies {                              // SELECT … WHERE  t0.Z_PK IN (?,…) per batch
///     print(movie["name"] ?? "")
/// }
/// ```
///
/// **Why a collection of its own.** Core Data's `fetch` returns an `NSArray` proxy that loads
/// lazily; a Swift `[ManagedObject]` cannot, because an array holds every element. So
/// ``ManagedObjectContext/fetch(_:)`` keeps returning an array (loading everything), and this
/// collection is what a batched walk returns. It holds the matching rows as 8-byte primary keys
/// and only the last ``retainedBatchCount`` loaded batches of objects, so walking a million rows
/// keeps memory flat as long as the caller does not hold on to the objects (and the context
/// does not: see its registry).
///
/// The identities are fixed when the fetch runs, as in Core Data: later inserts, deletes or
/// saves do not add or remove members. A member deleted from the store since reads as an empty
/// fault. Use the collection on its context's queue only.
public struct BatchedFetchResults: RandomAccessCollection {
    /// How many of the most recently loaded batches stay strongly referenced.
    public static let retainedBatchCount = 3

    private let storage: Storage

    init(keys: ObjectKeyList, batchSize: Int, prefetching: [[RelationshipDescription]], context: ManagedObjectContext) {
        storage = Storage(
            keys: keys, batchSize: batchSize > 0 ? batchSize : Swift.max(keys.count, 1), prefetching: prefetching,
            context: context)
    }

    /// How many objects are loaded per `SELECT`: the request's ``FetchRequest/fetchBatchSize``,
    /// or all of them when that was 0.
    public var batchSize: Int { storage.batchSize }

    /// The first position, 0.
    public var startIndex: Int { 0 }

    /// One past the last position: the number of fetched objects.
    public var endIndex: Int { storage.keys.count }

    /// The object at `position`, loading its batch if it is not loaded.
    public subscript(position: Int) -> ManagedObject {
        storage.object(at: position)
    }

    /// The ID of the object at `position`, without loading anything (a temporary ID for an
    /// unsaved object).
    public func objectID(at position: Int) -> ManagedObjectID {
        storage.keys.objectID(at: position)
    }

    /// Loads batches and keeps the most recent ones.
    private final class Storage {
        let keys: ObjectKeyList
        let batchSize: Int
        let prefetching: [[RelationshipDescription]]
        let context: ManagedObjectContext
        /// Loaded batches by number, least recently loaded first.
        private var batches: [(number: Int, objects: [ManagedObject])] = []

        init(
            keys: ObjectKeyList, batchSize: Int, prefetching: [[RelationshipDescription]],
            context: ManagedObjectContext
        ) {
            self.keys = keys
            self.batchSize = batchSize
            self.prefetching = prefetching
            self.context = context
        }

        func object(at position: Int) -> ManagedObject {
            precondition(position >= 0 && position < keys.count, "BatchedFetchResults index \(position) out of range")
            let number = position / batchSize
            let offset = position - number * batchSize
            // A walk asks for the batch it asked for last, batchSize times in a row.
            if let batch = batches.last, batch.number == number { return batch.objects[offset] }
            if let batch = batches.last(where: { $0.number == number }) { return batch.objects[offset] }
            let start = number * batchSize
            let range = start..<Swift.min(start + batchSize, keys.count)
            let objects = context.loadBatch(of: keys, in: range, prefetching: prefetching)
            batches.append((number, objects))
            if batches.count > BatchedFetchResults.retainedBatchCount { batches.removeFirst() }
            return objects[offset]
        }
    }
}
