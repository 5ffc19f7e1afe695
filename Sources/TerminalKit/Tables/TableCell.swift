/// One value in a listing. Numbers stay numbers so `json` can print them unquoted and `table`
/// can right-align them.
public enum TableCell: Equatable, Sendable {
    /// Text, printed through ``TerminalSanitizer`` in every output format.
    case text(String)
    /// A whole number.
    case integer(Int64)
    /// A floating-point number.
    case real(Double)
    /// A truth value (`true`/`false`).
    case boolean(Bool)
    /// No value.
    case null

    /// The plain text of the cell, before sanitising; `nullText` for ``null``.
    public func plainText(nullText: String) -> String {
        switch self {
        case .text(let text): return text
        case .integer(let number): return String(number)
        case .real(let number): return TableCell.format(number)
        case .boolean(let flag): return flag ? "true" : "false"
        case .null: return nullText
        }
    }

    /// Whether the cell is a number (right-aligned in tables).
    public var isNumeric: Bool {
        switch self {
        case .integer, .real: return true
        default: return false
        }
    }

    /// Shortest round-tripping text for a double; whole numbers keep one decimal (`3.0`).
    static func format(_ number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
        return "\(number)"
    }
}

extension TableCell: ExpressibleByStringLiteral {
    /// A text cell from a literal.
    public init(stringLiteral value: String) {
        self = .text(value)
    }
}
