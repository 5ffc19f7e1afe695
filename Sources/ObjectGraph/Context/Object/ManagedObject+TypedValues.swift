import Foundation

extension ManagedObject {
    /// The value of `key` as type `T`, or nil when it is nil or of another type.
    ///
    /// Typed subclasses use it to write their properties:
    /// `var name: String? { get { value(forKey: "name", as: String.self) } set { self["name"] = newValue } }`.
    /// Integer attributes are kept as `Int`; asked for as another integer type (`Int16`, as Xcode
    /// declares an Integer 16 attribute) the value converts when it fits, and a `Double` converts
    /// to `Float`, so `value(forKey: "year", as: Int16.self)` reads what `as? Int16` would miss.
    public func value<T>(forKey key: String, as type: T.Type) -> T? {
        // A typed subclass's getter is the common read of an app. A loaded object's attribute is
        // read straight from its slot when `T` is exactly the type the slot holds (`String` for a
        // string attribute, `Int` for an integer one…), which is one comparison of two metadata
        // pointers, and a to-one's destination is cast from `ManagedObject`; anything else is read
        // as `Any` and cast, the runtime's general cast, several times the cost of the slot. (No
        // local of type `T?` is made here: in this unspecialized function each would look up the
        // metadata of `Optional<T>` in the runtime's cache.)
        guard !state.isFault, let found = state.attributeValues.layout?.slotAndKind(matchingBitsOf: key) else {
            return castValue(forKey: key, as: type)
        }
        switch found.kind {
        case .attribute: break
        case .toOne:
            guard let destination = state.toOneValues[key] else { return nil }
            if T.self == ManagedObject.self { return unsafeBitCast(destination, to: T.self) }
            return destination as? T
        case .unknown: return castValue(forKey: key, as: type)
        }
        switch state.attributeValues[slotValue: found.slot] {
        case .none: return nil
        case .text(let text) where T.self == String.self: return unsafeBitCast(text, to: T.self)
        case .integer(let number) where T.self == Int.self: return unsafeBitCast(number, to: T.self)
        case .real(let number) where T.self == Double.self: return unsafeBitCast(number, to: T.self)
        case .date(let date) where T.self == Date.self: return unsafeBitCast(date, to: T.self)
        case .flag(let flag) where T.self == Bool.self: return unsafeBitCast(flag, to: T.self)
        default: return castValue(forKey: key, as: type)
        }
    }

    /// ``value(forKey:as:)`` by reading the value as `Any` and casting it, converting integers
    /// to a narrower integer type and a `Double` to `Float`.
    private func castValue<T>(forKey key: String, as type: T.Type) -> T? {
        let stored = value(forKey: key)
        if let typed = stored as? T { return typed }
        if let number = stored as? Int, let integerType = T.self as? any FixedWidthInteger.Type {
            return Self.integer(number, as: integerType) as? T
        }
        if let number = stored as? Double, T.self == Float.self { return Float(number) as? T }
        return nil
    }

    /// `number` as the integer type `type` when it fits.
    private static func integer<I: FixedWidthInteger>(_ number: Int, as type: I.Type) -> I? {
        I(exactly: number)
    }
}
