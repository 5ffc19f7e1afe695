import Foundation
import StoreInspector

/// A property-list value as compact, readable one-line text (for table cells).
enum PropertyListText {
    static func text(_ value: PropertyListValue) -> String {
        switch value {
        case .string(let text): return "\"" + text + "\""
        case .integer(let number): return String(number)
        case .real(let number): return String(number)
        case .boolean(let flag): return flag ? "true" : "false"
        case .date(let date): return ISO8601DateFormatter().string(from: date)
        case .data(let bytes):
            let head = bytes.prefix(16).map { String(format: "%02x", $0) }.joined()
            return "<\(bytes.count) bytes\(bytes.isEmpty ? "" : ": " + head + (bytes.count > 16 ? "…" : ""))>"
        case .array(let items): return "[" + items.map(text).joined(separator: ", ") + "]"
        case .dictionary(let entries):
            return "{" + entries.map { "\($0.key): " + text($0.value) }.joined(separator: ", ") + "}"
        case .uid(let index): return "<ref \(index)>"
        case .object(let className, let fields):
            return className + "{" + fields.map { "\($0.key): " + text($0.value) }.joined(separator: ", ") + "}"
        case .null: return "nil"
        }
    }
}
