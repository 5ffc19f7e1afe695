import Foundation

/// One value as SQLite stores it: the five storage classes of SQLite's dynamic typing.
///
/// Values cross the wrapper in this form when the caller does not know the column's type in
/// advance (``Row``, user functions, ``Statement/bind(_:at:)``). Typed accessors such as
/// ``Statement/int64(at:)`` avoid the enum on hot paths.
public enum SQLiteValue: Hashable, Sendable {
    /// A 64-bit signed integer (`INTEGER`).
    case integer(Int64)
    /// An IEEE double (`REAL`).
    case real(Double)
    /// UTF-8 text (`TEXT`).
    case text(String)
    /// Raw bytes (`BLOB`).
    case blob(Data)
    /// SQL `NULL`.
    case null

    /// The storage class of this value.
    public var type: ColumnType {
        switch self {
        case .integer: return .integer
        case .real: return .real
        case .text: return .text
        case .blob: return .blob
        case .null: return .null
        }
    }

    /// The value as an integer when it is an integer (or a real with no fractional part).
    public var int64Value: Int64? {
        switch self {
        case .integer(let value): return value
        case .real(let value): return value.rounded() == value ? Int64(exactly: value) : nil
        default: return nil
        }
    }

    /// The value as a double when it is numeric.
    public var doubleValue: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .real(let value): return value
        default: return nil
        }
    }

    /// The value as text when it is text.
    public var stringValue: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    /// The value as bytes when it is a blob.
    public var dataValue: Data? {
        if case .blob(let value) = self { return value }
        return nil
    }

    /// Whether this is SQL `NULL`.
    public var isNull: Bool { self == .null }
}

extension SQLiteValue: CustomStringConvertible {
    /// A short, SQL-literal-like rendering (`42`, `1.5`, `'text'`, `x'0A0B'`, `NULL`).
    public var description: String {
        switch self {
        case .integer(let value): return String(value)
        case .real(let value): return String(value)
        case .text(let value): return "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
        case .blob(let value): return "x'" + value.map { String(format: "%02X", $0) }.joined() + "'"
        case .null: return "NULL"
        }
    }
}
