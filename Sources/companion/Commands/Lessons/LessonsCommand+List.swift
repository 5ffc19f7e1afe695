import TerminalKit
import TerminalMarkdown

extension LessonsCommand {
    /// `companion lessons`: number, title, reading time and samples of every lesson.
    static func listLessons(_ output: LessonOutput) throws(CommandLineError) -> ExitStatus {
        let catalog = try catalog()
        guard !catalog.lessons.isEmpty else {
            throw .failure("no lessons in \(catalog.directory)", subject: name)
        }
        let titleWidth = catalog.lessons.map { DisplayWidth.of($0.title) }.max() ?? 0
        let numberWidth = String(catalog.lessons.map(\.number).max() ?? 0).count
        var lines: [StyledLine] = []
        for lesson in catalog.lessons {
            let number = String(lesson.number)
            let padding = String(repeating: " ", count: titleWidth - DisplayWidth.of(lesson.title))
            var line = StyledLine([
                StyledSpan(String(repeating: " ", count: numberWidth - number.count) + number + "  ",
                           style: TextStyle([.bold], foreground: .cyan)),
                StyledSpan(lesson.title, style: TextStyle([.bold])),
                StyledSpan(padding + "  "),
                StyledSpan(String(lesson.minutes).leftPadded(to: 3) + " min", style: TextStyle([.dim])),
            ])
            if !lesson.samples.isEmpty {
                line.append(StyledSpan("  " + lesson.samples.joined(separator: ", "), style: TextStyle(foreground: .green)))
            }
            lines.append(line)
            if !lesson.summary.isEmpty {
                let indent = String(repeating: " ", count: numberWidth + 2)
                lines += TextWrapper(width: output.width).wrap(
                    [[StyledSpan(lesson.summary, style: TextStyle([.dim]))]],
                    firstPrefix: [StyledSpan(indent)], continuationPrefix: [StyledSpan(indent)])
            }
        }
        output.write(lines, paged: false)
        return .success
    }
}

extension String {
    /// The string with spaces in front up to `width` characters.
    func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}
