/// The values of an object's stored properties (attributes, and to-one destinations as
/// ``ManagedObjectID``s), read and written by property name like a dictionary (absent = nil).
///
/// Storing them in a `[String: Any]` per object made every fetched row hash each property name
/// to build its dictionary, and every read hash it again. Here the names live once per entity
/// (or per read plan) in a shared `PropertySlotLayout`, and the values sit in its order in a
/// `ValueRows` storage, filled by position: a store writes a fetch's rows into a few shared
/// chunks, and a value set names its chunk and the first slot of its row. Copies share the
/// storage; a write copies the row first unless nothing else holds it (copy on write). A name
/// the layout does not know (a transient attribute set on a fetched object) goes to a small
/// dictionary kept with the storage.
///
/// ```swift
/// row.values["name"] as? String     // "Up"
/// ```
public struct PropertyValues: @unchecked Sendable {
    /// The slots (and values by name) these values are in; nil for no values at all.
    private var storage: ValueRows?
    /// The first slot of this row in ``storage``. (32 bits: with the reference it keeps a value
    /// set at 12 bytes, which lets an object's flags share its last word.)
    private var firstSlot: UInt32

    /// No values.
    public init() {
        storage = nil
        firstSlot = 0
    }

    /// The values of `dictionary`, keyed by property name.
    public init(_ dictionary: [String: Any]) {
        storage = dictionary.isEmpty ? nil : ValueRows.oneRow(layout: nil, extra: dictionary) { _, _ in }
        firstSlot = 0
    }

    /// Empty values laid out by `layout`.
    init(layout: PropertySlotLayout) {
        storage = ValueRows.oneRow(layout: layout) { slots, width in slots.initialize(repeating: .none, count: width) }
        firstSlot = 0
    }

    /// The values of `values` (values set on an object before it joined a context), laid out by `layout`.
    init(layout: PropertySlotLayout, copying values: PropertyValues) {
        guard values.layout !== layout else {
            self = values
            return
        }
        self.init(layout: layout)
        for (name, value) in values.dictionary { self[name] = value }
    }

    /// Values laid out by `layout`, given in its order (`slots` has one value per name of it).
    init(layout: PropertySlotLayout, slots: [Any?]) {
        storage = ValueRows.oneRow(layout: layout) { destination, width in
            slots.withUnsafeBufferPointer { source in
                for slot in 0..<width {
                    (destination + slot).initialize(to: slot < source.count ? SlotValue(source[slot]) : .none)
                }
            }
        }
        firstSlot = 0
    }

    /// The row starting at slot `firstSlot` of `storage` (see ``ValueRowsWriter``).
    init(storage: ValueRows, firstSlot: Int) {
        self.storage = storage
        self.firstSlot = UInt32(truncatingIfNeeded: firstSlot)
    }

    /// Where each property's value sits; nil for values built from a dictionary (or none).
    var layout: PropertySlotLayout? { storage?.layout }

    /// The value of the property `name`, or nil.
    public subscript(name: String) -> Any? {
        get {
            guard let storage else { return nil }
            if let slot = storage.layout?.slot(of: name) { return self[slot: slot] }
            return storage.hasNoExtra ? nil : storage.extra[name]
        }
        set {
            if let slot = layout?.slot(of: name) {
                self[slot: slot] = newValue
            } else {
                makeUnique()
                storage.unsafelyUnwrapped.extra[name] = newValue
            }
        }
    }

    /// The value in slot `slot` of the layout.
    subscript(slot slot: Int) -> Any? {
        get { self[slotValue: slot].value }
        set { self[slotValue: slot] = SlotValue(newValue) }
    }

    /// The value in slot `slot` of the layout, as stored.
    subscript(slotValue slot: Int) -> SlotValue {
        get {
            storage.unsafelyUnwrapped.withUnsafeMutablePointerToElements { $0[Int(firstSlot) + slot] }
        }
        set {
            makeUnique()
            storage.unsafelyUnwrapped.withUnsafeMutablePointerToElements { $0[Int(firstSlot) + slot] = newValue }
        }
    }

