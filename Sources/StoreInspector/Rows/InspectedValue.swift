/// A value ready to show: numbers stay numbers; dates, UUIDs, blobs and references are already
/// turned into readable text.
public enum InspectedValue: Equatable, Sendable {
    /// No value (SQL NULL).
    case null
    /// A whole number.
    case integer(Int64)
    /// A floating-point number.
    case real(Double)
    /// A Boolean attribute.
    case boolean(Bool)
    /// Text: strings from the store, and formatted dates, UUIDs, blob summaries and object references.
    case text(String)

    /// The value as plain text (`nil` for null), for messages and comparisons.
    public var text: String? {
        switch self {
        case .null: return nil
        case .integer(let number): return String(number)
        case .real(let number): return String(number)
        case .boolean(let flag): return flag ? "true" : "false"
        case .text(let text): return text
        }
    }
}
