import Foundation

/// Turns the text of defaults and bounds in model XML into values of an attribute's Swift type.
struct AttributeValueReader {
    /// The attribute's type.
    var type: AttributeType
    /// How error messages name the attribute.
    var element: String

    /// The default value (`defaultValueString`, or `defaultDateTimeInterval` for dates).
    func defaultValue(from attributes: [String: String]) throws(ModelError) -> Any? {
        if type == .date {
            return try date("defaultDateTimeInterval", from: attributes)
        }
        guard let text = attributes["defaultValueString"] else { return nil }
        return try value(of: text, attribute: "defaultValueString")
    }

    /// The lower (`prefix` "min") or upper ("max") bound: a number of the attribute's type, a date,
    /// or a length for strings and binary data.
    func bound(_ prefix: String, from attributes: [String: String]) throws(ModelError) -> Any? {
        if type == .date {
            return try date(prefix + "DateTimeInterval", from: attributes)
        }
        let attribute = prefix + "ValueString"
        guard let text = attributes[attribute] else { return nil }
        switch type {
        case .string, .binaryData, .transformable, .uri:
            guard let length = Int(text) else { throw invalid(attribute, text) }
            return length
        default:
            return try value(of: text, attribute: attribute)
        }
    }

    private func value(of raw: String, attribute: String) throws(ModelError) -> Any? {
        // Xcode's model compiler trims the text and takes YES/NO as 1/0 for every number type: a
        // model whose Integer 32 default is written `NO` compiles, and Apple's model cache then
        // holds 0 (observed in the corpus: Post.hide, a "NO" default archived as the integer 0).
        let text = raw.trimmingCharacters(in: .whitespaces)
        let flag = Self.flag(text)
        switch type {
        case .integer16, .integer32, .integer64:
            guard let number = flag.map({ $0 ? 1 : 0 }) ?? Int(text) ?? Double(text).flatMap({ Int(exactly: $0) }),
                type.integerRange?.contains(number) ?? true
            else { throw invalid(attribute, raw) }
            return number
        case .decimal:
            if let flag { return Decimal(flag ? 1 : 0) }
            guard let number = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
                throw invalid(attribute, raw)
            }
            return number
        case .double:
            guard let number = flag.map({ $0 ? 1.0 : 0.0 }) ?? Double(text) else { throw invalid(attribute, raw) }
            return number
        case .float:
            guard let number = flag.map({ Float($0 ? 1 : 0) }) ?? Float(text) else { throw invalid(attribute, raw) }
            return number
        case .boolean:
            // A number is a Boolean as in C: zero is NO, anything else YES.
            guard let value = flag ?? Int(text).map({ $0 != 0 }) else { throw invalid(attribute, raw) }
            return value
        case .string:
            return text
        case .uuid:
            guard let uuid = UUID(uuidString: text) else { throw invalid(attribute, text) }
            return uuid
        case .uri:
            guard let url = URL(string: text) else { throw invalid(attribute, text) }
            return url
        case .date, .binaryData, .transformable, .objectID, .undefined:
            // Xcode offers no default for these types; a hand-edited one is ignored as Core Data does.
            return nil
        }
    }

    /// `YES`/`NO`/`true`/`false` in any case, as Xcode writes and accepts them; nil for anything else.
    private static func flag(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "yes", "true": true
        case "no", "false": false
        default: nil
        }
    }

    private func date(_ attribute: String, from attributes: [String: String]) throws(ModelError) -> Date? {
        guard let text = attributes[attribute] else { return nil }
        // Xcode writes dates as seconds since 2001-01-01 (the `…DateTimeInterval` attributes).
        guard let seconds = Double(text) else { throw invalid(attribute, text) }
        return Date(timeIntervalSinceReferenceDate: seconds)
    }

    private func invalid(_ attribute: String, _ text: String) -> ModelError {
        .invalidValue(element: element, attribute: attribute, value: text)
    }
}
