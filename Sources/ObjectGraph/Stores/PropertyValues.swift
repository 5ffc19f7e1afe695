/// The values of an object's stored properties (attributes, and to-one destinations as
/// ``ManagedObjectID``s), read and written by property name like a dictionary (absent = nil).
///
/// Storing them in a `[String: Any]` per object made every fetched row hash each property name
/// to build its dictionary, and every read hash it again. Here the names live once per entity
/// (or per read plan) in a shared `PropertySlotLayout`, and each object holds only an array of
/// values in the layout's order, filled by position: a store reads a row straight into its
/// slots, and objects share the row's array (copy on write). A name the layout does not know (a
/// transient attribute set on a fetched object) goes to a small dictionary beside the slots.
///
/// ```swift
/// row.values["name"] as? String     // "Up"
/// ```
public struct PropertyValues: @unchecked Sendable {
    /// Where each property's value sits in ``slots``; nil for values built from a dictionary.
    private(set) var layout: PropertySlotLayout?
    /// The values in the layout's order (nil = no value).
    private(set) var slots: [Any?]
    /// Values of names the layout does not have. (`Dictionary()`, not `[:]`: the literal called a
    /// non-inlined initializer for every value set made, one per fetched row.)
    private var extra = [String: Any]()

    /// No values.
    public init() {
        layout = nil
        slots = []
    }

    /// The values of `dictionary`, keyed by property name.
    public init(_ dictionary: [String: Any]) {
        layout = nil
        slots = []
        extra = dictionary
    }

    /// Empty values laid out by `layout`.
    init(layout: PropertySlotLayout) {
        self.layout = layout
        slots = Array(repeating: nil, count: layout.names.count)
    }

    /// The values of `values` (values set on an object before it joined a context), laid out by `layout`.
    init(layout: PropertySlotLayout, copying values: PropertyValues) {
        self.init(layout: layout)
        guard values.layout !== layout else {
            self = values
            return
        }
        for (name, value) in values.dictionary { self[name] = value }
    }

    /// Values laid out by `layout`, given in its order.
    init(layout: PropertySlotLayout, slots: [Any?]) {
        self.layout = layout
        self.slots = slots
    }

    /// The value of the property `name`, or nil.
    public subscript(name: String) -> Any? {
        get {
            if let slot = layout?.slot(of: name) { return slots[slot] }
            return extra.isEmpty ? nil : extra[name]
        }
        set {
            if let slot = layout?.slot(of: name) {
                slots[slot] = newValue
            } else {
                extra[name] = newValue
            }
        }
    }

    /// The value in slot `slot` of the layout.
    subscript(slot slot: Int) -> Any? {
        get { slots[slot] }
        set { slots[slot] = newValue }
    }

    /// Whether these values and `other` share one storage (a copy not written to since).
    func slotsAreShared(with other: PropertyValues) -> Bool {
        guard layout === other.layout, extra.isEmpty, other.extra.isEmpty else { return false }
        return slots.withUnsafeBufferPointer { mine in
            other.slots.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
        }
    }

    /// The object ID in slot `slot` (a to-one destination's), or nil when the slot holds none.
    ///
    /// A slot that holds an ID as stores put it there (an `Any` made from a `ManagedObjectID`) is
    /// recognized by the type it records (see ``objectIDReference(in:)``) rather than by an
    /// `as?` cast; anything else takes the cast.
    func objectID(inSlot slot: Int) -> ManagedObjectID? {
        slots.withUnsafeBufferPointer { buffer in
            let element = buffer.baseAddress.unsafelyUnwrapped + slot
            return Self.objectIDReference(in: element) ?? element.pointee as? ManagedObjectID
        }
    }

    /// The ID held by the value at `element` when its existential container records the type
    /// `ManagedObjectID`, without copying the value or calling the runtime's cast; nil otherwise.
    ///
    /// Swift's ABI lays out an `Any` as a three-word value buffer followed by the type metadata
    /// of the value (Swift's `TypeLayout.rst`, "Existential Containers"); a class instance is
    /// kept in the buffer's first word as its reference. `Optional<Any>` adds no tag: `nil` is a
    /// metadata word no type has. So when the fourth word is `ManagedObjectID`'s metadata, the
    /// first is the ID, borrowed from the slot. (`ManagedObjectID` is final, so boxing one always
    /// records exactly that type.) Layouts other than the four words this reads are left to the cast.
    static func objectIDReference(in element: UnsafePointer<Any?>) -> ManagedObjectID? {
        guard MemoryLayout<Any?>.size == 4 * MemoryLayout<UnsafeRawPointer>.size else { return nil }
        let words = UnsafeRawPointer(element)
        let metadata = words.load(fromByteOffset: 3 * MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer?.self)
        guard metadata == unsafeBitCast(ManagedObjectID.self, to: UnsafeRawPointer.self) else { return nil }
        return words.load(as: Unmanaged<ManagedObjectID>.self).takeUnretainedValue()
    }

    /// Whether these are the values of ``init()``: no layout, no slots and no values by name.
    var isEmptyWithoutLayout: Bool { layout == nil && slots.isEmpty && extra.isEmpty }

    /// Whether no property has a value.
    public var isEmpty: Bool { extra.isEmpty && !slots.contains { $0 != nil } }

    /// The names of the properties that have a value.
    public var keys: [String] {
        var names = extra.keys.map { $0 }
        if let layout {
            for (slot, value) in slots.enumerated() where value != nil { names.append(layout.names[slot]) }
        }
        return names
    }

    /// The values as a dictionary, keyed by property name.
    public var dictionary: [String: Any] {
        var result = extra
        if let layout {
            for (slot, value) in slots.enumerated() {
                if let value { result[layout.names[slot]] = value }
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
