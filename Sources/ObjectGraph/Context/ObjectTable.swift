/// A hash table from object IDs to unretained objects: the storage of ``ObjectRegistry``.
///
/// An ID carries its hash already (`ManagedObjectID.identityHash`); this table uses that hash
/// directly rather than hashing the ID again as a `Dictionary` would.
///
/// It is laid out for the cache, because a large fetch looks up each new row's ID once (to find
/// no object) and those lookups land anywhere in the table: the entries (ID, object: 16 bytes)
/// sit in a dense array in insertion order, and the hash index over them is an array of 8-byte
/// slots, each holding 32 bits of the entry's mixed hash and its position. A lookup that finds
/// nothing reads only index slots (a third of the memory an index of whole entries takes), and
/// reads an entry only where the 32 hash bits match. The index is open addressing with linear
/// probing, at most half full; removal shifts the following slots back (no tombstones, so
/// lookups stay short) and moves the last entry into the removed one's place.
///
/// The entries are kept in chunks of a fixed size (``EntryChunks``) rather than one array, so a
/// growing table never copies the entries it has into a larger array.
struct ObjectTable {
    /// One stored object, in the dense array of entries.
    private struct Entry {
        var key: ManagedObjectID
        var value: Unmanaged<ManagedObject>
        // No copy of the key's hash: resizing reads the hashes from the index, and only removal,
        // which moves the last entry, works one out again (8 bytes less for every object).
    }

    /// The entries, in no particular order (removal moves the last one into the hole).
    private var entries = EntryChunks()
    /// The hash index: 0 for an empty slot, else `tag << 32 | (position in entries + 1)`.
    private var slots: [UInt64]
    private var mask: Int

    /// How many entries the table holds.
    var count: Int { entries.count }

    init(minimumCapacity: Int = 8) {
        var capacity = 16
        while capacity < minimumCapacity * 2 { capacity *= 2 }
        slots = Array(repeating: 0, count: capacity)
        mask = capacity - 1
    }

    /// The object stored for `key`, if any.
    subscript(key: ManagedObjectID) -> Unmanaged<ManagedObject>? {
        guard let found = find(key) else { return nil }
        return entries[found.position].value
    }

    /// Whether the table may hold a key with any of the precomputed hashes `hashes` (a key
    /// whose hash is not among them is certainly not held): compares 32 bits of the hash only.
    ///
    /// Asking this for a few dozen keys in one tight loop is much quicker than looking each key
    /// up between other work: the lookups read only the index, do not depend on one another and
    /// touch no reference count, so the processor fetches their slots from memory at the same
    /// time, and leaves them in its cache for the insertions that follow (see
    /// `ManagedObjectContext.appendObjects(for:to:batches:)`).
    func mayContainAny(ofHashes hashes: UnsafeBufferPointer<Int>) -> Bool {
        var found = false
        for hash in hashes {
            let tag = Self.tag(of: hash)
            var index = Int(tag) & mask
            while slots[index] != 0 {
                if Self.tag(ofSlot: slots[index]) == tag { found = true }
                index = (index + 1) & mask
            }
        }
        return found
    }

    /// Stores `value` for `key`, replacing what was there.
    mutating func set(_ value: Unmanaged<ManagedObject>, for key: ManagedObjectID) {
        if let found = find(key) {
            entries[found.position].value = value
            return
        }
        insertNew(value, for: key)
    }

    /// Stores `value` for `key`, which the table does not hold (the caller just looked).
    mutating func insertNew(_ value: Unmanaged<ManagedObject>, for key: ManagedObjectID) {
        if (entries.count + 1) * 2 > slots.count { resize(to: slots.count * 2) }
        let tag = Self.tag(of: key.identityHash)
        place(tag: tag, position: entries.count)
        entries.append(Entry(key: key, value: value))
    }

    /// Makes room for `capacity` entries in all, so adding that many does not grow the table
    /// step by step. Growing, the table at least doubles, so asking batch after batch costs no
    /// more than adding one by one.
    mutating func reserveCapacity(_ capacity: Int) {
        entries.reserveCapacity(capacity)
        var size = slots.count
        while size < capacity * 2 { size *= 2 }
        if size > slots.count { resize(to: size) }
    }

    /// Removes the entry of `key`, if any.
    mutating func remove(_ key: ManagedObjectID) {
        guard let found = find(key) else { return }
        remove(slot: found.slot, position: found.position)
    }

