import Foundation
import TerminalKit
import TerminalMarkdown

extension LessonsCommand {
    /// Shows one lesson, a Markdown file or standard input (or its headings with `--toc`).
    ///
    /// An empty document (an empty file, `/dev/null`) is a valid CommonMark document: nothing is
    /// drawn and the exit status is 0, with a one-line warning on standard error so a student
    /// who sees nothing knows why.
    static func show(_ selector: String, toc: Bool, _ output: LessonOutput) throws(CommandLineError) -> ExitStatus {
        let shown = try document(for: selector)
        if toc {
            let lines = MarkdownOutline.headings(in: shown.markdown).map { heading in
                StyledLine([StyledSpan(String(repeating: "  ", count: heading.level - 1) + heading.text)])
            }
            output.write(lines, paged: false)
        } else {
            let renderer = MarkdownRenderer(options: output.renderOptions(documentDirectory: shown.directory))
            output.write(renderer.lines(for: shown.header + shown.markdown), paged: true)
        }
        if shown.lesson == nil, shown.markdown.allSatisfy(\.isWhitespace) {
            printError("companion: \(shown.subject): warning: the document is empty; nothing to show")
        }
        if let lesson = shown.lesson {
            do {
                try ReadingState(environment: ProcessInfo.processInfo.environment).remember(lesson.slug)
            } catch {
                printError("companion: \(name): warning: \(error.description); 'next' and 'prev' will not know it")
            }
        }
        return .success
    }
}
