/// A hash table from object IDs to unretained objects: the storage of ``ObjectRegistry``.
///
/// A `Dictionary` would hash each ID again with SipHash on every lookup, insertion, removal and
/// resize, although an ID carries its hash already (`ManagedObjectID.precomputedHash`); fetching
/// 100,000 objects does all four 100,000 times. This table uses that hash directly: open
/// addressing with linear probing, at most half full, and removal by shifting the following
/// entries back (so there are no tombstones and lookups stay short).
struct ObjectTable {
    private var keys: [ManagedObjectID?]
    private var values: [Unmanaged<ManagedObject>?]
    private var mask: Int
    /// How many entries the table holds.
    private(set) var count = 0

    init() {
        keys = Array(repeating: nil, count: 16)
        values = Array(repeating: nil, count: 16)
        mask = 15
    }

    /// The object stored for `key`, if any.
    subscript(key: ManagedObjectID) -> Unmanaged<ManagedObject>? {
        guard let index = index(of: key) else { return nil }
        return values[index]
    }

    /// Stores `value` for `key`, replacing what was there.
    mutating func set(_ value: Unmanaged<ManagedObject>, for key: ManagedObjectID) {
        if let index = index(of: key) {
            values[index] = value
            return
        }
        if (count + 1) * 2 > keys.count { resize(to: keys.count * 2) }
        var index = home(of: key)
        while keys[index] != nil { index = (index + 1) & mask }
        keys[index] = key
        values[index] = value
        count += 1
    }

    /// Removes the entry of `key`, if any.
    mutating func remove(_ key: ManagedObjectID) {
        guard var hole = index(of: key) else { return }
        keys[hole] = nil
        values[hole] = nil
        count -= 1
        // Shift back each following entry that may not stay behind the hole.
        var next = (hole + 1) & mask
        while let candidate = keys[next] {
            let home = home(of: candidate)
            let distanceToHole = (hole - home) & mask
            let distanceToNext = (next - home) & mask
            if distanceToHole < distanceToNext {
                keys[hole] = candidate
                values[hole] = values[next]
                keys[next] = nil
                values[next] = nil
                hole = next
            }
            next = (next + 1) & mask
        }
    }

    /// Removes every entry.
    mutating func removeAll() {
        self = ObjectTable()
    }

    /// Every stored object.
    var allValues: [Unmanaged<ManagedObject>] {
        values.compactMap { $0 }
    }

    private func home(of key: ManagedObjectID) -> Int {
        // Fibonacci hashing spreads the ID's hash over the table's bits.
        Int(truncatingIfNeeded: (UInt(bitPattern: key.precomputedHash) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    private func index(of key: ManagedObjectID) -> Int? {
        var index = home(of: key)
        while let candidate = keys[index] {
            if candidate == key { return index }
            index = (index + 1) & mask
        }
        return nil
    }

    private mutating func resize(to capacity: Int) {
        let oldKeys = keys
        let oldValues = values
        keys = Array(repeating: nil, count: capacity)
        values = Array(repeating: nil, count: capacity)
        mask = capacity - 1
        for (key, value) in zip(oldKeys, oldValues) {
            guard let key, let value else { continue }
            var index = home(of: key)
            while keys[index] != nil { index = (index + 1) & mask }
            keys[index] = key
            values[index] = value
        }
    }
}
