/// One token of a predicate format string, with where it starts.
struct PredicateToken: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        /// A key (`name`, or `#size` escaped from a reserved word).
        case identifier(String)
        /// A reserved word, upper-cased (`AND`, `BEGINSWITH`, `NIL`…).
        case keyword(PredicateKeyword)
        /// An integer literal's magnitude (the sign is a separate `-` token).
        case integer(UInt64)
        case double(Double)
        case string(String)
        /// `$NAME`.
        case variable(String)
        /// `@count`, `@sum`…
        case collectionOperator(String)
        /// A format specifier such as `%@`, `%K`, `%ld`, holding the text after `%`.
        case formatSpecifier(String)
        /// Punctuation and operators: `(` `)` `{` `}` `[` `]` `,` `.` `==` `!=` `<` `<=` `>` `>=`
        /// `&&` `||` `!` `+` `-` `*` `/` `**`, with the synonyms `=`, `<>`, `=<`, `=>` already normalised.
        case symbol(String)
        case end
    }

    let kind: Kind
    /// Where the token starts: an offset in Unicode scalars (see ``PredicateColumn`` for the column).
    let offset: Int
    /// The source text of the token, for error messages.
    let text: String

    /// How an error message names the token: `token 'AND'`, `end of the predicate`.
    var errorDescription: String {
        switch kind {
        case .end: return "end of the predicate"
        case .string: return "string \(text)"
        default: return "token '\(text)'"
        }
    }
}

/// The reserved words of the grammar. They are case-insensitive; a key with one of these names is
/// written with a `#` in front (`#size`).
enum PredicateKeyword: String, CaseIterable, Sendable {
    case and = "AND"
    case or = "OR"
    case not = "NOT"
    case `in` = "IN"
    case between = "BETWEEN"
    case like = "LIKE"
    case matches = "MATCHES"
    case beginsWith = "BEGINSWITH"
    case endsWith = "ENDSWITH"
    case contains = "CONTAINS"
    case any = "ANY"
    case all = "ALL"
    case none = "NONE"
    case some = "SOME"
    case null = "NULL"
    case `nil` = "NIL"
    case `self` = "SELF"
    case `true` = "TRUE"
    case `false` = "FALSE"
    case yes = "YES"
    case no = "NO"
    case truePredicate = "TRUEPREDICATE"
    case falsePredicate = "FALSEPREDICATE"
    case subquery = "SUBQUERY"
    case cast = "CAST"
    case function = "FUNCTION"
    case first = "FIRST"
    case last = "LAST"
    case size = "SIZE"
    case anyKey = "ANYKEY"

    /// The keyword `word` spells, in any case; nil for an ordinary key.
    static func named(_ word: String) -> PredicateKeyword? {
        // Every keyword is 2–14 ASCII letters, so most keys are ruled out before any allocation.
        guard (2...14).contains(word.utf8.count), word.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        return byUppercasedName[word.uppercased()]
    }

    /// Whether `word` (in any case) is reserved.
    static func isReserved(_ word: String) -> Bool {
        named(word) != nil
    }

    private static let byUppercasedName: [String: PredicateKeyword] = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })
}

/// Turns a scalar offset into the 1-based column, counted in characters, that error messages show.
///
/// The lexer works on Unicode scalars for speed; only an error pays for counting characters.
enum PredicateColumn {
    static func column(in text: String, offset: Int) -> Int {
        String(String.UnicodeScalarView(text.unicodeScalars.prefix(offset))).count + 1
    }
}
