/// The coordinator's memory of recently read and written rows, so that firing a fault for a row
/// a fetch just returned does not go back to the store.
///
/// Bounded: when full, the row remembered longest ago is forgotten first, so holding many
/// fetched objects does not hold their rows twice.
///
/// Every row given to the cache marks its values' storage remembered, and every row the cache
/// lets go of (replaced, forgotten, pushed out) marks it superseded: a fault that kept its
/// fetched row fires from it without a lookup while its storage is remembered and not
/// superseded (see ``PropertyValues/areHeldByRowCache``).
struct RowCache {
    /// How many rows the cache keeps at most.
    let capacity: Int
    private var rows: [ManagedObjectID: StoreRow] = [:]
    private var order: [ManagedObjectID] = []
    private var orderStart = 0

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// The remembered row of `objectID`, if any.
    func row(for objectID: ManagedObjectID) -> StoreRow? { rows[objectID] }

    /// Remembers `row`, replacing an older version of it.
    mutating func remember(_ row: StoreRow) {
        guard capacity > 0 else { return }
        row.values.markRemembered()
        if let replaced = rows.updateValue(row, forKey: row.objectID) {
            replaced.values.markSuperseded()
        } else {
            order.append(row.objectID)
        }
        while rows.count > capacity, orderStart < order.count {
            rows.removeValue(forKey: order[orderStart])?.values.markSuperseded()
            orderStart += 1
        }
        // Compact the queue of keys now and then so it does not grow without bound.
        if orderStart > capacity {
            order.removeFirst(orderStart)
            order.removeAll { rows[$0] == nil }
            orderStart = 0
        }
    }

    /// Makes room for `count` more rows at once (up to the capacity), so remembering a fetch's
    /// rows does not grow the table by doubling, moving every row each time.
    mutating func reserveCapacity(forMore count: Int) {
        let wanted = min(capacity, rows.count + count)
        guard wanted > rows.capacity else { return }
        rows.reserveCapacity(wanted)
        order.reserveCapacity(order.count + min(count, capacity))
    }

    /// Forgets the row of `objectID` (it was deleted).
    mutating func forget(_ objectID: ManagedObjectID) {
        rows.removeValue(forKey: objectID)?.values.markSuperseded()
    }

    /// Forgets every row.
    mutating func removeAll() {
        for row in rows.values { row.values.markSuperseded() }
        rows.removeAll()
        order.removeAll()
        orderStart = 0
    }
}
