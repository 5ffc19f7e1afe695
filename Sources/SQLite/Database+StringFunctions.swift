extension Database {
    /// The SQL names of the functions ``registerStringFunctions()`` installs.
    ///
    /// Every function takes an options string last: `''`, `'c'`, `'d'` or `'cd'` (Core Data's
    /// `[c]`, `[d]`, `[cd]`). A NULL text argument gives NULL, as SQL comparisons do.
    public enum StringFunction {
        /// `og_fold(text, options)` → the folded text.
        public static let fold = "og_fold"
        /// `og_compare(a, b, options)` → -1, 0 or 1.
        public static let compare = "og_compare"
        /// `og_beginswith(text, prefix, options)` → 0 or 1.
        public static let beginsWith = "og_beginswith"
        /// `og_endswith(text, suffix, options)` → 0 or 1.
        public static let endsWith = "og_endswith"
        /// `og_contains(text, part, options)` → 0 or 1.
        public static let contains = "og_contains"
        /// `og_like(text, pattern, options)` → 0 or 1, Core Data's `*`/`?` wildcards.
        public static let like = "og_like"
        /// `og_matches(text, regex, options)` → 0 or 1, an ICU regex over the whole text.
        public static let matches = "og_matches"
    }

    /// Installs the deterministic string functions of ``StringFunction`` on this connection,
    /// so predicates with `[c]`/`[d]` modifiers can run inside SQLite.
    ///
    /// ```sql
    /// SELECT Z_PK FROM ZMOVIE WHERE og_compare(ZNAME, ?, 'cd') = 0
    /// ```
    public func registerStringFunctions() throws {
        try createFunction(StringFunction.fold, argumentCount: 2) { arguments in
            guard case .text(let text) = arguments[0] else { return arguments[0] }
            return .text(StringComparison(options: arguments[1].stringValue ?? "").fold(text))
        }
        try createFunction(StringFunction.compare, argumentCount: 3) { arguments in
            guard let (left, right, comparison) = Self.textArguments(arguments) else { return .null }
            return .integer(Int64(comparison.compare(left, right)))
        }
        try registerPredicate(StringFunction.beginsWith) { $2.hasPrefix($0, $1) }
        try registerPredicate(StringFunction.endsWith) { $2.hasSuffix($0, $1) }
        try registerPredicate(StringFunction.contains) { $2.contains($0, $1) }
        try registerPredicate(StringFunction.like) { $2.matchesWildcard($0, pattern: $1) }
        try registerPredicate(StringFunction.matches) { try $2.matchesRegularExpression($0, pattern: $1) }
    }

    private func registerPredicate(
        _ name: String, _ test: @escaping (String, String, StringComparison) throws -> Bool
    ) throws {
        try createFunction(name, argumentCount: 3) { arguments in
            guard let (text, operand, comparison) = Self.textArguments(arguments) else { return .null }
            return .integer(try test(text, operand, comparison) ? 1 : 0)
        }
    }

    /// The two text operands and the options; nil when either operand is NULL. Numbers are
    /// compared by their text form, as SQLite's own string functions do.
    private static func textArguments(_ arguments: [SQLiteValue]) -> (String, String, StringComparison)? {
        func text(_ value: SQLiteValue) -> String? {
            switch value {
            case .text(let string): return string
            case .integer(let integer): return String(integer)
            case .real(let real): return String(real)
            case .blob(let data): return String(decoding: data, as: UTF8.self)
            case .null: return nil
            }
        }
        guard let left = text(arguments[0]), let right = text(arguments[1]) else { return nil }
        return (left, right, StringComparison(options: arguments[2].stringValue ?? ""))
    }
}
