/// A small map from property names to values: an object's to-one destinations and loaded
/// to-many members by relationship name (see ``ObjectState``).
///
/// An object has a handful of relationships, and most have one or two: a map of one entry holds
/// it inline, and a longer one keeps its entries in a short array searched by comparing names (the
/// same strings of one model, compared by their bits first). How the entries are laid out is
/// `Entries` (see ``PropertyMapEntries``): ``ToOneMap``'s take 24 bytes in every object.
///
/// Reads and writes look like a dictionary's, and a value is edited in place
/// (`map["movies"]?.append(movie)` does not copy the members).
struct PropertyMap<Entries: PropertyMapEntries>: Sequence, ExpressibleByDictionaryLiteral {
    /// The type of the map's values.
    typealias Value = Entries.Value
    /// One name and its value.
    typealias Element = (key: String, value: Value)

    /// The entries; nil when there are none.
    private var entries: Entries?

    /// An empty map.
    init() {}

    /// The entries listed (names must be distinct).
    init(dictionaryLiteral elements: (String, Value)...) {
        for (key, value) in elements { self[key] = value }
    }

    /// Whether the map has no entries.
    var isEmpty: Bool { entries == nil }

    /// How many entries the map has.
    var count: Int {
        switch entries?.shape {
        case nil: 0
        case .one: 1
        case .many(let list): list.count
        }
    }

    /// The value for `key`, or nil. Setting nil removes the entry; a value is modified in place.
    subscript(key: String) -> Value? {
        get { entries?.value(forKey: key) }
        _modify {
            // The value is taken out while the caller edits it, so it is uniquely referenced and
            // edited in place, not copied.
            var value = removeValue(forKey: key)
            defer { if let value { insertNew(value, forKey: key) } }
            yield &value
        }
    }

    /// `body` applied to the value for `key`, or nil when there is none.
    func withValue<Result>(forKey key: String, _ body: (Value) -> Result) -> Result? {
        switch entries?.shape {
        case nil:
            return nil
        case .one(let value, let onlyKey):
            return onlyKey == key ? body(value) : nil
        case .many(let list):
            for entry in list where entry.key == key { return body(entry.value) }
            return nil
        }
    }

    /// `body` applied in place to the value for `key`; nil, with nothing added, when there is
    /// none. Unlike the subscript's `?.` edit, the entry stays where it is: only the entries are
    /// taken out while `body` runs (so the value is uniquely referenced), not the one entry
    /// removed from them and added back.
    mutating func modifyValue<Result>(forKey key: String, _ body: (inout Value) -> Result) -> Result? {
        // Switched on as it is taken out, never bound first: a binding would hold a second
        // reference to the value while `body` edits it, which would then copy it.
        switch entries.take()?.intoShape() {
        case nil:
            return nil
        case .one(var value, let onlyKey):
            defer { entries = Entries(.one(value, key: onlyKey)) }
            guard onlyKey == key else { return nil }
            return body(&value)
        case .many(var list):
            defer { entries = Entries(.many(list)) }
            guard let index = list.firstIndex(where: { $0.key == key }) else { return nil }
            return body(&list[index].value)
        }
    }

    /// Removes the entry for `key` and returns its value, or nil when there was none.
    @discardableResult
    mutating func removeValue(forKey key: String) -> Value? {
        guard entries != nil else { return nil }
        // The entries are taken out (the map is empty meanwhile) and put back changed: moved,
        // so a list of entries is uniquely referenced and changed in place.
        switch entries.take()?.intoShape() {
        case nil:
            return nil
        case .one(let value, let onlyKey):
            guard onlyKey == key else {
                entries = Entries(.one(value, key: onlyKey))
                return nil
            }
            return value
        case .many(var list):
            guard let index = list.firstIndex(where: { $0.key == key }) else {
                entries = Entries(.many(list))
                return nil
            }
            let removed = list.remove(at: index)
            entries = Self.entries(of: list)
            return removed.value
        }
    }

    /// Adds an entry for `key`, which the map does not have (the caller just removed or looked,
    /// or emptied the map): no search for an entry to replace.
    mutating func insertNew(_ value: Value, forKey key: String) {
        guard entries != nil else {
            // The common case (an object's first to-one), without taking anything apart.
            entries = Entries(.one(value, key: key))
            return
        }
        switch entries.take()?.intoShape() {
        case nil:
            entries = Entries(.one(value, key: key))
        case .one(let onlyValue, let onlyKey):
            entries = Entries(.many([(onlyKey, onlyValue), (key, value)]))
        case .many(var list):
            list.append((key, value))
            entries = Entries(.many(list))
        }
    }

    /// The entries holding `list`, in its shortest form.
    private static func entries(of list: [Element]) -> Entries? {
        switch list.count {
        case 0: nil
        case 1: Entries(.one(list[0].value, key: list[0].key))
        default: Entries(.many(list))
        }
    }

    /// Removes every entry.
    mutating func removeAll() {
        entries = nil
    }

    /// The entries for which `isIncluded` is true.
    func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> PropertyMap {
        var result = PropertyMap()
        for entry in self where try isIncluded(entry) { result.insertNew(entry.value, forKey: entry.key) }
        return result
    }

    /// Adds the entries of `other`; where both have a name, `combine` picks the value (it gets
    /// this map's value first).
    mutating func merge(_ other: PropertyMap, uniquingKeysWith combine: (Value, Value) -> Value) {
        for (key, value) in other {
            if let current = self[key] {
                self[key] = combine(current, value)
            } else {
                insertNew(value, forKey: key)
            }
        }
    }

    /// The names that have entries.
    var keys: [String] { map(\.key) }

    /// The entries, in the order they were added (an entry edited through the subscript moves to
    /// the end).
    func makeIterator() -> IndexingIterator<[Element]> {
        switch entries?.shape {
        case nil: [].makeIterator()
        case .one(let value, let key): [(key, value)].makeIterator()
        case .many(let list): list.makeIterator()
        }
    }
}

/// An object's to-one destinations by relationship name.
typealias ToOneMap = PropertyMap<DestinationEntries>

/// An object's to-many members by relationship name.
typealias ToManyMap = PropertyMap<PropertyMapShape<OrderedSet<ManagedObject>>>

/// A ``PropertyMap`` of any type of value, its entries laid out as ``PropertyMapShape``.
typealias ValueMap<Value> = PropertyMap<PropertyMapShape<Value>>
