/// Splits a dot-command line into words: spaces separate, and single or double quotes keep
/// spaces inside one word (`.rows Book --where "title BEGINSWITH 'A'"`).
enum ShellWords {
    /// The words of `line`.
    ///
    /// - Throws: a usage error naming the command when a quote is opened and never closed.
    static func split(_ line: String) throws(CommandLineError) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var inWord = false
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
                continue
            }
            if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character.isWhitespace {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if let quote {
            throw .usage(
                "the \(quote) quote opened in this line is never closed", subject: words.first ?? current)
        }
        if inWord { words.append(current) }
        return words
    }
}
