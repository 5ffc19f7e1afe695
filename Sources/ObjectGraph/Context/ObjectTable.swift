/// A hash table from object IDs to unretained objects: the storage of ``ObjectRegistry``.
///
/// A `Dictionary` would hash each ID again with SipHash on every lookup, insertion, removal and
/// resize, although an ID carries its hash already (`ManagedObjectID.precomputedHash`); fetching
/// 100,000 objects does all four 100,000 times. This table uses that hash directly: open
/// addressing with linear probing, at most half full, and removal by shifting the following
/// entries back (so there are no tombstones and lookups stay short).
struct ObjectTable {
    private var keys: [ManagedObjectID?]
    /// Each entry's hash, compared before its key so a probe rarely has to read an ID.
    private var hashes: [Int]
    private var values: [Unmanaged<ManagedObject>?]
    private var mask: Int
    /// How many entries the table holds.
    private(set) var count = 0

    init() {
        keys = Array(repeating: nil, count: 16)
        hashes = Array(repeating: 0, count: 16)
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
        place(key, hash: key.precomputedHash, value: value)
        count += 1
    }

    /// Removes the entry of `key`, if any.
    mutating func remove(_ key: ManagedObjectID) {
        guard let index = index(of: key) else { return }
        remove(at: index)
    }

    /// Removes the entry of `key` if its object is the one at `address`.
    mutating func remove(_ key: ManagedObjectID, ifObjectAt address: UnsafeMutableRawPointer) {
        guard let index = index(of: key), values[index]?.toOpaque() == address else { return }
        remove(at: index)
    }

    /// Removes every entry.
    mutating func removeAll() {
        self = ObjectTable()
    }

    /// Every stored object.
    var allValues: [Unmanaged<ManagedObject>] {
        values.compactMap { $0 }
    }

    // MARK: - Probing

    private func home(of hash: Int) -> Int {
        // Fibonacci hashing spreads the ID's hash over the table's bits.
        Int(truncatingIfNeeded: (UInt(bitPattern: hash) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    private func index(of key: ManagedObjectID) -> Int? {
        let hash = key.precomputedHash
        var index = home(of: hash)
        while let candidate = keys[index] {
            if hashes[index] == hash && candidate == key { return index }
            index = (index + 1) & mask
        }
        return nil
    }

    private mutating func place(_ key: ManagedObjectID, hash: Int, value: Unmanaged<ManagedObject>?) {
        var index = home(of: hash)
        while keys[index] != nil { index = (index + 1) & mask }
        keys[index] = key
        hashes[index] = hash
        values[index] = value
    }

    /// Empties the entry at `index` and shifts back each following entry that may not stay
    /// behind the hole, so every entry stays reachable from its home without tombstones.
    private mutating func remove(at index: Int) {
        var hole = index
        keys[hole] = nil
        values[hole] = nil
        count -= 1
        var next = (hole + 1) & mask
        while keys[next] != nil {
            let home = home(of: hashes[next])
            if (hole - home) & mask < (next - home) & mask {
                keys[hole] = keys[next]
                hashes[hole] = hashes[next]
                values[hole] = values[next]
                keys[next] = nil
                values[next] = nil
                hole = next
            }
            next = (next + 1) & mask
        }
    }

    private mutating func resize(to capacity: Int) {
        let oldKeys = keys
        let oldHashes = hashes
        let oldValues = values
        keys = Array(repeating: nil, count: capacity)
        hashes = Array(repeating: 0, count: capacity)
        values = Array(repeating: nil, count: capacity)
        mask = capacity - 1
        for index in oldKeys.indices {
            guard let key = oldKeys[index] else { continue }
            place(key, hash: oldHashes[index], value: oldValues[index])
        }
    }
}
