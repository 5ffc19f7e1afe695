import Foundation
import StoreInspector
import TerminalKit

/// A property-list value as JSON of the matching type, so `--json` carries data, not display text:
/// arrays and dictionaries stay arrays and objects, numbers and booleans stay unquoted.
///
/// JSON has no date or data type: a date is its ISO 8601 text (`2024-05-01T09:30:00Z`) and data
/// its Base64 text. Keyed-archive objects become objects with their class under `$class`.
enum PropertyListJSON {
    static func value(_ value: PropertyListValue) -> JSONValue {
        switch value {
        case .string(let text): return .string(text)
        case .integer(let number): return .integer(number)
        case .real(let number): return .real(number)
        case .boolean(let flag): return .boolean(flag)
        case .date(let date): return .string(ISO8601DateFormatter().string(from: date))
        case .data(let bytes): return .string(bytes.base64EncodedString())
        case .array(let items): return .array(items.map(Self.value))
        case .dictionary(let entries): return .object(entries.map { ($0.key, Self.value($0.value)) })
        case .uid(let index): return .object([("$ref", .integer(Int64(index)))])
        case .object(let className, let fields):
            return .object([("$class", .string(className))] + fields.map { ($0.key, Self.value($0.value)) })
        case .null: return .null
        }
    }
}
