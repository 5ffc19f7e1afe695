import Foundation
import ObjectGraph
import SQLite

extension ValueFormatter {
    /// The readable form of a value an ObjectGraph object holds for `attribute`: the canonical
    /// Swift value is put back into the form the SQLite layout stores (DESIGN.md §3.3) and
    /// formatted exactly as `rows` formats the stored column, so both listings read alike.
    public static func format(objectValue value: Any?, attribute: AttributeDescription) -> InspectedValue {
        format(storedForm(of: value), type: attribute.attributeType)
    }

    /// The column value Core Data's SQLite layout keeps for a canonical attribute value: dates
    /// as seconds since 2001, UUIDs as 16 bytes, Booleans as 0/1, decimals as REAL, URLs as text.
    static func storedForm(of value: Any?) -> SQLiteValue {
        switch value {
        case nil, is NSNull: return .null
        case let flag as Bool: return .integer(flag ? 1 : 0)
        case let number as Int: return .integer(Int64(number))
        case let number as Int64: return .integer(number)
        case let number as Int32: return .integer(Int64(number))
        case let number as Int16: return .integer(Int64(number))
        case let number as Double: return .real(number)
        case let number as Float: return .real(Double(number))
        case let number as Decimal: return .real(NSDecimalNumber(decimal: number).doubleValue)
        case let text as String: return .text(text)
        case let date as Date: return .real(date.timeIntervalSinceReferenceDate)
        case let uuid as UUID: return .blob(withUnsafeBytes(of: uuid.uuid) { Data($0) })
        case let url as URL: return .text(url.absoluteString)
        case let data as Data: return .blob(data)
        case let other?: return .text(String(describing: other))
        }
    }
}
