/// Prints the tree back as format-string text, the way `NSPredicate.predicateFormat` does:
/// `name == "Up" AND year > 2000`. Parsing the output gives an equal tree.
extension PredicateNode {
    var formatText: String {
        switch self {
        case .constant(let value):
            return value ? "TRUEPREDICATE" : "FALSEPREDICATE"
        case .comparison(let comparison):
            return comparison.formatText
        case .and(let operands):
            return operands.map(\.formatTextAsOperand).joined(separator: " AND ")
        case .or(let operands):
            return operands.map(\.formatTextAsOperand).joined(separator: " OR ")
        case .not(let operand):
            return "NOT " + operand.formatTextAsOperand
        }
    }

    /// Compound operands are parenthesised so the nesting survives a round trip.
    private var formatTextAsOperand: String {
        switch self {
        case .and, .or: return "(" + formatText + ")"
        case .constant, .comparison, .not: return formatText
        }
    }
}

extension PredicateComparison {
    var formatText: String {
        let prefix: String
        switch modifier {
        case .direct: prefix = ""
        case .any: prefix = "ANY "
        case .all: prefix = "ALL "
        }
        let flags = options.isEmpty ? "" : "[" + options.formatText + "]"
        return prefix + left.formatText + " " + comparisonOperator.rawValue + flags + " " + right.formatText
    }
}
