/// How a model's names become Swift names: keywords in backticks, names `ManagedObject` already
/// uses renamed, and a model file's name turned into a type name.
enum SwiftIdentifier {
    /// Swift's keywords: a property with one of these names is declared and used in backticks.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate",
        "func", "import", "inout", "internal", "let", "nonisolated", "open", "operator", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard",
        "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false",
        "is", "nil", "throws", "true", "try",
    ]

    /// Names a property cannot take even in backticks, or that `ManagedObject` (and so every
    /// generated class) already declares: a property named so is renamed (see ``propertyName(for:kind:)``).
    static let reservedNames: Set<String> = [
        "self", "Self", "super", "init", "Type", "Protocol", "_",
        "entity", "objectID", "managedObjectContext", "isInserted", "isUpdated", "isDeleted", "isFault",
        "hasChanges", "hasPersistentChangedValues", "description", "debugDescription", "hash", "hashValue",
        "value", "setValue", "addObject", "removeObject", "mutableSetValue", "mutableOrderedSetValue",
        "changedValues", "committedValues", "hasFault", "fireFault", "awakeFromInsert", "prepareForDeletion",
        "willSave", "didSave", "validateForInsert", "validateForUpdate", "validateForDelete", "observe",
        "willChangeValue", "didChangeValue", "fetchRequest", "predicateEntity", "predicateIdentity",
        "predicatePrimaryKey",
    ]

    /// The Swift name of the property `name`: itself, in backticks when it is a keyword, or
    /// `<name><Kind>` (`descriptionAttribute`, `entityRelationship`) when `ManagedObject` already
    /// has a member of that name. `renamed` says which, for the property's documentation.
    static func propertyName(for name: String, kind: String) -> (declared: String, renamed: Bool) {
        if reservedNames.contains(name) { return (name + kind, true) }
        if keywords.contains(name) { return ("`\(name)`", false) }
        return (name, false)
    }

    /// `name` with its first letter capitalized, as Xcode writes it in accessor names (`addToMovies`).
    static func capitalized(_ name: String) -> String {
        name.prefix(1).uppercased() + name.dropFirst()
    }

    /// Whether `name` is a plain Swift identifier (letters, digits and underscores, not starting with a digit).
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    /// A type name made from a model file's name: characters a name cannot hold dropped, the
    /// letter after each capitalized (`Core-Data Editor` → `CoreDataEditor`).
    static func typeName(from text: String) -> String {
        var result = ""
        var capitalizeNext = true
        for character in text {
            guard character == "_" || character.isLetter || character.isNumber else {
                capitalizeNext = true
                continue
            }
            result += capitalizeNext ? character.uppercased() : String(character)
            capitalizeNext = false
        }
        if let first = result.first, first.isNumber { result = "Model" + result }
        return result.isEmpty ? "Generated" : result
    }
}
