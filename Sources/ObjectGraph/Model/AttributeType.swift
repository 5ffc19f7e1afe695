/// The type of an attribute, with Apple's numeric codes (`NSAttributeType`).
///
/// The raw value is the code Core Data archives in `NSAttributeType` and hashes into version
/// hashes (DESIGN.md §3.3); ``xcodeName`` is how an Xcode `.xcdatamodel/contents` file spells it.
public enum AttributeType: UInt, CaseIterable, Sendable {
    /// No type (only transient attributes may have it).
    case undefined = 0
    /// A 16-bit integer; values are `Int`.
    case integer16 = 100
    /// A 32-bit integer; values are `Int`.
    case integer32 = 200
    /// A 64-bit integer; values are `Int`.
    case integer64 = 300
    /// A decimal number; values are `Decimal`.
    case decimal = 400
    /// A double-precision floating-point number; values are `Double`.
    case double = 500
    /// A single-precision floating-point number; values are `Float`.
    case float = 600
    /// Text; values are `String`.
    case string = 700
    /// A truth value; values are `Bool`.
    case boolean = 800
    /// A point in time; values are `Date`.
    case date = 900
    /// Bytes; values are `Data`.
    case binaryData = 1000
    /// A UUID; values are `UUID`.
    case uuid = 1100
    /// A URL; values are `URL`.
    case uri = 1200
    /// Any value turned into bytes by a named value transformer; stored as `Data`.
    case transformable = 1800
    /// A managed object ID (used by fetch results, not by stored attributes).
    case objectID = 2000

    /// The spelling of this type in Xcode's model XML (`attributeType="Integer 16"`).
    public var xcodeName: String {
        switch self {
        case .undefined: "Undefined"
        case .integer16: "Integer 16"
        case .integer32: "Integer 32"
        case .integer64: "Integer 64"
        case .decimal: "Decimal"
        case .double: "Double"
        case .float: "Float"
        case .string: "String"
        case .boolean: "Boolean"
        case .date: "Date"
        case .binaryData: "Binary"
        case .uuid: "UUID"
        case .uri: "URI"
        case .transformable: "Transformable"
        case .objectID: "ObjectID"
        }
    }

    /// The type Xcode's model XML names `name`, or nil when there is none.
    public init?(xcodeName name: String) {
        guard let type = AttributeType.allCases.first(where: { $0.xcodeName == name }) else { return nil }
        self = type
    }

    /// The SQLite column type Core Data declares for this type (DESIGN.md §3.3), nil when not stored.
    ///
    /// Core Data stores dates as seconds since 2001-01-01 in a `TIMESTAMP` column, UUIDs as 16 raw
    /// bytes in a `BLOB`, and URIs as their absolute string in a `VARCHAR` (verified on real stores).
    public var sqliteColumnType: String? {
        switch self {
        case .integer16, .integer32, .integer64, .boolean: "INTEGER"
        case .decimal: "DECIMAL"
        case .double, .float: "FLOAT"
        case .string, .uri: "VARCHAR"
        case .date: "TIMESTAMP"
        case .binaryData, .uuid, .transformable: "BLOB"
        case .undefined, .objectID: nil
        }
    }

    /// Whether values of this type are integers (the three integer sizes).
    public var isInteger: Bool {
        self == .integer16 || self == .integer32 || self == .integer64
    }

    /// The smallest and largest value an integer type holds, nil for other types.
    public var integerRange: ClosedRange<Int>? {
        switch self {
        case .integer16: Int(Int16.min)...Int(Int16.max)
        case .integer32: Int(Int32.min)...Int(Int32.max)
        case .integer64: Int.min...Int.max
        default: nil
        }
    }
}
