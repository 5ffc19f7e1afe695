/// The two forms a ``PropertyMap``'s entries take: one entry inline, or two or more in a list.
enum PropertyMapShape<Value> {
    /// The map's only entry.
    case one(Value, key: String)
    /// Two or more entries, in the order they were added.
    case many([(key: String, value: Value)])
}

/// How a ``PropertyMap`` stores its entries for one type of value.
///
/// The map's logic is written once, over ``PropertyMapShape``, and each type of value may store
/// that shape its own way. It matters for the map in every object: Swift packs a non-generic
/// enum's case into spare bits of its payloads (the unused bits of an object reference), but a
/// generic enum such as ``PropertyMapShape`` gets a tag byte of its own, which the alignment of the
/// fields after it makes eight. ``DestinationEntries`` is the 24-byte form for to-one destinations.
protocol PropertyMapEntries {
    /// The type of the map's values.
    associatedtype Value
    /// Entries holding `shape`.
    init(_ shape: consuming PropertyMapShape<Value>)
    /// The entries, as one of the two shapes.
    var shape: PropertyMapShape<Value> { get }
    /// The entries turned into one of the two shapes: moved, not copied, so a map changing its
    /// entries retains and releases nothing.
    consuming func intoShape() -> PropertyMapShape<Value>
    /// The value for `key`, or nil, read without making a shape (an object's to-one read).
    func value(forKey key: String) -> Value?
}

extension PropertyMapShape {
    /// The value for `key` in the one or many entries, or nil.
    func value(forKey key: String) -> Value? {
        switch self {
        case .one(let value, let onlyKey): onlyKey == key ? value : nil
        case .many(let list): Self.value(forKey: key, in: list)
        }
    }

    /// The value for `key` in a list of two or more entries, or nil: the search every layout of
    /// the entries shares.
    static func value(forKey key: String, in list: [(key: String, value: Value)]) -> Value? {
        for entry in list where entry.key == key { return entry.value }
        return nil
    }
}

extension PropertyMapShape: PropertyMapEntries {
    /// Entries holding `shape`: the shape stores itself.
    init(_ shape: consuming PropertyMapShape<Value>) { self = shape }

    /// The entries, as they are.
    var shape: PropertyMapShape<Value> { self }

    /// The entries, as they are.
    consuming func intoShape() -> PropertyMapShape<Value> { self }
}

/// The entries of ``ToOneMap``: ``PropertyMapShape`` of to-one destinations, written out for
/// ``ManagedObject`` so the case is kept in the spare bits of the object reference (24 bytes,
/// against 25 and so 32 in an object's layout for the generic shape).
enum DestinationEntries: PropertyMapEntries {
    /// The only destination; the reference comes first, so its spare bits hold the case.
    case one(ManagedObject, key: String)
    /// Two or more destinations, in the order they were added.
    case many([(key: String, value: ManagedObject)])

    /// Entries holding `shape`.
    init(_ shape: consuming PropertyMapShape<ManagedObject>) {
        switch consume shape {
        case .one(let destination, let key): self = .one(destination, key: key)
        case .many(let list): self = .many(list)
        }
    }

    /// The entries, as one of the two shapes.
    var shape: PropertyMapShape<ManagedObject> { (copy self).intoShape() }

    /// The entries, as one of the two shapes.
    consuming func intoShape() -> PropertyMapShape<ManagedObject> {
        switch consume self {
        case .one(let destination, let key): .one(destination, key: key)
        case .many(let list): .many(list)
        }
    }

    /// The destination for `key`, or nil.
    func value(forKey key: String) -> ManagedObject? {
        switch self {
        case .one(let destination, let onlyKey): onlyKey == key ? destination : nil
        case .many(let list): PropertyMapShape.value(forKey: key, in: list)
        }
    }
}
