/// A piece of source code with what it is, for highlighting.
struct CodeToken: Equatable {
    /// The classes of token the lexers tell apart.
    enum Kind: Equatable {
        case plain, keyword, type, string, number, comment, attribute, variable, key, prompt
    }

    var kind: Kind
    var text: String
}
