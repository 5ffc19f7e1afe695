extension LanguageSyntax {
    /// Swift 6.
    static let swift = LanguageSyntax(
        keywords: [
            "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
            "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
            "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
            "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
            "throw", "switch", "where", "while", "as", "false", "is", "nil", "self", "Self", "super", "throws",
            "true", "try", "async", "await", "some", "any", "actor", "nonisolated", "mutating", "lazy", "weak",
            "unowned", "final", "override", "convenience", "required", "get", "set", "willSet", "didSet",
            "consuming", "borrowing", "sending",
        ],
        lineComments: ["//"], blockComment: ("/*", "*/"), quotes: ["\""], tripleQuotedStrings: true,
        attributePrefixes: ["@", "#"], capitalizedTypes: true)

    /// Objective-C (and the C it contains).
    static let objectiveC = LanguageSyntax(
        keywords: [
            "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum",
            "extern", "float", "for", "goto", "if", "inline", "int", "long", "register", "return", "short",
            "signed", "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void",
            "volatile", "while", "id", "self", "super", "nil", "Nil", "YES", "NO", "NULL", "BOOL", "SEL",
            "instancetype", "nonatomic", "atomic", "strong", "weak", "copy", "assign", "retain", "readonly",
            "readwrite", "nullable", "nonnull", "__block", "__weak",
        ],
        lineComments: ["//"], blockComment: ("/*", "*/"), quotes: ["\"", "'"], attributePrefixes: ["@"],
        preprocessorLines: true, capitalizedTypes: true)

    /// SQL as SQLite speaks it.
    static let sql = LanguageSyntax(
        keywords: [
            "select", "from", "where", "insert", "into", "values", "update", "set", "delete", "create", "table",
            "index", "view", "trigger", "drop", "alter", "add", "column", "primary", "key", "foreign",
            "references", "not", "null", "unique", "default", "check", "and", "or", "in", "is", "like", "glob",
            "between", "join", "left", "right", "inner", "outer", "cross", "natural", "on", "as", "order", "by",
            "group", "having", "limit", "offset", "asc", "desc", "distinct", "union", "all", "exists", "case",
            "when", "then", "else", "end", "begin", "commit", "rollback", "transaction", "pragma", "integer",
            "text", "real", "blob", "numeric", "varchar", "timestamp", "if", "autoincrement", "collate",
            "escape", "cast", "with", "recursive", "replace", "conflict", "abort", "explain", "query", "plan",
            "using", "returning", "without", "rowid",
        ],
        caseInsensitiveKeywords: true, lineComments: ["--"], blockComment: ("/*", "*/"), quotes: ["'", "\"", "`"],
        multilineStrings: true)

    /// POSIX shell and bash, including sessions with `$ ` prompts.
    static let shell = LanguageSyntax(
        keywords: [
            "if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case", "esac", "in",
            "function", "return", "export", "local", "readonly", "set", "unset", "shift", "exit", "source",
            "alias", "cd", "echo", "exec", "eval", "trap", "time", "sudo",
        ],
        lineComments: ["#"], quotes: ["\"", "'", "`"], multilineStrings: true, shellVariables: true,
        commentsStartWords: true, prompts: true)

    /// JSON (comments allowed, as in JSONC).
    static let json = LanguageSyntax(
        keywords: ["true", "false", "null"], lineComments: ["//"], blockComment: ("/*", "*/"), quotes: ["\""],
        objectKeys: true)
}
