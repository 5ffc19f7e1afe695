/// A hash table from object IDs to unretained objects: the storage of ``ObjectRegistry``.
///
/// A `Dictionary` would hash each ID again with SipHash on every lookup, insertion, removal and
/// resize, although an ID carries its hash already (`ManagedObjectID.precomputedHash`); fetching
/// 100,000 objects does all four 100,000 times. This table uses that hash directly: open
/// addressing with linear probing, at most half full, and removal by shifting the following
/// entries back (so there are no tombstones and lookups stay short).
struct ObjectTable {
    /// One slot of the table; hash, key and object side by side, so a probe touches one place.
    private struct Entry {
        var hash = 0
        var key: ManagedObjectID?
        var value: Unmanaged<ManagedObject>?
    }

    private var entries: [Entry]
    private var mask: Int
    /// How many entries the table holds.
    private(set) var count = 0

    init(minimumCapacity: Int = 8) {
        var capacity = 16
        while capacity < minimumCapacity * 2 { capacity *= 2 }
        entries = Array(repeating: Entry(), count: capacity)
        mask = capacity - 1
    }

    /// The object stored for `key`, if any.
    subscript(key: ManagedObjectID) -> Unmanaged<ManagedObject>? {
        guard let index = index(of: key) else { return nil }
        return entries[index].value
    }

    /// Stores `value` for `key`, replacing what was there.
    mutating func set(_ value: Unmanaged<ManagedObject>, for key: ManagedObjectID) {
        if let index = index(of: key) {
            entries[index].value = value
            return
        }
        insertNew(value, for: key)
    }

    /// Stores `value` for `key`, which the table does not hold (the caller just looked).
    mutating func insertNew(_ value: Unmanaged<ManagedObject>, for key: ManagedObjectID) {
        if (count + 1) * 2 > entries.count { resize(to: entries.count * 2) }
        place(Entry(hash: key.precomputedHash, key: key, value: value))
        count += 1
    }

    /// Makes room for `capacity` entries in all, so adding that many does not grow the table
    /// step by step.
    mutating func reserveCapacity(_ capacity: Int) {
        var size = entries.count
        while size < capacity * 2 { size *= 2 }
        if size > entries.count { resize(to: size) }
    }

    /// Removes the entry of `key`, if any.
    mutating func remove(_ key: ManagedObjectID) {
        guard let index = index(of: key) else { return }
        remove(at: index)
    }

    /// Removes the entry of `key` if its object is the one at `address`.
    mutating func remove(_ key: ManagedObjectID, ifObjectAt address: UnsafeMutableRawPointer) {
        guard let index = index(of: key), entries[index].value?.toOpaque() == address else { return }
        remove(at: index)
    }

    /// Removes every entry.
    mutating func removeAll() {
        self = ObjectTable()
    }

    /// Every stored object.
    var allValues: [Unmanaged<ManagedObject>] {
        entries.compactMap(\.value)
    }

    // MARK: - Probing

    private func home(of hash: Int) -> Int {
        // Fibonacci hashing spreads the ID's hash over the table's bits.
        Int(truncatingIfNeeded: (UInt(bitPattern: hash) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    private func index(of key: ManagedObjectID) -> Int? {
        let hash = key.precomputedHash
        var index = home(of: hash)
        while let candidate = entries[index].key {
            if entries[index].hash == hash && candidate == key { return index }
            index = (index + 1) & mask
        }
        return nil
    }

    private mutating func place(_ entry: Entry) {
        var index = home(of: entry.hash)
        while entries[index].key != nil { index = (index + 1) & mask }
        entries[index] = entry
    }

    /// Empties the entry at `index` and shifts back each following entry that may not stay
    /// behind the hole, so every entry stays reachable from its home without tombstones.
    private mutating func remove(at index: Int) {
        var hole = index
        entries[hole] = Entry()
        count -= 1
        var next = (hole + 1) & mask
        while entries[next].key != nil {
            let home = home(of: entries[next].hash)
            if (hole - home) & mask < (next - home) & mask {
                entries[hole] = entries[next]
                entries[next] = Entry()
                hole = next
            }
            next = (next + 1) & mask
        }
    }

    private mutating func resize(to capacity: Int) {
        let old = entries
        entries = Array(repeating: Entry(), count: capacity)
        mask = capacity - 1
        for entry in old where entry.key != nil { place(entry) }
    }
}
