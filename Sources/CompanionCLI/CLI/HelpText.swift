/// Help texts fitted to a terminal's width (80 columns, what `--help` promises).
///
/// Help is written as paragraphs and as option lists whose descriptions start in a column of their
/// own (`  --width N   fit tables …`). Fitting rewraps a paragraph as a whole, and a description
/// with its continuation lines under the same column, so nothing is cut and no line is wider.
enum HelpText {
    /// The column width help is fitted to.
    static let width = 80

    /// `text` with every paragraph and every description wrapped to `width` columns.
    static func fitted(_ text: String, width: Int = HelpText.width) -> String {
        var output: [String] = []
        var block: (indent: Int, words: [Substring], head: String)?
        func flush() {
            guard let current = block else { return }
            output += wrap(current.words, head: current.head, indent: current.indent, width: width)
            block = nil
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let leading = line.prefix { $0 == " " }.count
            if let current = block, !line.isEmpty, leading == current.indent, !line.hasSuffix(":") {
                block?.words += line.split(separator: " ")
                continue
            }
            flush()
            if line.hasPrefix("usage: ") {
                output += wrap(line.dropFirst(7).split(separator: " "), head: "usage: ", indent: 11, width: width)
            } else if line.isEmpty || line.hasSuffix(":") {
                output.append(String(line))
            } else if line.dropFirst(leading).hasPrefix("- ") {
                // A bullet: its text wraps under the text, not under the dash.
                let head = String(line.prefix(leading + 2))
                block = (leading + 2, line.dropFirst(leading + 2).split(separator: " "), head)
            } else if let column = descriptionColumn(line) {
                let head = String(line.prefix(column))
                block = (column, line.dropFirst(column).split(separator: " "), head)
            } else if line.dropFirst(leading).hasPrefix("companion ") {
                // One form of a usage synopsis: a line of its own, never joined with the next.
                output += wrap(
                    line.dropFirst(leading).split(separator: " "), head: String(line.prefix(leading)),
                    indent: leading + 4, width: width)
            } else {
                let head = String(line.prefix(leading))
                block = (leading, line.dropFirst(leading).split(separator: " "), head)
            }
        }
        flush()
        return output.joined(separator: "\n")
    }

    /// Where a description starts after a term and two or more spaces (`  --limit N   print …`).
    private static func descriptionColumn(_ line: Substring) -> Int? {
        let characters = Array(line)
        var index = characters.firstIndex { $0 != " " } ?? characters.count
        while index + 2 < characters.count {
            if characters[index] == " ", characters[index + 1] == " " {
                var end = index
                while end < characters.count, characters[end] == " " { end += 1 }
                return end < characters.count ? end : nil
            }
            index += 1
        }
        return nil
    }

    /// The words after `head`, wrapped at `width`, later lines indented by `indent` spaces.
    private static func wrap(_ words: [Substring], head: String, indent: Int, width: Int) -> [String] {
        var lines: [String] = []
        var line = head
        var lineHasWords = false
        for word in words {
            if lineHasWords, line.count + 1 + word.count > width {
                lines.append(line)
                line = String(repeating: " ", count: indent)
                lineHasWords = false
            }
            line += (lineHasWords ? " " : "") + word
            lineHasWords = true
        }
        lines.append(line)
        return lines
    }
}
