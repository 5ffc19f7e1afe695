/// The names of the properties an object changed since its last save or refresh
/// (``ObjectState/changedKeys``): a set of names, laid out for the few an object changes.
///
/// An object that changes at all mostly changes one or two properties (a cascade's delete nullifies
/// one to-one of each member), so the first name is held inline and the rest in a short list
/// searched by comparing names (the model's own strings, compared by their bits first). A
/// `Set<String>` allocated its storage and hashed the name on the first insertion: about a tenth
/// of what deleting a cascade's member cost besides SQLite.
struct ChangedKeys: Sequence, Equatable, ExpressibleByArrayLiteral {
    /// The first name inserted (and not removed since); nil when the set is empty.
    private var first: String?
    /// The other names, in the order they were inserted.
    private var others: [String] = []

    /// An empty set.
    init() {}

    /// The names listed (repeats count once).
    init(arrayLiteral names: String...) {
        self.init(names)
    }

    /// The names of `names` (repeats count once).
    init<Names: Sequence<String>>(_ names: Names) {
        for name in names { insert(name) }
    }

    /// The name inserted first (and not removed since); nil when the set is empty.
    var firstInserted: String? { first }

    /// Whether no name is in the set.
    var isEmpty: Bool { first == nil }

    /// How many names the set holds.
    var count: Int { first == nil ? 0 : 1 + others.count }

    /// The names as a `Set`.
    var set: Set<String> { Set(self) }

    /// Whether `name` is in the set.
    func contains(_ name: String) -> Bool {
        guard let first else { return false }
        return first == name || others.contains(name)
    }

    /// Adds `name` unless it is there already.
    mutating func insert(_ name: String) {
        guard let current = first else {
            first = name
            return
        }
        guard current != name, !others.contains(name) else { return }
        others.append(name)
    }

    /// Removes `name` if it is there.
    mutating func remove(_ name: String) {
        if first == name {
            first = others.isEmpty ? nil : others.removeFirst()
        } else if let index = others.firstIndex(of: name) {
            others.remove(at: index)
        }
    }

    /// The names of this set that are not in `names`.
    func subtracting(_ names: Set<String>) -> ChangedKeys {
        ChangedKeys(filter { !names.contains($0) })
    }

    /// The names of this set and of `names`.
    func union<Names: Sequence<String>>(_ names: Names) -> ChangedKeys {
        var result = self
        for name in names { result.insert(name) }
        return result
    }

    /// Whether both sets hold the same names, in whatever order they were inserted.
    static func == (left: ChangedKeys, right: ChangedKeys) -> Bool {
        left.count == right.count && left.allSatisfy { right.contains($0) }
    }

    /// The names, the first inserted first.
    func makeIterator() -> IndexingIterator<[String]> {
        guard let first else { return [].makeIterator() }
        return ([first] + others).makeIterator()
    }
}
