/// An object whose properties a predicate can read by name.
///
/// `ObjectPredicate` evaluates over any value that answers keys: types conforming to this protocol,
/// dictionaries `[String: Any]`, and arrays or sets of those (a key read over a collection gives the
/// collection of every element's value, flattened one level, as key-value coding does).
///
/// ```swift
/// struct Movie: KeyValueReadable {
///     var name: String, year: Int
///     func value(forKey key: String) -> Any? {
///         switch key { case "name": name; case "year": year; default: nil }
///     }
/// }
/// ```
public protocol KeyValueReadable {
    /// The value of the property named `key`, or nil when it has no value (or no such property).
    func value(forKey key: String) -> Any?
}

extension KeyValueReadable {
    /// The value at a dotted key path such as `theater.name` or `movies.@count`, read the way a
    /// predicate reads it.
    public func predicateValue(forKeyPath keyPath: String) -> Any? {
        guard let components = PredicateParser.keyPathComponents(keyPath) else { return nil }
        return PredicateKeyPathReader.value(of: self, along: components[...])
    }
}
