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

    private func value(of text: String, attribute: String) throws(ModelError) -> Any? {
        switch type {
        case .integer16, .integer32, .integer64:
            guard let number = Int(text) ?? Double(text).flatMap({ Int(exactly: $0) }),
                type.integerRange?.contains(number) ?? true
            else { throw invalid(attribute, text) }
            return number
        case .decimal:
            guard let number = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
                throw invalid(attribute, text)
            }
            return number
        case .double:
            guard let number = Double(text) else { throw invalid(attribute, text) }
            return number
        case .float:
            guard let number = Float(text) else { throw invalid(attribute, text) }
            return number
        case .boolean:
            switch text {
            case "YES", "1", "true": return true
            case "NO", "0", "false": return false
            default: throw invalid(attribute, text)
            }
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
