import Foundation

/// Reads key paths over objects, dictionaries and collections for the in-memory evaluator.
///
/// The rules are chosen so the in-memory result always equals what the SQL back end computes:
/// a key read over a collection maps every present element and flattens nested collections one level
/// (one row per element, as a JOIN gives), keeping nil values but skipping missing elements; reading
/// anything from nil gives nil.
enum PredicateKeyPathReader {
    /// Follows `components` from `root`, applying collection operators where they occur.
    static func value(of root: Any?, along components: ArraySlice<KeyPathComponent>) -> Any? {
        var current = root
        var index = components.startIndex
        while index < components.endIndex {
            switch components[index] {
            case .key(let key):
                current = value(of: current, forKey: key)
            case .collectionOperator(let op):
                let rest = components[(index + 1)...]
                let elements = PredicateCollection.elements(of: current) ?? []
                var values: [Any?] = []
                if rest.isEmpty || op == .count {
                    values = elements
                } else {
                    for element in elements {
                        let value = self.value(of: element, along: rest)
                        if let nested = PredicateCollection.elements(of: value) {
                            values.append(contentsOf: nested)
                        } else {
                            values.append(value)
                        }
                    }
                }
                return PredicateAggregate.apply(op, to: values)
            }
            index += 1
        }
        return current
    }

    /// The value of one key: a property of an object, an entry of a dictionary, or, over a
    /// collection, every element's value with nested collections flattened.
    static func value(of object: Any?, forKey key: String) -> Any? {
        guard let object = PredicateValue.unwrapped(object) else { return nil }
        if let readable = object as? any KeyValueReadable { return readable.value(forKey: key) }
        if let dictionary = object as? [String: Any] { return PredicateValue.unwrapped(dictionary[key]) }
        if let elements = PredicateCollection.elements(of: object) {
            var values: [Any?] = []
            // A missing element (a nil to-one met earlier in the path) contributes nothing, as an inner
            // join drops it in SQL; a nil value read from a present element is kept.
            for case let element? in elements {
                let value = self.value(of: element, forKey: key)
                if let nested = PredicateCollection.elements(of: value) {
                    values.append(contentsOf: nested)
                } else {
                    values.append(value)
                }
            }
            return PredicateCollection(values)
        }
        return nil
    }
}

/// A collection the evaluator produced (a mapped key path, an aggregate literal, a subquery result).
struct PredicateCollection {
    let elements: [Any?]

    init(_ elements: [Any?]) {
        self.elements = elements
    }

    /// The elements when `value` is a collection (array, set, ordered set or other sequence other than
    /// a string, data or dictionary); nil for a single value or nil.
    static func elements(of value: Any?) -> [Any?]? {
        guard let value = PredicateValue.unwrapped(value) else { return nil }
        if let collection = value as? PredicateCollection { return collection.elements }
        if value is String || value is Substring || value is Data || value is [String: Any] { return nil }
        if let array = value as? [Any] { return array.map { PredicateValue.unwrapped($0) } }
        if let set = value as? Set<AnyHashable> { return set.map { $0.base } }
        if let sequence = value as? any Sequence {
            if Mirror(reflecting: value).displayStyle == .dictionary { return nil }
            return elements(ofSequence: sequence)
        }
        return nil
    }

    private static func elements<S: Sequence>(ofSequence sequence: S) -> [Any?] {
        sequence.map { PredicateValue.unwrapped($0) }
    }
}
