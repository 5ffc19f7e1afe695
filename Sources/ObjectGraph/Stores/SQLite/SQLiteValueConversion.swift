import Foundation
import SQLite

/// Converts attribute values between the canonical Swift types of the object graph and what
/// Core Data's SQLite layout stores (DESIGN.md §3.3, verified on real stores).
///
/// Dates are REAL seconds since 2001-01-01, UUIDs 16-byte blobs, booleans 0/1, decimals REAL
/// (read back through their shortest decimal text so `0.1` stays `0.1`), URLs their absolute
/// string. Transformable attributes go through their named ``ObjectValueTransformer`` when one is
/// registered, and are otherwise stored and returned as `Data`.
enum SQLiteValueConversion {
    /// The value to bind for `value` of an attribute of `type`; nil becomes NULL.
    ///
    /// Accepts any reasonable Swift type for the attribute (an `Int32` for an Integer 64, a
    /// `String` for a URI, `NSNumber`, …); a value of the wrong kind is an error naming the key.
    static func sqliteValue(_ value: Any?, for attribute: AttributeDescription) throws -> SQLiteValue {
        guard let value else { return .null }
        switch attribute.attributeType {
        case .integer16, .integer32, .integer64:
            if let integer = integerValue(value) { return .integer(integer) }
        case .boolean:
            if let flag = value as? Bool { return .integer(flag ? 1 : 0) }
            if let integer = integerValue(value) { return .integer(integer == 0 ? 0 : 1) }
        case .double, .float:
            if let real = doubleValue(value) { return .real(real) }
        case .decimal:
            if let decimal = value as? Decimal { return .real(double(decimal)) }
            if let real = doubleValue(value) { return .real(real) }
        case .string:
            if let text = value as? String { return .text(text) }
        case .uri:
            if let url = value as? URL { return .text(url.absoluteString) }
            if let text = value as? String { return .text(text) }
        case .date:
            if let date = value as? Date { return .real(date.timeIntervalSinceReferenceDate) }
        case .uuid:
            if let uuid = value as? UUID { return .blob(uuidBytes(uuid)) }
        case .binaryData:
            if let data = value as? Data { return .blob(data) }
            if let bytes = value as? [UInt8] { return .blob(Data(bytes)) }
        case .transformable:
            let stored = storedValue(value, ofTransformable: attribute)
            if let data = stored as? Data { return .blob(data) }
            if let bytes = stored as? [UInt8] { return .blob(Data(bytes)) }
        case .undefined, .objectID:
            break
        }
        // Checked last: no value of the right kind is an NSNull, and testing every value for
        // the class first was the dearest part of binding it.
        if value is NSNull { return .null }
        throw ConversionError(attribute: attribute, valueType: String(describing: type(of: value)))
    }

    /// ``attributeValue(_:at:type:)`` as a ``SlotValue``: the common types go straight into their
    /// case, with no `Any` made and taken apart again for each value a fetch reads.
    static func attributeSlot(_ statement: Statement, at index: Int, type: AttributeType) -> SlotValue {
        switch type {
        case .integer16, .integer32, .integer64, .boolean, .double, .string, .date:
            guard let column = statement.columnValue(at: index), column.type != .null else { return .none }
            switch type {
            case .boolean: return .flag(column.int64 != 0)
            case .double: return .real(column.double)
            case .string: return column.string.map(SlotValue.text) ?? .none
            case .date: return .date(Date(timeIntervalSinceReferenceDate: column.double))
            default: return .integer(Int(truncatingIfNeeded: column.int64))
            }
        default:
            return SlotValue(attributeValue(statement, at: index, type: type))
        }
    }

    /// The canonical Swift value of column `index` of `statement` for an attribute of `type`,
    /// or nil for NULL.
    static func attributeValue(_ statement: Statement, at index: Int, type: AttributeType) -> Any? {
        // The column's class and its value of the common types come from one call into the
        // connection (each `sqlite3_column_*` call takes its mutex, see `ColumnValue`).
        guard let column = statement.columnValue(at: index) else { return nil }
        let storage = column.type
        if storage == .null { return nil }
        switch type {
        case .integer16, .integer32, .integer64:
            return Int(truncatingIfNeeded: column.int64)
        case .boolean:
            return column.int64 != 0
        case .double:
            return column.double
        case .float:
            return Float(column.double)
        case .decimal:
            switch storage {
            case .integer: return Decimal(statement.int64(at: index))
            case .text: return statement.string(at: index).flatMap { Decimal(string: $0) }
            default: return Decimal(string: String(statement.double(at: index)))
            }
        case .string:
            return column.string
        case .uri:
            return column.string.flatMap { URL(string: $0) }
        case .date:
            return Date(timeIntervalSinceReferenceDate: column.double)
        case .uuid:
            return statement.data(at: index).flatMap(uuid(from:))
        case .binaryData, .transformable:
            return statement.data(at: index)
        case .undefined, .objectID:
            return statement.value(at: index)
        }
    }

    private static func integerValue(_ value: Any) -> Int64? {
        switch value {
        case let number as Int: return Int64(number)
        case let number as Int64: return number
        case let number as Int32: return Int64(number)
        case let number as Int16: return Int64(number)
        case let number as Int8: return Int64(number)
        case let number as UInt: return Int64(exactly: number)
        case let number as UInt64: return Int64(exactly: number)
        case let number as UInt32: return Int64(number)
        case let number as UInt16: return Int64(number)
        case let number as UInt8: return Int64(number)
        case let flag as Bool: return flag ? 1 : 0
        case let number as Double: return number.rounded(.towardZero) == number ? Int64(exactly: number) : nil
        case let number as Decimal: return Int64(exactly: double(number))
        case let number as NSNumber: return number.int64Value
        default: return nil
        }
    }

    private static func doubleValue(_ value: Any) -> Double? {
        switch value {
        case let number as Double: return number
        case let number as Float: return Double(number)
        case let number as Decimal: return double(number)
        case let number as NSNumber: return number.doubleValue
        default: return integerValue(value).map(Double.init)
        }
    }

    /// The double nearest to a decimal, through its text (`NSDecimalNumber.doubleValue` is off
    /// by an ulp on Linux, turning 19.99 into 19.990000000000002).
    private static func double(_ decimal: Decimal) -> Double {
        Double(decimal.description) ?? NSDecimalNumber(decimal: decimal).doubleValue
    }

    private static func uuidBytes(_ uuid: UUID) -> Data {
        withUnsafeBytes(of: uuid.uuid) { Data($0) }
    }

    private static func uuid(from data: Data) -> UUID? {
        guard data.count == 16 else { return nil }
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &bytes) { $0.copyBytes(from: data) }
        return UUID(uuid: bytes)
    }

    /// A value whose Swift type does not fit the attribute.
    struct ConversionError: Error, CustomStringConvertible {
        let attribute: AttributeDescription
        let valueType: String

        var description: String {
            "cannot store a value of type \(valueType) in \(attribute) (\(attribute.attributeType.xcodeName))"
        }
    }
}
