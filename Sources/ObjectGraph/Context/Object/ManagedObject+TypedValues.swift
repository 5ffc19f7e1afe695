import Foundation

extension ManagedObject {
    /// The value of `key` as type `T`, or nil when it is nil or of another type.
    ///
    /// Typed subclasses use it to write their properties:
    /// `var name: String? { get { value(forKey: "name", as: String.self) } set { self["name"] = newValue } }`.
    /// Integer attributes are kept as `Int`; asked for as another integer type (`Int16`, as Xcode
    /// declares an Integer 16 attribute) the value converts when it fits, and a `Double` converts
    /// to `Float`, so `value(forKey: "year", as: Int16.self)` reads what `as? Int16` would miss.
    @inlinable
    public func value<T>(forKey key: String, as type: T.Type) -> T? {
        // A typed subclass's getter is the common read of an app. A loaded object's attribute is
        // returned as it sits in its slot when `T` is exactly the type the slot holds (`String`
        // for a string attribute, `Int` for an integer one…), and a to-one's destination is cast
        // from `ManagedObject`; anything else is read as `Any` and cast, the runtime's general
        // cast, several times the cost of the slot. The function is inlinable so the caller's
        // compiler specializes it for its `T`: the comparisons of `T` then vanish, and no value
        // passes through the runtime's generic copies.
        switch typedRead(forKey: key) {
        case .absent: return nil
        case .text(let text) where T.self == String.self: return unsafeBitCast(text, to: T.self)
        case .integer(let number) where T.self == Int.self: return unsafeBitCast(number, to: T.self)
        case .real(let number) where T.self == Double.self: return unsafeBitCast(number, to: T.self)
        case .date(let date) where T.self == Date.self: return unsafeBitCast(date, to: T.self)
        case .flag(let flag) where T.self == Bool.self: return unsafeBitCast(flag, to: T.self)
        case .object(let destination):
            if T.self == ManagedObject.self { return unsafeBitCast(destination, to: T.self) }
            return destination as? T
        default: return castValue(forKey: key, as: type)
        }
    }

    /// What ``value(forKey:as:)`` finds for `key` before its type is considered: an attribute's
    /// value of a common type as its slot holds it, a to-one's destination, nil, or
    /// ``TypedRead/general`` for everything else (an unknown key, a value of another type, a
    /// to-many relationship). A fault is fired first when `key` is one of its slots, as
    /// ``value(forKey:)`` fires it.
    @usableFromInline
    func typedRead(forKey key: String) -> TypedRead {
        if state.isFault, !fireFaultForReading(key) { return .general }
        guard let found = state.attributeValues.layout?.slotAndKind(matchingBitsOf: key) else {
            return .general
        }
        switch found.kind {
        case .attribute: break
        case .toOne: return state.toOneValues[key].map(TypedRead.object) ?? .absent
        case .unknown: return .general
        }
        switch state.attributeValues[slotValue: found.slot] {
        case .none: return .absent
        case .text(let text): return .text(text)
        case .integer(let number): return .integer(number)
        case .real(let number): return .real(number)
        case .date(let date): return .date(date)
        case .flag(let flag): return .flag(flag)
        case .objectID, .other: return .general
        }
    }

    /// ``value(forKey:as:)`` by reading the value as `Any` and casting it, converting integers
    /// to a narrower integer type and a `Double` to `Float`.
    @usableFromInline
    func castValue<T>(forKey key: String, as type: T.Type) -> T? {
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

/// What a typed read of a managed object found, before the type asked for is considered (see
/// ``ManagedObject/value(forKey:as:)``).
@usableFromInline
enum TypedRead {
    /// The value is nil.
    case absent
    /// A string attribute's value.
    case text(String)
    /// An integer attribute's value.
    case integer(Int)
    /// A double attribute's value.
    case real(Double)
    /// A date attribute's value.
    case date(Date)
    /// A boolean attribute's value.
    case flag(Bool)
    /// A to-one relationship's destination.
    case object(ManagedObject)
    /// Anything else: read the value as `Any` and cast it.
    case general
}
