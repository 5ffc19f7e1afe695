import Foundation

/// Default values and derivation expressions, archived as Foundation archives them.
extension ModelCacheEncoder {
    // MARK: - Default values

    /// `NSDefaultValue`: numbers and booleans as plist numbers, strings and data as themselves,
    /// dates as `NSDate` (`NS.time`), UUIDs as `NSUUID` (`NS.uuidbytes`), URLs as `NSURL`
    /// (`NS.base`, `NS.relative`). Decimal defaults are left out (`$null`): an `NSDecimalNumber`
    /// archive is not something the corpus shows, so it is not guessed.
    func encodeDefaultValue(_ value: Any?, type: AttributeType) -> PropertyListItem {
        guard let value else { return KeyedArchiveBuilder.null }
        switch value {
        case let flag as Bool where type == .boolean:
            return builder.sharedReference(to: .boolean(flag))
        case let number as Int:
            return builder.sharedReference(to: .integer(Int64(number)))
        case let number as Double:
            return builder.sharedReference(to: .real(number))
        case let number as Float:
            return builder.sharedReference(to: .real(Double(number)))
        case let text as String:
            return builder.reference(to: text)
        case let bytes as Data:
            return builder.sharedReference(to: .data(bytes))
        case let date as Date:
            return builder.anonymousObject(classes: ["NSDate", "NSObject"]) {
                [("NS.time", .real(date.timeIntervalSinceReferenceDate))]
            }
        case let uuid as UUID:
            return builder.anonymousObject(classes: ["NSUUID", "NSObject"]) {
                [("NS.uuidbytes", .data(withUnsafeBytes(of: uuid.uuid) { Data($0) }))]
            }
        case let url as URL:
            return builder.anonymousObject(classes: ["NSURL", "NSObject"]) {
                [("NS.base", KeyedArchiveBuilder.null), ("NS.relative", builder.reference(to: url.absoluteString))]
            }
        default:
            return KeyedArchiveBuilder.null
        }
    }

    // MARK: - Derivation expressions

    /// `NSDerivationExpression` of a derived attribute, from the model's text: a key path
    /// (`author.name`), an aggregate of one (`pages.@count` → the function `count:` over
    /// `pages`, as the corpus's `Book.pagesCount` is archived), or `now()`.
    func encodeExpression(_ text: String) -> PropertyListItem {
        if text == "now()" {
            return encodeFunction(selector: "now") { [] }
        }
        let aggregates = ["@count": "count:", "@sum": "sum:", "@avg": "average:", "@min": "min:", "@max": "max:"]
        if let dot = text.lastIndex(of: "."), let selector = aggregates[String(text[text.index(after: dot)...])] {
            let path = String(text[..<dot])
            return encodeFunction(selector: selector) { [encodeKeyPath(path)] }
        }
        return encodeKeyPath(text)
    }

    /// `NSKeyPathExpression` of `path` evaluated on the object itself.
    private func encodeKeyPath(_ path: String) -> PropertyListItem {
        builder.anonymousObject(classes: ["NSKeyPathExpression", "NSFunctionExpression", "NSExpression", "NSObject"]) {
            let selector = path.contains(".") ? "valueForKeyPath:" : "valueForKey:"
            return [
                (
                    "NSOperand",
                    builder.object("expression:self", classes: expressionClasses("NSSelfExpression")) {
                        [("NSExpressionType", .integer(1))]
                    }
                ),
                ("NSSelectorName", builder.reference(to: selector)),
                (
                    "NSArguments",
                    builder.array(className: "NSMutableArray") {
                        [
                            builder.anonymousObject(classes: expressionClasses("NSKeyPathSpecifierExpression")) {
                                [("NSExpressionType", .integer(10)), ("NSKeyPath", builder.reference(to: path))]
                            }
                        ]
                    }
                ),
                ("NSExpressionType", .integer(3)),
            ]
        }
    }

    /// `NSFunctionExpression` calling one of NSExpression's built-in functions (`_NSPredicateUtilities`).
    /// The arguments are encoded after the function object has its UID, as NSKeyedArchiver orders them.
    private func encodeFunction(selector: String, arguments: () -> [PropertyListItem]) -> PropertyListItem {
        builder.anonymousObject(classes: expressionClasses("NSFunctionExpression")) {
            [
                (
                    "NSOperand",
                    builder.anonymousObject(classes: expressionClasses("NSConstantValueExpression")) {
                        [
                            ("NSExpressionType", .integer(0)),
                            ("NSConstantValueClassName", builder.reference(to: "_NSPredicateUtilities")),
                        ]
                    }
                ),
                ("NSSelectorName", builder.reference(to: selector)),
                ("NSArguments", builder.array(arguments)),
                ("NSExpressionType", .integer(4)),
            ]
        }
    }

    /// The class chain of an `NSExpression` subclass.
    private func expressionClasses(_ className: String) -> [String] {
        [className, "NSExpression", "NSObject"]
    }
}
