import Foundation

/// Turns an archived `NSExpression` (a derived attribute's derivation) back into the text Xcode
/// shows, such as `pages.@count` or `author.name`. Unknown shapes print their selector and arguments.
///
/// Arguments may share sub-expressions, so a hostile archive could make the walk exponential; it
/// stops after ``maximumNodes`` expressions.
enum ExpressionText {
    /// The most expressions one text walks (a real derivation has a handful).
    static let maximumNodes = 1_000

    static func text(of value: ArchivedValue) -> String? {
        var budget = maximumNodes
        return text(of: value, depth: 0, budget: &budget)
    }

    private static func text(of value: ArchivedValue, depth: Int, budget: inout Int) -> String? {
        guard budget > 0 else { return nil }
        budget -= 1
        guard depth < 32, let object = value.asObject else { return value.string }
        switch object.className {
        case "NSKeyPathSpecifierExpression":
            return object["NSKeyPath"].string
        case "NSKeyPathExpression":
            let arguments = object["NSArguments"].asObject?.arrayElements ?? []
            let parts = arguments.compactMap { text(of: $0, depth: depth + 1, budget: &budget) }
            guard let path = parts.first else { return nil }
            if let operand = object["NSOperand"].asObject, operand.className != "NSSelfExpression",
                let base = text(of: object["NSOperand"], depth: depth + 1, budget: &budget)
            {
                return base + "." + path
            }
            return path
        case "NSFunctionExpression":
            let selector = object["NSSelectorName"].string ?? "?"
            let arguments = (object["NSArguments"].asObject?.arrayElements ?? []).compactMap {
                text(of: $0, depth: depth + 1, budget: &budget)
            }
            if arguments.count == 1,
                let aggregate = [
                    "count:": "@count", "sum:": "@sum", "average:": "@avg",
                    "min:": "@min", "max:": "@max",
                ][selector]
            {
                return arguments[0] + "." + aggregate
            }
            return selector.replacingOccurrences(of: ":", with: "") + "(" + arguments.joined(separator: ", ") + ")"
        case "NSConstantValueExpression":
            return object["NSConstantValue"].string ?? object["NSConstantValue"].integer.map(String.init)
        case "NSVariableExpression":
            return object["NSVariable"].string.map { "$" + $0 }
        default:
            return nil
        }
    }
}
