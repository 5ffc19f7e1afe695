import TerminalKit
import TerminalMarkdown

extension LessonsCommand {
    /// `companion lessons search WORDS`: exit 0 with the matches, 1 when nothing matched.
    static func search(_ words: [String], _ output: LessonOutput) throws(CommandLineError) -> ExitStatus {
        let catalog = try catalog()
        let search = LessonSearch(words: words)
        let matches = search.matches(in: catalog.lessons)
        guard !matches.isEmpty else {
            throw .failure("no lesson contains all of: \(words.joined(separator: " "))", subject: name)
        }
        var lines: [StyledLine] = []
        for match in matches {
            if !lines.isEmpty { lines.append(.blank) }
            lines.append(
                StyledLine([
                    StyledSpan(match.lesson.displayName + "  ", style: TextStyle([.bold], foreground: .cyan)),
                    StyledSpan(match.lesson.title, style: TextStyle([.bold])),
                ]))
            let numberWidth = String(match.lines.last?.number ?? 0).count
            for (number, text) in match.lines {
                let prefix = [
                    StyledSpan(
                        "  " + String(number).leftPadded(to: numberWidth) + ": ",
                        style: TextStyle([.dim]))
                ]
                let indent = [StyledSpan(String(repeating: " ", count: numberWidth + 4))]
                lines += TextWrapper(width: output.width).wrap(
                    [search.highlighted(text, colors: output.colors)], firstPrefix: prefix, continuationPrefix: indent)
            }
        }
        output.write(lines, paged: true)
        return .success
    }
}