    /// Removes the entry of `key` if its object is the one at `address`.
    mutating func remove(_ key: ManagedObjectID, ifObjectAt address: UnsafeMutableRawPointer) {
        guard let found = find(key), entries[found.position].value.toOpaque() == address else { return }
        remove(slot: found.slot, position: found.position)
    }

    /// Removes every entry.
    mutating func removeAll() {
        self = ObjectTable()
    }

    /// Removes the newest entries while they hold, newest first, the objects `members` lists
    /// from its end (holes skipped), and returns the index in `members` where that run starts:
    /// every object listed from there on left the table this way.
    ///
    /// A cascade's members are registered in the order they are read and leave from the end of
    /// the list they were deleted in, so they are the newest entries, all of them. Taking them
    /// off the end and building the index again from its own slots reads the index once, in
    /// order, where emptying each entry's slot reads it at a random place per object (at a
    /// million objects, a cache miss each). Only references are compared: no object is read.
    mutating func removeNewestEntries(holding members: [ManagedObject?]) -> Int {
        var start = members.count
        var matched = 0
        members.withUnsafeBufferPointer { buffer in
            // An optional reference is one pointer, 0 for nil: read as a number, no object is
            // retained or read.
            let words = UnsafeRawBufferPointer(buffer)
            let stride = MemoryLayout<ManagedObject?>.stride
            while start > 0, matched < entries.count {
                let address = words.load(fromByteOffset: (start - 1) * stride, as: UInt.self)
                if address != 0 {
                    let newest = entries[entries.count - 1 - matched].value.toOpaque()
                    guard UInt(bitPattern: newest) == address else { break }
                    matched += 1
                }
                start -= 1
            }
        }
        removeNewest(matched)
        return start
    }

    /// Removes the `count` newest entries: one by one when they are few, else all at once with
    /// the index built again, at the size the entries left need.
    private mutating func removeNewest(_ count: Int) {
        guard count > 0 else { return }
        guard count * 4 >= entries.count else {
            for _ in 0..<count { remove(entries[entries.count - 1].key) }
            return
        }
        let remaining = entries.count - count
        entries.removeLast(count)
        let old = slots
        var capacity = 16
        while capacity < remaining * 2 { capacity *= 2 }
        slots = Array(repeating: 0, count: capacity)
        mask = capacity - 1
        for slot in old where slot != 0 && Self.position(ofSlot: slot) < remaining {
            place(tag: Self.tag(ofSlot: slot), position: Self.position(ofSlot: slot))
        }
    }

    /// Every stored object.
    var allValues: [Unmanaged<ManagedObject>] {
        entries.values
    }

    // MARK: - Probing