    /// Makes ``storage`` held by these values alone, copying the row (and the values by name)
    /// when anything else holds it, or making empty storage when there is none.
    private mutating func makeUnique() {
        guard storage != nil else {
            storage = ValueRows.oneRow(layout: nil) { _, _ in }
            return
        }
        if isKnownUniquelyReferenced(&storage) { return }
        let shared = storage.unsafelyUnwrapped
        let first = Int(firstSlot)
        storage = ValueRows.oneRow(layout: shared.layout, extra: shared.extra) { destination, width in
            shared.withUnsafeMutablePointerToElements { source in
                // Slot by slot: `initialize(from:count:)` copies through the runtime's generic
                // array copy, which calls the enum's value witness for each slot; this loop is
                // the slot's own copy, a switch that retains only what a case holds.
                for offset in 0..<width { (destination + offset).initialize(to: source[first + offset]) }
            }
        }
        firstSlot = 0
    }

    /// Calls `body` with this row's slots.
    private func withSlots<Result>(_ body: (UnsafeBufferPointer<SlotValue>) -> Result) -> Result {
        guard let storage, let width = storage.layout?.width else {
            return body(UnsafeBufferPointer(start: nil, count: 0))
        }
        let first = Int(firstSlot)
        return storage.withUnsafeMutablePointerToElements { body(UnsafeBufferPointer(start: $0 + first, count: width)) }
    }

    /// Whether these are a row's values the coordinator's row cache still holds for its ID (see
    /// ``ValueRows/holdsRowsTheRowCacheHolds``); false for values with no storage. Asked under
    /// the coordinator's lock.
    var areHeldByRowCache: Bool {
        storage?.holdsRowsTheRowCacheHolds ?? false
    }

    /// Records that the row cache was given these values (under the coordinator's lock).
    func markRemembered() {
        storage?.markRemembered()
    }

    /// Records that the row cache let go of these values (under the coordinator's lock).
    func markSuperseded() {
        storage?.markSuperseded()
    }

    /// Whether these values and `other` share one storage (a copy not written to since).
    func slotsAreShared(with other: PropertyValues) -> Bool {
        storage === other.storage && firstSlot == other.firstSlot
    }

    /// The object ID in slot `slot` (a to-one destination's), or nil when the slot holds none.
    ///
    /// A slot holding an ID as stores put it there is read by a switch; an ID stored boxed some
    /// other way takes a cast.
    func objectID(inSlot slot: Int) -> ManagedObjectID? {
        self[slotValue: slot].objectID
    }

    /// Whether slot `slot` holds the ID whose identity is `identity` (the same instance, as a store
    /// puts it there), found by looking at the slot in place: nothing is copied, retained or
    /// released. The caller keeps that ID alive, so no other object can have its identity.
    func holdsObjectID(withIdentity identity: ObjectIdentifier, inSlot slot: Int) -> Bool {
        storage.unsafelyUnwrapped.withUnsafeMutablePointerToElements { slots in
            guard case .objectID(let held) = slots[Int(firstSlot) + slot] else { return false }
            return ObjectIdentifier(held) == identity
        }
    }

    /// Whether these are the values of ``init()``: no layout, no slots and no values by name.
    var isEmptyWithoutLayout: Bool {
        guard let storage else { return true }
        return storage.layout == nil && storage.extra.isEmpty
    }

    /// Whether no property has a value.
    public var isEmpty: Bool {
        (storage?.hasNoExtra ?? true) && withSlots { $0.allSatisfy(\.isNone) }
    }

    /// The names of the properties that have a value.
    public var keys: [String] {
        var names = storage?.extra.keys.map { $0 } ?? []
        if let layout {
            withSlots { slots in
                for (slot, value) in slots.enumerated() where !value.isNone { names.append(layout.names[slot]) }
            }
        }
        return names
    }

    /// The values as a dictionary, keyed by property name.
    public var dictionary: [String: Any] {
        var result = storage?.extra ?? [:]
        if let layout {
            withSlots { slots in
                for (slot, value) in slots.enumerated() {
                    if let value = value.value { result[layout.names[slot]] = value }
                }
            }
        }
        return result
    }
}

/// The names of a set of properties and the slot each one's value takes in ``PropertyValues``.
///
/// Made once per entity (objects) or per read plan (rows) and shared by every value set laid out
/// by it, so a value set costs one array, not one dictionary of names.
final class PropertySlotLayout: @unchecked Sendable {
    /// The property names, in slot order.
    let names: [String]
    /// How many names (slots) the layout has.
    let width: Int
    /// The UTF-8 length of each name (a cheap first test when scanning for a name).
    private let nameLengths: [Int]
    /// The bits of each name's `String` value, for the first test of ``slot(of:)``.
    private let nameBits: [StringBits]
    private let slotByName: [String: Int]
    /// What each slot holds for every object laid out by this layout (see ``kind(ofSlot:)``).
    private let kinds: [SlotKind]
    /// The attribute or to-one relationship in each slot, for the layout of an entity's objects
    /// (empty for a read plan's layout): lets a write find the property and its slot with one
    /// name lookup.
    let propertyDescriptions: [PropertyDescription]

