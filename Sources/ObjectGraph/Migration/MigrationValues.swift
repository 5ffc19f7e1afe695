import Foundation
import SQLite

/// Stored values as the Swift values a ``PropertyMapping/Value/transform(_:)`` closure receives.
enum MigrationValues {
    /// The canonical Swift value of a stored `value` of an attribute of `type` (nil for NULL).
    static func swiftValue(_ value: SQLiteValue, of type: AttributeType) -> Any? {
        switch value {
        case .null: return nil
        case .integer(let number):
            switch type {
            case .boolean: return number != 0
            case .date: return Date(timeIntervalSinceReferenceDate: Double(number))
            case .double, .float, .decimal: return Double(number)
            default: return Int(number)
            }
        case .real(let number):
            return type == .date ? Date(timeIntervalSinceReferenceDate: number) : number
        case .text(let text):
            return type == .uri ? (URL(string: text) ?? text) : text
        case .blob(let data):
            guard type == .uuid, data.count == 16 else { return data }
            return data.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
        }
    }
}
