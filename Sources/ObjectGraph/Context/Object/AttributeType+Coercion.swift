import Foundation

extension AttributeType {
    /// `value` converted to this type's canonical Swift type (see ``AttributeDescription``), or nil
    /// when it cannot represent a value of this type.
    ///
    /// Setters accept any reasonable numeric type for numeric attributes (`Int16`, `UInt8`, `Double`,
    /// `NSNumber`, …), `Substring` for strings, and a URL string for URIs. Integers that do not fit
    /// the attribute's size are kept as they are so validation can report them (1610/1620).
    func canonicalValue(_ value: Any) -> Any? {
        switch self {
        case .integer16, .integer32, .integer64:
            return Self.integer(value)
        case .boolean:
            if let flag = value as? Bool { return flag }
            return Self.integer(value).map { $0 != 0 }
        case .double:
            return Self.double(value)
        case .float:
            return Self.double(value).map { Float($0) }
        case .decimal:
            if let decimal = value as? Decimal { return decimal }
            if let integer = Self.integer(value) { return Decimal(integer) }
            return Self.double(value).map { Decimal($0) }
        case .string:
            if let text = value as? String { return text }
            if let text = value as? Substring { return String(text) }
            return nil
        case .date:
            return value as? Date
        case .binaryData:
            if let data = value as? Data { return data }
            if let bytes = value as? [UInt8] { return Data(bytes) }
            return nil
        case .uuid:
            return value as? UUID
        case .uri:
            if let url = value as? URL { return url }
            if let text = value as? String { return URL(string: text) }
            return nil
        case .transformable, .undefined:
            // A transformable holds whatever the app gives it; the store's transformer turns it
            // into bytes. Undefined is only allowed on transient attributes, which hold anything.
            return value
        case .objectID:
            return value as? ManagedObjectID
        }
    }

    /// Whether `slot` holds a value of this type's canonical Swift type already, so a setter can
    /// store it as it is (the common case: an `Int` for an integer, a `String` for a string).
    func isCanonical(_ slot: SlotValue) -> Bool {
        switch (self, slot) {
        case (.integer16, .integer), (.integer32, .integer), (.integer64, .integer), (.double, .real),
            (.boolean, .flag), (.string, .text), (.date, .date), (.objectID, .objectID):
            true
        default:
            false
        }
    }

    private static func integer(_ value: Any) -> Int? {
        switch value {
        case let number as Int: return number
        case let number as Int8: return Int(number)
        case let number as Int16: return Int(number)
        case let number as Int32: return Int(number)
        case let number as Int64: return Int(exactly: number)
        case let number as UInt8: return Int(number)
        case let number as UInt16: return Int(number)
        case let number as UInt32: return Int(number)
        case let number as UInt64: return Int(exactly: number)
        case let number as UInt: return Int(exactly: number)
        case let flag as Bool: return flag ? 1 : 0
        case let number as Double: return number.rounded(.towardZero) == number ? Int(exactly: number) : nil
        case let number as Float: return number.rounded(.towardZero) == number ? Int(exactly: number) : nil
        case let number as Decimal: return Int(exactly: number.nearestDouble)
        case let number as NSNumber: return number.intValue
        default: return nil
        }
    }

    private static func double(_ value: Any) -> Double? {
        switch value {
        case let number as Double: return number
        case let number as Float: return Double(number)
        case let number as Decimal: return number.nearestDouble
        case let number as NSNumber: return number.doubleValue
        default: return integer(value).map(Double.init)
        }
    }
}