    /// What a slot holds for every object using a layout, so a read by name may skip the entity.
    enum SlotKind {
        /// An attribute of every object using the layout.
        case attribute
        /// A to-one relationship of every object using the layout (the slot holds its
        /// destination's ID; the object holds the destination itself).
        case toOne
        /// Not known for every object (rows of several entities share the layout).
        case unknown
    }

    /// A layout of `names`, in that order (names must be distinct); `attributes` are the names of
    /// attributes, and `toOnes` the names of to-one relationships, that every object using the
    /// layout has (so a read may skip the entity's lookup); `propertyDescriptions` are the
    /// properties by slot, for an entity's layout.
    init(
        names: [String], attributes: Set<String> = [], toOnes: Set<String> = [],
        propertyDescriptions: [PropertyDescription] = []
    ) {
        self.names = names
        width = names.count
        nameLengths = names.map(\.utf8.count)
        nameBits = StringBits.areReadable ? names.map(StringBits.init) : []
        self.propertyDescriptions = propertyDescriptions
        var slots: [String: Int] = [:]
        for (slot, name) in names.enumerated() where slots[name] == nil { slots[name] = slot }
        slotByName = slots
        kinds = names.map { attributes.contains($0) ? .attribute : toOnes.contains($0) ? .toOne : .unknown }
    }

    /// What slot `slot` holds for every object using the layout.
    func kind(ofSlot slot: Int) -> SlotKind {
        kinds[slot]
    }

    /// The slot of the property `name`, or nil when the layout has none.
    ///
    /// Every `value(forKey:)` of a loaded object asks this; the common case is a loop of plain
    /// comparisons: the key's `String` bits against each name's. Equal bits are equal strings, and a key written as a literal is
    /// a small string with exactly the bits of the model's name when the name has at most 15
    /// UTF-8 bytes. A name found no other way (a longer one, held in other storage) is looked up
    /// by its characters.
    @inline(__always)
    func slot(of name: String) -> Int? {
        slot(matchingBitsOf: name) ?? slotComparingCharacters(of: name)
    }

    /// The slot of the name whose `String` bits are `name`'s, and what it holds; nil when there is
    /// none (which does not mean the layout has no such name, see ``slot(of:)``).
    ///
    /// Only loads and comparisons, no call: a caller that read the layout from an object's state
    /// need not retain it around this.
    @inline(__always)
    func slotAndKind(matchingBitsOf name: String) -> (slot: Int, kind: SlotKind)? {
        guard let slot = slot(matchingBitsOf: name) else { return nil }
        return (slot, kinds[slot])
    }

    @inline(__always)
    private func slot(matchingBitsOf name: String) -> Int? {
        guard StringBits.areReadable else { return nil }
        let bits = StringBits(name)
        return nameBits.withUnsafeBufferPointer { candidates in candidates.firstIndex(of: bits) }
    }

    /// ``slot(of:)`` by comparing names as strings (or hashing, for a layout of many names).
    private func slotComparingCharacters(of name: String) -> Int? {
        // A few short names are compared rather than hashed: property names are small strings,
        // compared in place, and only those of the same length at all.
        guard names.count <= Self.scannedNameCount else { return slotByName[name] }
        let length = name.utf8.count
        for slot in names.indices where nameLengths[slot] == length && names[slot] == name { return slot }
        return nil
    }

    /// Layouts with at most this many names find a name by scanning them.
    private static let scannedNameCount = 8
}

/// The sixteen bytes of a `String` value as two words: what ``PropertySlotLayout/slot(of:)``
/// compares first. Two strings with equal bits are equal (the same small-string bytes, count and
/// flags, or the same storage); equal strings may still differ in bits (a long one held twice).
struct StringBits: Equatable {
    /// The first word of the string's value.
    let low: UInt64
    /// The second word of the string's value.
    let high: UInt64

    /// Whether a `String` is the size of two words here, so its bits can be read (64-bit platforms).
    static var areReadable: Bool { MemoryLayout<String>.size == MemoryLayout<StringBits>.size }

    /// The bits of `string` (only where ``areReadable``). The string keeps its references: the
    /// bits are a copy that retains nothing.
    init(_ string: String) {
        self = unsafeBitCast(string, to: StringBits.self)
    }
}