    /// 32 well-mixed bits of an ID's hash (Fibonacci hashing); their low bits pick the home slot.
    private static func tag(of hash: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: (UInt(bitPattern: hash) &* 0x9E37_79B9_7F4A_7C15) >> 32)
    }

    private static func tag(ofSlot slot: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: slot >> 32)
    }

    private static func position(ofSlot slot: UInt64) -> Int {
        Int(UInt32(truncatingIfNeeded: slot)) - 1
    }

    /// The index slot and entry position of `key`, if the table holds it.
    private func find(_ key: ManagedObjectID) -> (slot: Int, position: Int)? {
        let tag = Self.tag(of: key.identityHash)
        var index = Int(tag) & mask
        while true {
            let slot = slots[index]
            if slot == 0 { return nil }
            if Self.tag(ofSlot: slot) == tag {
                let position = Self.position(ofSlot: slot)
                if entries[position].key == key { return (index, position) }
            }
            index = (index + 1) & mask
        }
    }

    /// Puts the entry at `position` with mixed hash `tag` in the first free slot from its home.
    private mutating func place(tag: UInt32, position: Int) {
        var index = Int(tag) & mask
        while slots[index] != 0 { index = (index + 1) & mask }
        slots[index] = UInt64(tag) << 32 | UInt64(position + 1)
    }

    /// Removes the entry at `position`, whose index slot is `slot`.
    private mutating func remove(slot: Int, position: Int) {
        removeSlot(at: slot)
        let last = entries.count - 1
        if position != last {
            // The last entry moves into the hole; its index slot follows it.
            let moved = entries[last]
            let tag = Self.tag(of: moved.key.identityHash)
            var index = Int(tag) & mask
            while Self.position(ofSlot: slots[index]) != last { index = (index + 1) & mask }
            slots[index] = UInt64(tag) << 32 | UInt64(position + 1)
            entries[position] = moved
        }
        entries.removeLast()
    }

    /// Empties the index slot `index` and shifts back each following slot that may not stay
    /// behind the hole, so every entry stays reachable from its home without tombstones.
    private mutating func removeSlot(at index: Int) {
        var hole = index
        slots[hole] = 0
        var next = (hole + 1) & mask
        while slots[next] != 0 {
            let home = Int(Self.tag(ofSlot: slots[next])) & mask
            if (hole - home) & mask < (next - home) & mask {
                slots[hole] = slots[next]
                slots[next] = 0
                hole = next
            }
            next = (next + 1) & mask
        }
    }

    /// Rebuilds the index with `capacity` slots from the old one's slots, which hold each
    /// entry's hash and position: no entry or key is read.
    private mutating func resize(to capacity: Int) {
        let old = slots
        slots = Array(repeating: 0, count: capacity)
        mask = capacity - 1
        for slot in old where slot != 0 { place(tag: Self.tag(ofSlot: slot), position: Self.position(ofSlot: slot)) }
    }

    // MARK: - Entry storage

    /// The table's entries by position, in chunks of ``chunkSize``: appending never moves the
    /// entries already there. The first chunk grows like an array up to the chunk size (a small
    /// table costs no more than an array), every later one is made at the full size.
    private struct EntryChunks {
        /// How many entries a chunk holds (16 bytes each: 64 KiB a chunk).
        static let chunkSize = 4_096
        private static let chunkShift = 12
        private static let offsetMask = chunkSize - 1

        private var chunks: [[Entry]] = []
        /// How many entries there are.
        private(set) var count = 0

        /// The entry at `position` (less than ``count``).
        subscript(position: Int) -> Entry {
            get { chunks[position >> Self.chunkShift][position & Self.offsetMask] }
            set { chunks[position >> Self.chunkShift][position & Self.offsetMask] = newValue }
            _modify { yield &chunks[position >> Self.chunkShift][position & Self.offsetMask] }
        }

        /// Adds `entry` at position ``count``.
        mutating func append(_ entry: Entry) {
            let chunk = count >> Self.chunkShift
            if chunk == chunks.count {
                var fresh: [Entry] = []
                // A later chunk is made whole at once; the first grows as entries come.
                if chunk > 0 { fresh.reserveCapacity(Self.chunkSize) }
                chunks.append(fresh)
            }
            chunks[chunk].append(entry)
            count += 1
        }

        /// Removes the entry at position ``count`` - 1 (there must be one).
        mutating func removeLast() {
            count -= 1
            let chunk = count >> Self.chunkShift
            chunks[chunk].removeLast()
            if chunks[chunk].isEmpty { chunks.removeLast() }
        }

        /// Removes the `removed` entries at the end (at most ``count``), and the chunks they
        /// leave empty.
        mutating func removeLast(_ removed: Int) {
            count -= removed
            let chunksLeft = (count + Self.chunkSize - 1) >> Self.chunkShift
            chunks.removeLast(chunks.count - chunksLeft)
            if chunksLeft > 0 {
                let last = chunksLeft - 1
                chunks[last].removeLast(chunks[last].count - (count - (last << Self.chunkShift)))
            }
        }

        /// Makes room for `capacity` entries: the first chunk's share (later chunks are made
        /// whole anyway), and room for the chunks themselves.
        mutating func reserveCapacity(_ capacity: Int) {
            let wanted = min(capacity, Self.chunkSize)
            if chunks.isEmpty { chunks.append([]) }
            if wanted > chunks[0].capacity {
                chunks[0].reserveCapacity(max(wanted, min(2 * chunks[0].capacity, Self.chunkSize)))
            }
            chunks.reserveCapacity((capacity + Self.chunkSize - 1) >> Self.chunkShift)
        }

        /// The objects of the entries, in position order.
        var values: [Unmanaged<ManagedObject>] {
            var result: [Unmanaged<ManagedObject>] = []
            result.reserveCapacity(count)
            for chunk in chunks {
                for entry in chunk { result.append(entry.value) }
            }
            return result
        }
    }
}
