import TerminalKit

/// Turns a code block into styled lines: highlighted for Swift, Objective-C, SQL, shell and
/// JSON, plain for anything else. Tabs are expanded to 4-column stops before sanitising, so the
/// columns line up as the author saw them.
enum CodeHighlighter {
    /// The lines of `code` (a code block's literal, with its final newline), styled.
    static func lines(of code: String, info: String) -> [[StyledSpan]] {
        var text = Substring(code)
        // The last character dropped by index, not by `dropLast()`, which counts every character first.
        if text.hasSuffix("\n") { text = text[..<text.index(before: text.endIndex)] }
        let expanded = expandTabs(text)
        guard let syntax = LanguageSyntax.named(info) else {
            return lineParts(of: expanded).map { [StyledSpan($0)] }
        }
        var lines: [[StyledSpan]] = [[]]
        for token in CodeLexer.tokens(of: expanded, syntax: syntax) {
            let style = Theme.token(token.kind)
            // Most tokens lie within one line: they are a span of the current line as they are.
            guard token.text.utf8.contains(0x0A) else {
                if !token.text.isEmpty { lines[lines.count - 1].append(StyledSpan(token.text, style: style)) }
                continue
            }
            var first = true
            for part in lineParts(of: token.text) {
                if !first { lines.append([]) }
                first = false
                if !part.isEmpty { lines[lines.count - 1].append(StyledSpan(part, style: style)) }
            }
        }
        return lines
    }

    /// `text` split at each line feed, empty parts kept. Without a carriage return (nearly all
    /// code) the split is on bytes, not on characters, which is the same split far faster; with
    /// one, "\r\n" is one character and stays whole, as it always did.
    private static func lineParts(of text: String) -> [Substring] {
        guard !text.utf8.contains(0x0D) else { return text.split(separator: "\n", omittingEmptySubsequences: false) }
        return text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { Substring($0) }
    }

    /// Replaces tabs with spaces up to the next multiple of 4 columns.
    static func expandTabs(_ text: Substring) -> String {
        // The bytes searched in place where they are contiguous (always, for a native string):
        // a substring's view searched byte by byte through its indices costs ten times as much.
        let hasTab = text.utf8.withContiguousStorageIfAvailable { $0.contains(0x09) } ?? text.utf8.contains(0x09)
        guard hasTab else { return String(text) }
        var result = ""
        var column = 0
        for character in text {
            if character == "\t" {
                let spaces = 4 - column % 4
                result += String(repeating: " ", count: spaces)
                column += spaces
            } else if character == "\n" {
                result.append(character)
                column = 0
            } else {
                result.append(character)
                column += DisplayWidth.of(character)
            }
        }
        return result
    }
}
