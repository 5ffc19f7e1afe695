import Foundation
import ObjectGraph

/// A property list as a plain, ordered, `Sendable` tree, including the keyed archiver's UID references.
///
/// A tree that can be walked, printed and compared. Dictionary entries are sorted by key so every output is stable.
public indirect enum PropertyListValue: Equatable, Sendable {
    case string(String)
    case integer(Int64)
    case real(Double)
    case boolean(Bool)
    case date(Date)
    case data(Data)
    case array([PropertyListValue])
    case dictionary([(key: String, value: PropertyListValue)])
    /// A reference into an NSKeyedArchiver's `$objects` array.
    case uid(Int)
    /// An archived object turned readable: its class name and its fields in key order.
    case object(className: String, fields: [(key: String, value: PropertyListValue)])
    /// `$null`, or a value the archive left out.
    case null

    /// Parses a binary property list (what stores and model caches hold) into a tree.
    ///
    /// The bytes come from a store, so they are read with ObjectGraph's `BinaryPropertyListReader`,
    /// which checks every offset and bounds the work (Foundation's reader crashes on some).
    ///
    /// - Throws: ``PropertyListError/unreadable(_:)`` naming what is wrong with the bytes.
    public init(data: Data) throws(PropertyListError) {
        do {
            self = PropertyListValue(item: try BinaryPropertyListReader.read(data))
        } catch {
            throw .unreadable(error.description)
        }
    }

    /// Converts what `BinaryPropertyListReader` produced; dictionaries sorted by key.
    public init(item: PropertyListItem) {
        switch item {
        case .string(let value): self = .string(value)
        case .integer(let value): self = .integer(value)
        case .real(let value): self = .real(value)
        case .boolean(let value): self = .boolean(value)
        case .date(let seconds): self = .date(Date(timeIntervalSinceReferenceDate: seconds))
        case .data(let value): self = .data(value)
        case .uid(let index): self = .uid(index)
        case .array(let members): self = .array(members.map(PropertyListValue.init(item:)))
        case .dictionary(let entries):
            self = .dictionary(
                entries.sorted { $0.key < $1.key }.map { ($0.key, PropertyListValue(item: $0.value)) })
        case .null: self = .null
        }
    }

    /// Converts what `PropertyListSerialization` produced.
    public init(foundation object: Any) {
        switch object {
        case let value as String:
            self = .string(value)
        case let value as Bool where Self.isBoolean(object):
            self = .boolean(value)
        case let value as NSNumber:
            let kind = String(cString: value.objCType)
            if kind == "d" || kind == "f" {
                self = .real(value.doubleValue)
            } else {
                self = .integer(value.int64Value)
            }
        case let value as Date:
            self = .date(value)
        case let value as Data:
            self = .data(value)
        case let value as [Any]:
            self = .array(value.map { PropertyListValue(foundation: $0) })
        case let value as [String: Any]:
            self = .dictionary(
                value.sorted { $0.key < $1.key }.map { ($0.key, PropertyListValue(foundation: $0.value)) })
        default:
            if let uid = Self.archiverUID(object) {
                self = .uid(uid)
            } else {
                self = .null
            }
        }
    }

    // MARK: - Access

    /// The value for `key` when this is a dictionary or object.
    public subscript(key: String) -> PropertyListValue? {
        switch self {
        case .dictionary(let entries), .object(_, let entries):
            return entries.first { $0.key == key }?.value
        default:
            return nil
        }
    }

    /// The string, when this is one.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number as an integer (booleans as 0/1), when this is a number.
    public var integerValue: Int64? {
        switch self {
        case .integer(let value): return value
        case .boolean(let value): return value ? 1 : 0
        case .real(let value) where value.rounded() == value && abs(value) < 9e18: return Int64(value)
        default: return nil
        }
    }

    /// Truthiness of a number or boolean; nil for anything else.
    public var boolValue: Bool? {
        integerValue.map { $0 != 0 }
    }

    /// The bytes, when this is data.
    public var dataValue: Data? {
        if case .data(let value) = self { return value }
        return nil
    }

    /// The elements, when this is an array.
    public var arrayValue: [PropertyListValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// Two values are equal when they have the same kind and equal contents (NaN equals NaN;
    /// dictionaries and archived objects compare their keys in order).
    public static func == (lhs: PropertyListValue, rhs: PropertyListValue) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): return a == b
        case (.integer(let a), .integer(let b)): return a == b
        case (.real(let a), .real(let b)): return a == b || (a.isNaN && b.isNaN)
        case (.boolean(let a), .boolean(let b)): return a == b
        case (.date(let a), .date(let b)): return a == b
        case (.data(let a), .data(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.dictionary(let a), .dictionary(let b)):
            return a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
        case (.uid(let a), .uid(let b)): return a == b
        case (.object(let n1, let a), .object(let n2, let b)):
            return n1 == n2 && a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
        case (.null, .null): return true
        default: return false
        }
    }

    // MARK: - Foundation's private types

    private static func isBoolean(_ object: Any) -> Bool {
        // On Linux a plist boolean arrives as a Swift Bool, while numbers arrive as NSNumber
        // (which would also cast to Bool, so the dynamic type decides).
        type(of: object) == Bool.self
    }

    /// Reads the index out of the keyed archiver's UID object, which Foundation does not expose
    /// publicly: on Linux it is `_NSKeyedArchiverUID` with a stored `value`; on Apple platforms
    /// `CFKeyedArchiverUID`, whose description ends `{value = N}`.
    private static func archiverUID(_ object: Any) -> Int? {
        let typeName = String(describing: type(of: object))
        guard typeName.contains("KeyedArchiverUID") else { return nil }
        for child in Mirror(reflecting: object).children where child.label == "value" {
            if let value = child.value as? UInt32 { return Int(value) }
            if let value = child.value as? Int { return value }
        }
        let text = String(describing: object)
        guard let range = text.range(of: "value = ") else { return nil }
        return Int(text[range.upperBound...].prefix { $0.isNumber })
    }
}

/// A property list could not be read.
public enum PropertyListError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not a property list, or not the shape expected.
    case unreadable(String)

    /// The reason, in words.
    public var description: String {
        switch self {
        case .unreadable(let reason): return reason
        }
    }
}
