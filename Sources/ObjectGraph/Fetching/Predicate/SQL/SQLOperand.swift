import Foundation
import SQLite

/// The class of a value inside compiled SQL, matching the classes the in-memory comparison rules use.
enum SQLValueKind: Equatable {
    case number
    case string
    case date
    case data
    case uuid
    case url
    /// A row of an entity tree (its `Z_PK` or a foreign key to it), named by the tree's root entity.
    case object(rootEntity: String)
    case transformable
    case null

    init?(_ type: AttributeType) {
        switch type {
        case .integer16, .integer32, .integer64, .boolean, .decimal, .double, .float: self = .number
        case .string: self = .string
        case .date: self = .date
        case .binaryData: self = .data
        case .uuid: self = .uuid
        case .uri: self = .url
        case .transformable: self = .transformable
        case .undefined, .objectID: return nil
        }
    }

    /// Whether `<`, `>`, `BETWEEN`, `@min`, `@max` apply.
    var isOrdered: Bool { self == .number || self == .string || self == .date }

    var name: String {
        switch self {
        case .number: return "a number"
        case .string: return "a string"
        case .date: return "a date"
        case .data: return "binary data"
        case .uuid: return "a UUID"
        case .url: return "a URL"
        case .object(let root): return "a \(root) object"
        case .transformable: return "a transformable value"
        case .null: return "nil"
        }
    }
}

/// One scalar value in compiled SQL: a column, a bound constant or a scalar subquery.
struct SQLOperand {
    var fragment: SQLFragment
    var kind: SQLValueKind
    /// A bound constant (or `NULL`), rather than something read from the database.
    var isConstant: Bool
    /// Whether SQLite may produce NULL for it.
    var mayBeNull: Bool
    /// How error messages name it: `year (Integer 64)`, `"Up"`.
    var label: String

    static let null = SQLOperand(
        fragment: SQLFragment("NULL"), kind: .null, isConstant: true, mayBeNull: true,
        label: "nil")

    /// A column read from a row.
    static func column(_ sql: String, kind: SQLValueKind, label: String) -> SQLOperand {
        SQLOperand(fragment: SQLFragment(sql), kind: kind, isConstant: false, mayBeNull: true, label: label)
    }

    /// The primary key of the rows of `alias`, as an object of `entity`'s tree.
    static func primaryKey(of alias: String, entity: EntityDescription) -> SQLOperand {
        SQLOperand(
            fragment: SQLFragment("\(alias).Z_PK"), kind: .object(rootEntity: entity.rootEntity.name),
            isConstant: false, mayBeNull: false, label: "\(entity.name) object")
    }

    /// A constant bound as a parameter, converted the way the store writes values (DESIGN §3.3):
    /// dates as seconds since 2001, UUIDs as 16 bytes, Booleans as 0/1, decimals as REAL, URLs as text.
    /// Nil when the value has no SQL form.
    static func constant(_ value: PredicateValue) -> SQLOperand? {
        let label = value.formatText
        func bound(_ binding: SQLiteValue, _ kind: SQLValueKind) -> SQLOperand {
            SQLOperand(
                fragment: SQLFragment("?", [binding]), kind: kind, isConstant: true, mayBeNull: false, label: label)
        }
        switch value {
        case .null: return .null
        case .bool(let flag): return bound(.integer(flag ? 1 : 0), .number)
        case .integer(let integer): return bound(.integer(integer), .number)
        case .double(let double): return bound(.real(double), .number)
        case .decimal(let decimal): return bound(.real(decimal.nearestDouble), .number)
        case .string(let string): return bound(.text(string), .string)
        case .date(let date): return bound(.real(date.timeIntervalSinceReferenceDate), .date)
        case .data(let data): return bound(.blob(data), .data)
        case .uuid(let uuid): return bound(.blob(withUnsafeBytes(of: uuid.uuid) { Data($0) }), .uuid)
        case .url(let url): return bound(.text(url.absoluteString), .url)
        case .object(let reference):
            guard let identity = reference.value as? any PredicateObjectIdentity,
                let entity = identity.predicateEntity
            else { return nil }
            // Store primary keys start at 1, so an unsaved object binds 0 and matches no row.
            return bound(.integer(identity.predicatePrimaryKey ?? 0), .object(rootEntity: entity.rootEntity.name))
        }
    }
}
