extension PersistentStoreCoordinator {
    /// Fetches rows like ``fetchRows(_:)`` (and keeps them in the row cache the same way) when
    /// they fit the row cache; a larger fetch is not collected: once it has more rows than the
    /// cache holds, those rows and then the rest, in batches as the store reads them, go to
    /// `overflow`, in order, and the answer is nil.
    ///
    /// A context makes objects for a large fetch from each batch while it is in the processor's
    /// cache, instead of from an array of every row read first. `overflow` runs under the
    /// coordinator's (recursive) lock, as the store's reading does: it must not wait for another
    /// thread that uses this coordinator.
    func fetchRows(_ request: StoreFetchRequest, overflow: ([StoreRow]) -> Void) throws -> [StoreRow]? {
        try locked {
            let holders = stores(holding: request.entity)
            guard holders.count == 1 else {
                // Rows of several stores are merged and ordered once all are read.
                let rows = try fetchRows(request)
                guard rows.count > Self.rowCacheCapacity else { return rows }
                overflow(rows)
                return nil
            }
            // The batches are kept as the store hands them over (each kept array shares its
            // buffer, so no row is copied) until they are known to fit the cache or not.
            var batches: [[StoreRow]] = []
            var count = 0
            var overflowed = false
            try holders[0].fetchRows(request) { batch in
                if overflowed {
                    overflow(batch)
                    return
                }
                batches.append(batch)
                count += batch.count
                if count > Self.rowCacheCapacity {
                    overflowed = true
                    for kept in batches { overflow(kept) }
                    batches = []
                }
            }
            guard !overflowed else { return nil }
            let rows = batches.count == 1 ? batches[0] : Array(batches.joined())
            remember(rows)
            return rows
        }
    }
}
