import Foundation
import TerminalKit
import TerminalMarkdown

extension LessonsCommand {
    /// Shows one lesson, a Markdown file or standard input (or its headings with `--toc`).
    static func show(_ selector: String, toc: Bool, _ output: LessonOutput) throws(CommandLineError) -> ExitStatus {
        let markdown: String
        var header: [String] = []
        var directory: String?
        var lessonToRemember: Lesson?
        if selector == "-" {
            markdown = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        } else if selector.hasSuffix(".md") || selector.contains("/"),
                  FileManager.default.fileExists(atPath: selector) {
            guard let data = FileManager.default.contents(atPath: selector) else {
                throw .failure("cannot read this file", subject: selector)
            }
            let text = String(decoding: data, as: UTF8.self)
            do {
                markdown = try FrontMatter(parsing: text).body
            } catch {
                throw .failure(error.description, subject: selector)
            }
            directory = (selector as NSString).deletingLastPathComponent
        } else {
            let catalog = try catalog()
            let lesson: Lesson
            do {
                switch selector {
                case "next", "prev":
                    let state = ReadingState(environment: ProcessInfo.processInfo.environment)
                    lesson = try catalog.neighbour(of: state.lastSlug(), offset: selector == "next" ? 1 : -1)
                default:
                    lesson = try catalog.lesson(named: selector)
                }
            } catch {
                throw .failure(error.description, subject: name)
            }
            markdown = lesson.body
            directory = (lesson.path as NSString).deletingLastPathComponent
            header = [lessonHeader(lesson)]
            lessonToRemember = lesson
        }

        if toc {
            let lines = MarkdownOutline.headings(in: markdown).map { heading in
                StyledLine([StyledSpan(String(repeating: "  ", count: heading.level - 1) + heading.text)])
            }
            output.write(lines, paged: false)
        } else {
            let renderer = MarkdownRenderer(options: output.renderOptions(documentDirectory: directory))
            let headerMarkdown = header.isEmpty ? "" : header.joined(separator: "\n") + "\n\n"
            output.write(renderer.lines(for: headerMarkdown + markdown), paged: true)
        }
        if let lesson = lessonToRemember {
            do {
                try ReadingState(environment: ProcessInfo.processInfo.environment).remember(lesson.slug)
            } catch {
                printError("companion: \(name): warning: \(error.description); 'next' and 'prev' will not know it")
            }
        }
        return .success
    }

    /// A line above a lesson: its number, reading time and samples, as an emphasised paragraph.
    private static func lessonHeader(_ lesson: Lesson) -> String {
        var parts = ["Lesson \(lesson.number)", "\(lesson.minutes) min"]
        if !lesson.samples.isEmpty { parts.append("samples: " + lesson.samples.joined(separator: ", ")) }
        let escaped = parts.joined(separator: " · ").replacingOccurrences(of: "*", with: "\\*")
            .replacingOccurrences(of: "_", with: "\\_")
        return "*" + escaped + "*"
    }
}
