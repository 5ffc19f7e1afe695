import Foundation

/// String comparison with Core Data's `[c]` (case) and `[d]` (diacritic) folding, in Swift, for
/// SQL functions and in-memory code alike.
public struct StringComparison: Sendable, Hashable {
    /// Compare ignoring case (`[c]`).
    public var caseInsensitive: Bool
    /// Compare ignoring accents and other diacritics (`[d]`).
    public var diacriticInsensitive: Bool

    /// Makes a comparison from its two switches.
    public init(caseInsensitive: Bool = false, diacriticInsensitive: Bool = false) {
        self.caseInsensitive = caseInsensitive
        self.diacriticInsensitive = diacriticInsensitive
    }

    /// Reads the option letters of a predicate modifier: `"c"`, `"d"`, `"cd"` (others ignored).
    public init(options: String) {
        self.init(caseInsensitive: options.contains("c"), diacriticInsensitive: options.contains("d"))
    }

    /// `text` with the chosen folding applied (unchanged when neither option is on).
    public func fold(_ text: String) -> String {
        var options: String.CompareOptions = []
        if caseInsensitive { options.insert(.caseInsensitive) }
        if diacriticInsensitive { options.insert(.diacriticInsensitive) }
        guard !options.isEmpty else { return text }
        return text.folding(options: options, locale: nil)
    }

    /// Orders two strings after folding, by Unicode scalar values: -1, 0 or 1.
    public func compare(_ left: String, _ right: String) -> Int {
        let (a, b) = (fold(left), fold(right))
        if a == b { return 0 }
        return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) ? -1 : 1
    }

    /// Whether `text` begins with `prefix` after folding.
    public func hasPrefix(_ text: String, _ prefix: String) -> Bool {
        fold(text).hasPrefix(fold(prefix))
    }

    /// Whether `text` ends with `suffix` after folding.
    public func hasSuffix(_ text: String, _ suffix: String) -> Bool {
        fold(text).hasSuffix(fold(suffix))
    }

    /// Whether `text` contains `part` after folding (every string contains the empty string).
    public func contains(_ text: String, _ part: String) -> Bool {
        let part = fold(part)
        return part.isEmpty || fold(text).contains(part)
    }

    /// Core Data's `LIKE`: `*` matches any run of characters, `?` exactly one, `\` escapes;
    /// the whole string must match.
    public func matchesWildcard(_ text: String, pattern: String) -> Bool {
        let characters = Array(fold(text))
        var tokens: [WildcardToken] = []
        var escaping = false
        for character in fold(pattern) {
            if escaping {
                tokens.append(.literal(character))
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "*" {
                tokens.append(.anyRun)
            } else if character == "?" {
                tokens.append(.anyOne)
            } else {
                tokens.append(.literal(character))
            }
        }
        if escaping { tokens.append(.literal("\\")) }
        return Self.match(characters, tokens)
    }

    /// Core Data's `MATCHES`: an ICU regular expression that must match the whole string.
    ///
    /// - Throws: ``StringComparisonError/invalidPattern(_:)`` when `pattern` is not a regular
    ///   expression.
    public func matchesRegularExpression(_ text: String, pattern: String) throws -> Bool {
        var options: NSRegularExpression.Options = []
        if caseInsensitive { options.insert(.caseInsensitive) }
        let expression: NSRegularExpression
        do {
            expression = try NSRegularExpression(pattern: "^(?:" + pattern + ")$", options: options)
        } catch {
            throw StringComparisonError.invalidPattern(pattern)
        }
        let subject = diacriticInsensitive ? StringComparison(diacriticInsensitive: true).fold(text) : text
        let range = NSRange(subject.startIndex..., in: subject)
        return expression.firstMatch(in: subject, options: [], range: range) != nil
    }

    private enum WildcardToken {
        case literal(Character)
        case anyOne
        case anyRun
    }

    /// Iterative wildcard matching with single backtracking point (linear in practice).
    private static func match(_ text: [Character], _ tokens: [WildcardToken]) -> Bool {
        var (t, p) = (0, 0)
        var star: (token: Int, text: Int)?
        while t < text.count {
            if p < tokens.count {
                switch tokens[p] {
                case .anyRun:
                    star = (p, t)
                    p += 1
                    continue
                case .anyOne:
                    t += 1
                    p += 1
                    continue
                case .literal(let character) where character == text[t]:
                    t += 1
                    p += 1
                    continue
                case .literal:
                    break
                }
            }
            guard let saved = star else { return false }
            p = saved.token + 1
            t = saved.text + 1
            star = (saved.token, saved.text + 1)
        }
        while p < tokens.count, case .anyRun = tokens[p] { p += 1 }
        return p == tokens.count
    }
}

/// Why a string comparison could not run.
public enum StringComparisonError: Error, Sendable, CustomStringConvertible {
    /// The `MATCHES` pattern is not a valid regular expression.
    case invalidPattern(String)

    /// A one-line explanation naming the pattern.
    public var description: String {
        switch self {
        case .invalidPattern(let pattern): return "invalid regular expression: \(pattern)"
        }
    }
}
