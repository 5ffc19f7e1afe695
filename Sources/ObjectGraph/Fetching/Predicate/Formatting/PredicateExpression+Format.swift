import Foundation

extension PredicateExpression {
    /// The expression as format-string text: `theater.name`, `"Up"`, `{1, 2}`, `SUBQUERY(…)`.
    var formatText: String { formatText(minimumPrecedence: 0) }

    /// The text, parenthesised when its operator binds more loosely than its context requires.
    private func formatText(minimumPrecedence: Int) -> String {
        switch self {
        case .arithmetic(let op, let left, let right):
            // `**` groups to the right and its base binds tighter than a leading minus.
            let leftMinimum = op == .power ? op.precedence + 1 : op.precedence
            let rightMinimum = op == .power ? ArithmeticOperator.negationPrecedence : op.precedence + 1
            let text =
                left.formatText(minimumPrecedence: leftMinimum) + " \(op.rawValue) "
                + right.formatText(minimumPrecedence: rightMinimum)
            return op.precedence < minimumPrecedence ? "(" + text + ")" : text
        case .negation(let operand):
            let text: String
            if case .constant(let value) = operand, value.doubleValue != nil {
                // `-5` would read back as the literal -5, so a negated number keeps its parentheses.
                text = "-(" + operand.formatText + ")"
            } else {
                text = "-" + operand.formatText(minimumPrecedence: ArithmeticOperator.negationPrecedence)
            }
            return ArithmeticOperator.negationPrecedence < minimumPrecedence ? "(" + text + ")" : text
        default:
            return primaryFormatText
        }
    }

    private var primaryFormatText: String {
        switch self {
        case .arithmetic, .negation:
            return "(" + formatText + ")"
        case .index(let base, let index):
            return base.primaryFormatText + index.formatText
        case .constant(let value):
            return value.formatText
        case .evaluatedObject:
            return "SELF"
        case .variable(let name):
            return "$" + name
        case .keyPath(let base, let components):
            let path = components.map(\.formatText).joined(separator: ".")
            switch base {
            case .evaluatedObject: return path
            case .arithmetic, .negation: return "(" + base.formatText + ")." + path
            default: return base.formatText + "." + path
            }
        case .aggregate(let elements):
            return "{" + elements.map(\.formatText).joined(separator: ", ") + "}"
        case .subquery(let collection, let variable, let predicate):
            return "SUBQUERY(\(collection.formatText), $\(variable), \(predicate.formatText))"
        }
    }
}

extension KeyPathComponent {
    /// A key, with `#` in front when it is a reserved word (`#size`); or `@count`.
    var formatText: String {
        switch self {
        case .key(let key): return PredicateKeyword.isReserved(key) ? "#" + key : key
        case .collectionOperator(let op): return op.rawValue
        }
    }
}

extension PredicateValue {
    /// The constant as a literal that parses back to the same value.
    ///
    /// Dates print as Foundation prints them, `CAST(781056000.000000, "NSDate")` (more digits when six
    /// would lose precision). Values Foundation has no literal for use `CAST` from a string:
    /// `CAST("1.25", "NSDecimalNumber")`, `CAST("…", "NSUUID")`, `CAST("…", "NSURL")`, `CAST("<base64>",
    /// "NSData")`. Other objects print their description and cannot be parsed back.
    var formatText: String {
        switch self {
        case .null: return "nil"
        case .bool(let value): return value ? "YES" : "NO"
        case .integer(let value): return String(value)
        case .double(let value):
            return value.isFinite ? String(value) : "CAST(\"\(value)\", \"NSNumber\")"
        case .decimal(let value): return "CAST(\"\(value)\", \"NSDecimalNumber\")"
        case .string(let value): return Self.quoted(value)
        case .date(let value):
            let seconds = value.timeIntervalSinceReferenceDate
            let sixDigits = String(format: "%.6f", seconds)
            let text = Double(sixDigits) == seconds ? sixDigits : String(seconds)
            return "CAST(\(text), \"NSDate\")"
        case .data(let value): return "CAST(\"\(value.base64EncodedString())\", \"NSData\")"
        case .uuid(let value): return "CAST(\"\(value.uuidString)\", \"NSUUID\")"
        case .url(let value): return "CAST(\(Self.quoted(value.absoluteString)), \"NSURL\")"
        case .object(let reference): return String(describing: reference.value)
        }
    }

    /// A double-quoted string literal with the lexer's escapes; `%` doubles so it stays literal.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\0": result += "\\0"
            case "%": result += "%%"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += String(format: "\\u%04X", scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
