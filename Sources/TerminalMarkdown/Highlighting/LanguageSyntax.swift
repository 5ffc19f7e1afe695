/// What a small lexer needs to know about a language to highlight it.
///
/// These are deliberately small, hand-written descriptions — enough to colour keywords, strings,
/// numbers, comments, attributes and variables the way a reader expects — not parsers.
struct LanguageSyntax: Sendable {
    var keywords: Set<String>
    /// SQL keywords are matched without regard to case.
    var caseInsensitiveKeywords = false
    var lineComments: [String] = []
    var blockComment: (open: String, close: String)?
    var quotes: Set<Unicode.Scalar> = ["\""]
    /// Swift's `"""` multi-line strings.
    var tripleQuotedStrings = false
    /// Whether a string may run over a line end (shell, SQL).
    var multilineStrings = false
    /// Characters that start an attribute or directive word (`@` in Swift, `#if`).
    var attributePrefixes: Set<Unicode.Scalar> = []
    /// `#import …` and other preprocessor lines of C and Objective-C.
    var preprocessorLines = false
    /// Shell `$NAME`, `${NAME}`, `$1`.
    var shellVariables = false
    /// A comment `#` must start a word (shell), so `$#` is not one.
    var commentsStartWords = false
    /// Capitalised identifiers are types (Swift, Objective-C).
    var capitalizedTypes = false
    /// A string followed by `:` is an object key (JSON).
    var objectKeys = false
    /// A line starting with `$ ` shows a prompt (shell sessions).
    var prompts = false

    /// The syntax for a fenced code block's info string (its first word), or nil when the
    /// language is not one we highlight.
    static func named(_ info: String) -> LanguageSyntax? {
        let name =
            info.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," || $0 == "{" }).first
            .map { $0.lowercased() } ?? ""
        switch name {
        case "swift": return swift
        case "objc", "objective-c", "objectivec", "obj-c", "m", "h", "c": return objectiveC
        case "sql", "sqlite", "sqlite3": return sql
        case "sh", "bash", "zsh", "shell", "console", "shell-session", "terminal": return shell
        case "json", "jsonc", "json5": return json
        default: return nil
        }
    }
}
