/// A small map from property names to values: an object's to-one destinations and loaded
/// to-many members by relationship name (see ``ObjectState``).
///
/// An object has a handful of relationships, and most have one or two: the first entry is
/// stored inline and the rest in a short array searched by comparing names (the same strings of
/// one model, compared by their bits first).
///
/// Reads and writes look like a dictionary's, and a value is edited in place
/// (`map["movies"]?.append(movie)` does not copy the members).
struct PropertyMap<Value>: Sequence, ExpressibleByDictionaryLiteral {
    /// One name and its value.
    typealias Element = (key: String, value: Value)

    /// The first entry, kept inline.
    private var head: Element?
    /// The other entries, in the order they were added.
    private var tail: [Element] = []

    /// An empty map.
    init() {}

    /// The entries listed (names must be distinct).
    init(dictionaryLiteral elements: (String, Value)...) {
        for (key, value) in elements { self[key] = value }
    }

    /// Whether the map has no entries.
    var isEmpty: Bool { head == nil }

    /// How many entries the map has.
    var count: Int { head == nil ? 0 : 1 + tail.count }

    /// The value for `key`, or nil. Setting nil removes the entry; a value is modified in place.
    subscript(key: String) -> Value? {
        get {
            guard let head else { return nil }
            if head.key == key { return head.value }
            for entry in tail where entry.key == key { return entry.value }
            return nil
        }
        _modify {
            // The value is taken out while the caller edits it, so it is uniquely referenced and
            // edited in place, not copied.
            var value = removeValue(forKey: key)
            defer { if let value { insertNew(value, forKey: key) } }
            yield &value
        }
    }

    /// `body` applied to the value for `key` (lent, not copied), or nil when there is none.
    func withValue<Result>(forKey key: String, _ body: (Value) -> Result) -> Result? {
        guard let head else { return nil }
        if head.key == key { return body(head.value) }
        for entry in tail where entry.key == key { return body(entry.value) }
        return nil
    }

    /// Removes the entry for `key` and returns its value, or nil when there was none.
    @discardableResult
    mutating func removeValue(forKey key: String) -> Value? {
        guard let current = head else { return nil }
        if current.key == key {
            head = tail.isEmpty ? nil : tail.removeLast()
            return current.value
        }
        guard let index = tail.firstIndex(where: { $0.key == key }) else { return nil }
        return tail.remove(at: index).value
    }

    /// Adds an entry for `key`, which the map does not have (the caller just removed or looked).
    private mutating func insertNew(_ value: Value, forKey key: String) {
        if head == nil {
            head = (key, value)
        } else {
            tail.append((key, value))
        }
    }

    /// Removes every entry.
    mutating func removeAll() {
        head = nil
        tail = []
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

    /// The entries, first the inline one, then the others.
    func makeIterator() -> IndexingIterator<[Element]> {
        var entries: [Element] = []
        if let head {
            entries.reserveCapacity(1 + tail.count)
            entries.append(head)
            entries += tail
        }
        return entries.makeIterator()
    }
}
