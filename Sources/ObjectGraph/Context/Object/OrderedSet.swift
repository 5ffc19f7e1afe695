/// A collection of unique elements that keeps the order they were added in: the value of an
/// ordered to-many relationship (Core Data's `NSOrderedSet`).
///
/// ```swift
/// var set: OrderedSet = ["a", "b"]
/// set.append("a")            // no effect: already there
/// set.insert("c", at: 0)     // ["c", "a", "b"]
/// ```
public struct OrderedSet<Element: Hashable>: RandomAccessCollection, Hashable, ExpressibleByArrayLiteral {
    /// The elements in order.
    public private(set) var elements: [Element] = []
    private var members: Set<Element> = []

    /// An empty ordered set.
    public init() {}

    /// The distinct elements of `sequence`, each at its first position.
    public init<S: Sequence>(_ sequence: S) where S.Element == Element {
        for element in sequence { append(element) }
    }

    /// The elements of `elements`, which are distinct (not checked): the array is kept as it
    /// is, not copied element by element (a to-many relationship's members read from the store).
    init(distinctElements elements: [Element]) {
        self.elements = elements
        members = Set(minimumCapacity: elements.count)
        for element in elements { members.insert(element) }
    }

    /// The distinct elements listed, each at its first position.
    public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }

    /// The position of the first element.
    public var startIndex: Int { elements.startIndex }
    /// The position after the last element.
    public var endIndex: Int { elements.endIndex }

    /// The element at `position`.
    public subscript(position: Int) -> Element { elements[position] }

    /// Whether `element` is in the set (constant time).
    public func contains(_ element: Element) -> Bool { members.contains(element) }

    /// The position of `element`, or nil when it is not in the set.
    public func firstIndex(of element: Element) -> Int? {
        members.contains(element) ? elements.firstIndex(of: element) : nil
    }

    /// Adds `element` at the end unless it is already there; returns whether it was added.
    @discardableResult
    public mutating func append(_ element: Element) -> Bool {
        guard members.insert(element).inserted else { return false }
        elements.append(element)
        return true
    }

    /// Inserts `element` at `index` (clamped to the valid range) unless it is already there;
    /// returns whether it was inserted.
    @discardableResult
    public mutating func insert(_ element: Element, at index: Int) -> Bool {
        guard members.insert(element).inserted else { return false }
        elements.insert(element, at: Swift.min(Swift.max(index, 0), elements.count))
        return true
    }

    /// Removes `element`; returns whether it was there.
    @discardableResult
    public mutating func remove(_ element: Element) -> Bool {
        guard members.remove(element) != nil, let index = elements.firstIndex(of: element) else { return false }
        elements.remove(at: index)
        return true
    }

    /// Removes and returns the element at `index`.
    @discardableResult
    public mutating func remove(at index: Int) -> Element {
        let element = elements.remove(at: index)
        members.remove(element)
        return element
    }

    /// Makes room for `minimumCapacity` elements, so adding that many does not grow the storage
    /// step by step (a to-many relationship read with thousands of members is filled at once).
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        elements.reserveCapacity(minimumCapacity)
        members.reserveCapacity(minimumCapacity)
    }

    /// Removes every element.
    public mutating func removeAll() {
        elements.removeAll()
        members.removeAll()
    }

    /// Moves the element at `source` so it ends up at `destination`.
    public mutating func move(from source: Int, to destination: Int) {
        let element = elements.remove(at: source)
        elements.insert(element, at: Swift.min(Swift.max(destination, 0), elements.count))
    }

    /// The elements as an unordered set.
    public var set: Set<Element> { members }

    /// Two ordered sets are equal when they hold the same elements in the same order.
    public static func == (lhs: OrderedSet, rhs: OrderedSet) -> Bool { lhs.elements == rhs.elements }

    /// Hashes the elements in order.
    public func hash(into hasher: inout Hasher) { hasher.combine(elements) }
}

extension OrderedSet: Sendable where Element: Sendable {}

extension OrderedSet: CustomStringConvertible {
    /// The elements in order, like an array: `[a, b]`.
    public var description: String { elements.description }
}
