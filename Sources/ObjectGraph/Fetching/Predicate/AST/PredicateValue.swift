import Foundation

/// A constant inside a predicate: a literal from the text, or a value passed as a format argument or
/// substitution variable.
enum PredicateValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case decimal(Decimal)
    case string(String)
    case date(Date)
    case data(Data)
    case uuid(UUID)
    case url(URL)
    /// Any other value, such as a managed object or object ID given to `%@`.
    case object(PredicateObjectReference)

    /// Converts a Swift value (a format argument or substitution value) to a constant.
    ///
    /// Arrays and sets are not handled here: they become an ``PredicateExpression/aggregate(_:)``.
    init(_ value: Any?) {
        guard let value = PredicateValue.unwrapped(value) else {
            self = .null
            return
        }
        switch value {
        case let value as PredicateValue: self = value
        case let value as Bool: self = .bool(value)
        case let value as String: self = .string(value)
        case let value as Substring: self = .string(String(value))
        case let value as Int: self = .integer(Int64(value))
        case let value as Int64: self = .integer(value)
        case let value as Int32: self = .integer(Int64(value))
        case let value as Int16: self = .integer(Int64(value))
        case let value as Int8: self = .integer(Int64(value))
        case let value as UInt8: self = .integer(Int64(value))
        case let value as UInt16: self = .integer(Int64(value))
        case let value as UInt32: self = .integer(Int64(value))
        case let value as UInt:
            self = value <= UInt(Int64.max) ? .integer(Int64(value)) : .double(Double(value))
        case let value as UInt64:
            self = value <= UInt64(Int64.max) ? .integer(Int64(value)) : .double(Double(value))
        case let value as Double: self = .double(value)
        case let value as Float: self = .double(Double(value))
        case let value as Decimal: self = .decimal(value)
        case let value as Date: self = .date(value)
        case let value as Data: self = .data(value)
        case let value as UUID: self = .uuid(value)
        case let value as URL: self = .url(value)
        default: self = .object(PredicateObjectReference(value))
        }
    }

    /// The value as Swift sees it: what evaluation compares and what SQL binds.
    var anyValue: Any? {
        switch self {
        case .null: return nil
        case .bool(let value): return value
        case .integer(let value): return value
        case .double(let value): return value
        case .decimal(let value): return value
        case .string(let value): return value
        case .date(let value): return value
        case .data(let value): return value
        case .uuid(let value): return value
        case .url(let value): return value
        case .object(let reference): return reference.value
        }
    }

    /// Removes any level of `Optional` wrapping, so `Optional<Optional<Int>>.some(.none)` is nil.
    static func unwrapped(_ value: Any?) -> Any? {
        guard let value else { return nil }
        // Foundation's stand-in for nil in collections and arguments is nil to a predicate too.
        if value is NSNull { return nil }
        if let optional = value as? any AnyOptional { return unwrapped(optional.wrappedAny) }
        return value
    }
}

/// Lets a value boxed in `Any` reveal that it is an `Optional`, so nested optionals can be flattened
/// without reflection.
protocol AnyOptional {
    var wrappedAny: Any? { get }
}

extension Optional: AnyOptional {
    var wrappedAny: Any? {
        switch self {
        case .some(let wrapped): return wrapped
        case .none: return nil
        }
    }
}

/// Holds an arbitrary object given as a format argument, compared by value when it is hashable and by
/// identity otherwise.
///
/// `@unchecked Sendable`: a predicate never mutates or calls into the object it holds; it only reads
/// it during evaluation, on the caller's thread, exactly as Foundation's predicates hold objects.
struct PredicateObjectReference: Hashable, @unchecked Sendable {
    /// The object as given.
    let value: Any

    init(_ value: Any) {
        self.value = value
    }

    static func == (lhs: PredicateObjectReference, rhs: PredicateObjectReference) -> Bool {
        if let left = lhs.value as? AnyHashable, let right = rhs.value as? AnyHashable {
            return left == right
        }
        if type(of: lhs.value) is AnyClass, type(of: rhs.value) is AnyClass {
            return (lhs.value as AnyObject) === (rhs.value as AnyObject)
        }
        return false
    }

    func hash(into hasher: inout Hasher) {
        if let hashable = value as? AnyHashable {
            hasher.combine(hashable)
        } else if type(of: value) is AnyClass {
            hasher.combine(ObjectIdentifier(value as AnyObject))
        } else {
            hasher.combine(String(describing: type(of: value)))
        }
    }
}
