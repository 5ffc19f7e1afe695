/// One allocation holding the value slots of one or more rows laid out by one
/// ``PropertySlotLayout``, row after row: the storage behind ``PropertyValues``.
///
/// A fetch writes its rows into a few shared chunks (see ``ValueRowsWriter``) rather than one
/// array per row: 100,000 fetched movies cost about 60 allocations for their values instead of
/// 100,000, and each row only its slots (no array header, no malloc rounding). A value set names
/// its chunk and the first slot of its row; a write to it first copies the row into storage of
/// its own unless no other value set holds the chunk (copy on write, as an array does).
///
/// Slots `0..<count` are initialized; the rest of the capacity is not.
final class ValueRows: ManagedBuffer<ValueRows.Header, SlotValue> {
    /// What the chunk records besides its slots.
    struct Header {
        /// The layout of every row in the chunk; nil for values made from a dictionary.
        let layout: PropertySlotLayout?
        /// How many slots from the start are initialized (a chunk holds at most
        /// ``ValueRowsWriter/largestChunkSlots``; 32 bits leave room for the two marks below
        /// without growing the header).
        var count: Int32
        /// Whether the coordinator's row cache was given a row of this storage (see
        /// ``ValueRows/holdsRowsTheRowCacheHolds``).
        var wasRemembered = false
        /// Whether the row cache let go of a row of this storage since (replaced, forgotten or
        /// pushed out by newer rows).
        var wasSuperseded = false
        /// Values of names the layout does not have. Only ever non-empty in storage that one value
        /// set (and copies of it) holds: it is written only through a uniquely held reference.
        var extra: [String: Any]
    }

    /// Storage for one row laid out by `layout`, its slots filled by `fill` (which must initialize
    /// exactly the layout's width), with `extra` values by name.
    static func oneRow(
        layout: PropertySlotLayout?, extra: [String: Any] = Dictionary(),
        fill: (UnsafeMutablePointer<SlotValue>, Int) -> Void
    ) -> ValueRows {
        let width = layout?.width ?? 0
        let storage = unsafeDowncast(
            create(minimumCapacity: width) { _ in Header(layout: layout, count: 0, extra: extra) }, to: ValueRows.self)
        storage.withUnsafeMutablePointers { header, slots in
            fill(slots, width)
            header.pointee.count = Int32(truncatingIfNeeded: width)
        }
        return storage
    }

    /// An empty chunk with room for `capacity` slots of rows laid out by `layout`.
    static func chunk(layout: PropertySlotLayout, capacity: Int) -> ValueRows {
        unsafeDowncast(
            create(minimumCapacity: capacity) { _ in Header(layout: layout, count: 0, extra: Dictionary()) },
            to: ValueRows.self)
    }

    // The header is read and written through its pointer: as a class's stored property,
    // `header` would be checked for exclusive access at run time on every read.

    /// The layout of every row in the storage.
    var layout: PropertySlotLayout? {
        @inline(__always) get { withUnsafeMutablePointerToHeader { $0.pointee.layout } }
    }

    /// How many slots from the start are initialized.
    var count: Int {
        @inline(__always) get { withUnsafeMutablePointerToHeader { Int($0.pointee.count) } }
    }

    /// Whether every row of this storage the row cache was given is still there: it was given
    /// one, and has let go of none since. Asked and marked under the coordinator's lock.
    ///
    /// A fault made from a fetched row keeps the row's values (see
    /// `ObjectState.becomeFault(keeping:)`); while its storage answers true, the row cache holds
    /// that same row for the fault's ID, so firing the fault from what it kept reads what the
    /// cache would give. A storage of its own (a copy made on a write) was never given to the
    /// cache, and answers false.
    var holdsRowsTheRowCacheHolds: Bool {
        withUnsafeMutablePointerToHeader { $0.pointee.wasRemembered && !$0.pointee.wasSuperseded }
    }

    /// Records that the row cache was given a row of this storage.
    func markRemembered() {
        withUnsafeMutablePointerToHeader { $0.pointee.wasRemembered = true }
    }

    /// Records that the row cache let go of a row of this storage: for every row of it (the
    /// storage is shared by the rows of a fetch), firing a fault looks the row cache up again.
    func markSuperseded() {
        withUnsafeMutablePointerToHeader { $0.pointee.wasSuperseded = true }
    }

    /// Values of names the layout does not have (see ``Header/extra``).
    var extra: [String: Any] {
        @inline(__always) get { withUnsafeMutablePointerToHeader { $0.pointee.extra } }
        @inline(__always) set { withUnsafeMutablePointerToHeader { $0.pointee.extra = newValue } }
    }

    /// Whether ``extra`` holds no value.
    var hasNoExtra: Bool {
        @inline(__always) get { withUnsafeMutablePointerToHeader { $0.pointee.extra.isEmpty } }
    }

    deinit {
        _ = withUnsafeMutablePointers { header, slots in slots.deinitialize(count: Int(header.pointee.count)) }
    }
}

/// Writes the rows of one fetch into shared ``ValueRows`` chunks, a row at a time.
///
/// Chunks start at one row and double up to ``largestChunkSlots``, so a fetch of one row costs
/// one small allocation and a fetch of 100,000 a few dozen; the unused tail of a fetch's last
/// chunk (at most half of it) is the price. A chunk is only appended to here, past the slots
/// already handed out, so no value set can see the writes.
struct ValueRowsWriter {
    /// The chunk rows are written into now.
    private var chunk: ValueRows?
    /// How many slots ``chunk`` has room for.
    private var capacity = 0
    /// The first slot of the row being written.
    private var rowStart = 0
    /// The number of rows the next chunk takes.
    private var nextChunkRows = 1

    /// Chunks hold at most this many slots (48 KiB of ``SlotValue``), so one surviving object keeps a
    /// bounded amount of its fetch alive and a chunk stays below malloc's mmap threshold.
    static let largestChunkSlots = 2_048

    /// Starts a row laid out by `layout`, making room for its slots.
    @inline(__always)
    mutating func beginRow(layout: PropertySlotLayout) {
        let width = layout.width
        if let chunk, chunk.layout === layout, chunk.count + width <= capacity {
            rowStart = chunk.count
            return
        }
        startChunk(layout: layout, width: width)
    }

    private mutating func startChunk(layout: PropertySlotLayout, width: Int) {
        let rows = max(1, min(nextChunkRows, Self.largestChunkSlots / max(width, 1)))
        nextChunkRows = rows * 2
        capacity = rows * width
        chunk = ValueRows.chunk(layout: layout, capacity: capacity)
        rowStart = 0
    }

    /// Writes the next slot of the row begun last.
    @inline(__always)
    mutating func append(_ value: SlotValue) {
        chunk.unsafelyUnwrapped.withUnsafeMutablePointers { header, slots in
            (slots + Int(header.pointee.count)).initialize(to: value)
            header.pointee.count += 1
        }
    }

    /// The values of the row begun last (every slot of its layout appended).
    @inline(__always)
    mutating func endRow() -> PropertyValues {
        PropertyValues(storage: chunk.unsafelyUnwrapped, firstSlot: rowStart)
    }
}
