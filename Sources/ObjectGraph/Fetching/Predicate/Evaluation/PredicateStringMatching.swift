import Foundation

/// The string operations of the predicate language, shared by the in-memory evaluator and the SQL
/// functions registered with SQLite, so both back ends fold and match text identically.
///
/// Folding uses Foundation's `String.folding(options:locale:)` with no locale; ASCII text takes a fast
/// path with the same result. Matching then works on Unicode scalars.
enum PredicateStringMatching {
    /// Case- and/or diacritic-folded text for `[c]`, `[d]`, `[cd]`.
    static func fold(_ text: String, options: StringComparisonOptions) -> String {
        guard !options.isEmpty else { return text }
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            guard options.contains(.caseInsensitive) else { return text }
            var bytes = Array(text.utf8)
            for index in bytes.indices where bytes[index] >= 0x41 && bytes[index] <= 0x5A { bytes[index] += 32 }
            return String(decoding: bytes, as: UTF8.self)
        }
        var foldingOptions: String.CompareOptions = []
        if options.contains(.caseInsensitive) { foldingOptions.insert(.caseInsensitive) }
        if options.contains(.diacriticInsensitive) { foldingOptions.insert(.diacriticInsensitive) }
        return text.folding(options: foldingOptions, locale: nil)
    }

    static func equal(_ lhs: String, _ rhs: String, options: StringComparisonOptions) -> Bool {
        if options.isEmpty { return lhs.utf8.elementsEqual(rhs.utf8) }
        if let result = searchASCII(lhs, for: rhs, operator: .equal, options: options) { return result }
        return fold(lhs, options: options).unicodeScalars.elementsEqual(fold(rhs, options: options).unicodeScalars)
    }

    /// Scalar-by-scalar order, which is UTF-8 byte order and so SQLite's BINARY collation.
    static func compareLiterally(_ lhs: String, _ rhs: String) -> Int {
        var left = lhs.utf8.makeIterator()
        var right = rhs.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let l?, let r?) where l != r: return l < r ? -1 : 1
            default: continue
            }
        }
    }

    /// `BEGINSWITH`, `ENDSWITH`, `CONTAINS` between strings. An empty search string matches nothing,
    /// as in Foundation.
    static func search(
        _ text: String, for pattern: String, operator comparisonOperator: ComparisonOperator,
        options: StringComparisonOptions
    ) -> Bool {
        if let result = searchASCII(text, for: pattern, operator: comparisonOperator, options: options) {
            return result
        }
        return searchFolded(text, for: pattern, operator: comparisonOperator, options: options)
    }

    /// The general search: fold both strings, then compare Unicode scalars.
    static func searchFolded(
        _ text: String, for pattern: String, operator comparisonOperator: ComparisonOperator,
        options: StringComparisonOptions
    ) -> Bool {
        let haystack = Array(fold(text, options: options).unicodeScalars)
        let needle = Array(fold(pattern, options: options).unicodeScalars)
        if comparisonOperator == .equal { return haystack == needle }
        guard !needle.isEmpty, needle.count <= haystack.count else { return false }
        switch comparisonOperator {
        case .beginsWith: return haystack[..<needle.count].elementsEqual(needle)
        case .endsWith: return haystack[(haystack.count - needle.count)...].elementsEqual(needle)
        case .contains:
            let limit = haystack.count - needle.count
            var start = 0
            while start <= limit {
                if haystack[start] == needle[0], haystack[start..<(start + needle.count)].elementsEqual(needle) {
                    return true
                }
                start += 1
            }
            return false
        default: return false
        }
    }

    /// `LIKE`: `*` matches any run of characters, `?` exactly one; a backslash makes the next
    /// character literal. The whole string must match.
    static func like(_ text: String, pattern: String, options: StringComparisonOptions) -> Bool {
        let characters = Array(fold(text, options: options).unicodeScalars)
        var tokens: [LikeToken] = []
        var scalars = fold(pattern, options: options).unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar {
            case "*": if tokens.last != .anyRun { tokens.append(.anyRun) }
            case "?": tokens.append(.anyOne)
            case "\\": tokens.append(.literal(scalars.next() ?? "\\"))
            default: tokens.append(.literal(scalar))
            }
        }
        // Greedy matching with one backtrack point per `*`: linear in practice, never exponential.
        var textIndex = 0
        var tokenIndex = 0
        var starToken = -1
        var starText = 0
        while textIndex < characters.count {
            if tokenIndex < tokens.count {
                switch tokens[tokenIndex] {
                case .anyRun:
                    starToken = tokenIndex
                    starText = textIndex
                    tokenIndex += 1
                    continue
                case .anyOne:
                    textIndex += 1
                    tokenIndex += 1
                    continue
                case .literal(let scalar) where scalar == characters[textIndex]:
                    textIndex += 1
                    tokenIndex += 1
                    continue
                default:
                    break
                }
            }
            guard starToken >= 0 else { return false }
            tokenIndex = starToken + 1
            starText += 1
            textIndex = starText
        }
        while tokenIndex < tokens.count, tokens[tokenIndex] == .anyRun { tokenIndex += 1 }
        return tokenIndex == tokens.count
    }

    private enum LikeToken: Equatable {
        case anyRun
        case anyOne
        case literal(Unicode.Scalar)
    }

    /// `MATCHES`: the ICU regular expression must match the whole string. `[c]` makes the expression
    /// case-insensitive; `[d]` folds diacritics in both text and expression. An invalid expression
    /// matches nothing.
    static func matches(_ text: String, pattern: String, options: StringComparisonOptions) -> Bool {
        let diacritics = options.intersection(.diacriticInsensitive)
        let subject = fold(text, options: diacritics)
        guard
            let expression = PredicateRegexCache.shared.expression(
                for: fold(pattern, options: diacritics), caseInsensitive: options.contains(.caseInsensitive))
        else { return false }
        let range = NSRange(subject.startIndex..., in: subject)
        return expression.firstMatch(in: subject, options: [], range: range) != nil
    }
}

/// Compiled `MATCHES` expressions, reused across rows (a store query calls the function once per row).
///
/// `@unchecked Sendable`: the dictionary is only touched while holding `lock`.
final class PredicateRegexCache: @unchecked Sendable {
    static let shared = PredicateRegexCache()

    private struct Key: Hashable {
        let pattern: String
        let caseInsensitive: Bool
    }

    private let lock = NSLock()
    private var expressions: [Key: NSRegularExpression?] = [:]

    /// The expression anchored to the whole string, or nil when the pattern is not valid ICU syntax.
    func expression(for pattern: String, caseInsensitive: Bool) -> NSRegularExpression? {
        let key = Key(pattern: pattern, caseInsensitive: caseInsensitive)
        lock.lock()
        defer { lock.unlock() }
        if let cached = expressions[key] { return cached }
        if expressions.count > 256 { expressions.removeAll() }
        // The raw pattern must be valid on its own, or wrapping could turn "a)|(b" into a valid one.
        let options: NSRegularExpression.Options = caseInsensitive ? [.caseInsensitive] : []
        guard (try? NSRegularExpression(pattern: pattern, options: options)) != nil else {
            expressions[key] = .some(nil)
            return nil
        }
        let compiled = try? NSRegularExpression(
            pattern: "\\A(?:" + pattern + ")\\z",
            options: options)
        expressions[key] = compiled
        return compiled
    }
}
