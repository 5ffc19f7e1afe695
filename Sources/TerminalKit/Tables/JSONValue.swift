/// A JSON value whose objects keep their keys in the order given, so output is stable.
///
/// Every string is escaped so that nothing reaching a terminal can act on it: quotes, backslash
/// and C0 controls as JSON requires, and also DEL, C1 controls, line/paragraph separators and
/// bidirectional overrides as `\uXXXX`, which keeps the data exact yet harmless.
public indirect enum JSONValue: Equatable, Sendable {
    case string(String)
    case integer(Int64)
    case real(Double)
    case boolean(Bool)
    case array([JSONValue])
    /// An object; keys print in this order.
    case object([(String, JSONValue)])
    case null

    /// The value as one line of JSON text.
    public var text: String {
        var output = ""
        write(to: &output)
        return output
    }

    /// Appends the JSON text to `output`.
    public func write(to output: inout String) {
        switch self {
        case .string(let value): JSONValue.writeString(value, to: &output)
        case .integer(let value): output += String(value)
        case .real(let value):
            // JSON has no NaN or infinity; they become null rather than invalid JSON.
            output += value.isFinite ? TableCell.format(value) : "null"
        case .boolean(let value): output += value ? "true" : "false"
        case .null: output += "null"
        case .array(let items):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                item.write(to: &output)
            }
            output += "]"
        case .object(let entries):
            output += "{"
            for (index, entry) in entries.enumerated() {
                if index > 0 { output += "," }
                JSONValue.writeString(entry.0, to: &output)
                output += ":"
                entry.1.write(to: &output)
            }
            output += "}"
        }
    }

    /// The cell as JSON.
    public init(_ cell: TableCell) {
        switch cell {
        case .text(let value): self = .string(value)
        case .integer(let value): self = .integer(value)
        case .real(let value): self = .real(value)
        case .boolean(let value): self = .boolean(value)
        case .null: self = .null
        }
    }

    /// Two values are equal when they print as the same JSON text.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.text == rhs.text
    }

    static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar == "\u{7F}" || TerminalSanitizer.needsEscaping(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
