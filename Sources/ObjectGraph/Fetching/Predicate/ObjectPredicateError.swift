import Foundation

/// Why a predicate could not be parsed, given its arguments, or compiled for a store.
///
/// Every message quotes the predicate and, for syntax problems, points at the column (1-based,
/// counted in characters): `invalid predicate "name == AND year > 2000": unexpected token 'AND' at
/// column 9, expected a value`.
/// (Named `ObjectPredicateError`, not `PredicateError`, because Foundation already declares a
/// `PredicateError` and code importing both modules must not face an ambiguity.)
public enum ObjectPredicateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text does not follow the grammar: `found` was met at `column` where `expected` should be.
    case unexpectedToken(predicate: String, column: Int, found: String, expected: String)
    /// A quoted string has no closing quote.
    case unterminatedString(predicate: String, column: Int)
    /// A character that cannot start any token, such as `^` or a lone `%`.
    case unexpectedCharacter(predicate: String, column: Int, character: String)
    /// A format specifier (`%@`, `%K`, `%d`…) has no argument left to consume.
    case missingArgument(predicate: String, column: Int, specifier: String, argumentCount: Int)
    /// A format argument has the wrong type for its specifier (`%K` needs a string, `%d` an integer).
    case invalidArgument(predicate: String, column: Int, specifier: String, expected: String, found: String)
    /// A literal is well formed but cannot be used: a bad `CAST`, a number out of range, `BETWEEN` without
    /// two bounds, an unknown `[x]` option.
    case invalidValue(predicate: String, column: Int, message: String)
    /// `withSubstitutionVariables(_:)` got no value for a `$VARIABLE` the predicate uses.
    case missingSubstitutionVariable(predicate: String, name: String)
    /// A key path names a property the entity does not have (SQL compilation).
    case unknownKey(predicate: String, entity: String, key: String, closestKey: String?)
    /// The predicate is valid but cannot be turned into SQL for this store, for the reason given.
    case unsupportedInSQL(predicate: String, reason: String)

    /// A one-line explanation that quotes the predicate.
    public var description: String {
        switch self {
        case .unexpectedToken(let predicate, let column, let found, let expected):
            return
                "invalid predicate \(Self.quoted(predicate, around: column)): unexpected \(found) at column \(column), "
                + "expected \(expected)"
        case .unterminatedString(let predicate, let column):
            return
                "invalid predicate \(Self.quoted(predicate, around: column)): the string starting at column \(column) "
                + "has no closing quote"
        case .unexpectedCharacter(let predicate, let column, let character):
            return "invalid predicate \(Self.quoted(predicate, around: column)): unexpected character '\(character)' "
                + "at column \(column)"
        case .missingArgument(let predicate, let column, let specifier, let argumentCount):
            let given = argumentCount == 1 ? "1 argument was" : "\(argumentCount) arguments were"
            return
                "invalid predicate \(Self.quoted(predicate, around: column)): \(specifier) at column \(column) has no "
                + "argument (\(given) given)"
        case .invalidArgument(let predicate, let column, let specifier, let expected, let found):
            return
                "invalid predicate \(Self.quoted(predicate, around: column)): the argument for \(specifier) at column "
                + "\(column) must be \(expected), not \(found)"
        case .invalidValue(let predicate, let column, let message):
            return "invalid predicate \(Self.quoted(predicate, around: column)): \(message) at column \(column)"
        case .missingSubstitutionVariable(let predicate, let name):
            return "predicate \(Self.quoted(predicate)) uses $\(name) but no value was given for it"
        case .unknownKey(let predicate, let entity, let key, let closestKey):
            let hint = closestKey.map { "; did you mean '\($0)'?" } ?? ""
            return "predicate \(Self.quoted(predicate)): entity \(entity) has no property '\(key)'\(hint)"
        case .unsupportedInSQL(let predicate, let reason):
            return "predicate \(Self.quoted(predicate)) cannot be run by the SQLite store: \(reason)"
        }
    }

    /// The 1-based column the error points at, when it is a syntax or argument error.
    public var column: Int? {
        switch self {
        case .unexpectedToken(_, let column, _, _), .unterminatedString(_, let column),
            .unexpectedCharacter(_, let column, _), .missingArgument(_, let column, _, _),
            .invalidArgument(_, let column, _, _, _), .invalidValue(_, let column, _):
            return column
        case .missingSubstitutionVariable, .unknownKey, .unsupportedInSQL:
            return nil
        }
    }

    /// The most characters of a predicate a message quotes; a longer one (generated, or pasted by
    /// mistake) is cut to the part around `column`, so the message stays one readable line.
    static let quotedLengthLimit = 160

    /// The predicate in double quotes, cut with `…` to ``quotedLengthLimit`` characters around the
    /// 1-based `column` (or from the start) when it is longer.
    private static func quoted(_ predicate: String, around column: Int? = nil) -> String {
        var text = predicate
        if predicate.count > quotedLengthLimit {
            let characters = Array(predicate)
            let half = quotedLengthLimit / 2
            let center = min(max((column ?? 1) - 1, half), characters.count - half)
            let start = max(0, center - half)
            let end = min(characters.count, start + quotedLengthLimit)
            text = (start > 0 ? "…" : "") + String(characters[start..<end]) + (end < characters.count ? "…" : "")
        }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
