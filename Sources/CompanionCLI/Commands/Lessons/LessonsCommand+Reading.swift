import Foundation
import TerminalMarkdown

/// What `companion lessons SELECTOR` shows: a lesson of the catalogue, a Markdown file or
/// standard input, with what the rendering and the messages need to know about it.
struct ShownDocument {
    /// The name messages give it: the file's path, `standard input`, or `lessons` for a lesson.
    var subject: String
    /// The Markdown to render, front matter removed.
    var markdown: String
    /// Markdown drawn above the document (a lesson's number, reading time and samples), or "".
    var header: String = ""
    /// The folder relative links resolve against.
    var directory: String?
    /// The catalogue lesson, remembered as the last one read; nil for files and standard input.
    var lesson: Lesson?
}

extension LessonsCommand {
    /// Finds and reads what `selector` names: `-` is standard input; an argument that looks like
    /// a path (see ``looksLikePath(_:)``) is a file; anything else is a lesson number, slug, or
    /// `next`/`prev`, and only when no lesson has it a file or folder of that name. A lesson's
    /// file name (`05-fetching.md`) still finds the lesson when no such file is in the current
    /// folder.
    static func document(for selector: String) throws(CommandLineError) -> ShownDocument {
        if selector == "-" {
            let subject = "standard input"
            let text: String
            do {
                text = try MarkdownInput.readStandardInput()
            } catch {
                throw .failure(error.description, subject: subject)
            }
            return try markdownDocument(subject: subject, text: text, directory: nil)
        }
        if !looksLikePath(selector) {
            do {
                return try lessonDocument(named: selector)
            } catch  where !["next", "prev"].contains(selector) && FileManager.default.fileExists(atPath: selector) {
                // No lesson has that name but a file or folder does (`README`, `.`): read it, or say why not.
            }
        }
        let text: String
        do throws(MarkdownInputError) {
            text = try MarkdownInput.read(path: selector)
        } catch .noSuchFile where !selector.contains("/") {
            guard let lesson = try? catalog().lesson(named: selector) else {
                throw .failure(MarkdownInputError.noSuchFile.description, subject: selector)
            }
            return document(of: lesson)
        } catch {
            throw .failure(error.description, subject: selector)
        }
        return try markdownDocument(
            subject: selector, text: text, directory: (selector as NSString).deletingLastPathComponent)
    }

    /// Whether a selector names a file rather than a lesson: it contains `/` or ends in `.md` or
    /// `.markdown`. Such an argument that does not exist is "no such file", not "no lesson".
    static func looksLikePath(_ selector: String) -> Bool {
        selector.contains("/") || selector.hasSuffix(".md") || selector.hasSuffix(".markdown")
    }

    /// A file or standard input, read as text: front matter is removed, as for lessons.
    private static func markdownDocument(
        subject: String, text: String, directory: String?
    ) throws(CommandLineError) -> ShownDocument {
        do {
            return ShownDocument(subject: subject, markdown: try FrontMatter(parsing: text).body, directory: directory)
        } catch {
            throw .failure(error.description, subject: subject)
        }
    }

    /// A lesson of the catalogue, by number, slug, file name, `next` or `prev`.
    private static func lessonDocument(named selector: String) throws(CommandLineError) -> ShownDocument {
        let catalog = try catalog()
        do {
            switch selector {
            case "next", "prev":
                let state = ReadingState(environment: ProcessInfo.processInfo.environment)
                return document(of: try catalog.neighbour(of: state.lastSlug(), offset: selector == "next" ? 1 : -1))
            default:
                return document(of: try catalog.lesson(named: selector))
            }
        } catch {
            throw .failure(error.description, subject: name)
        }
    }

    private static func document(of lesson: Lesson) -> ShownDocument {
        ShownDocument(
            subject: name, markdown: LessonCommandLines.spelled(runnableBlocksMarked(lesson)),
            header: lessonHeader(lesson) + "\n\n",
            directory: (lesson.path as NSString).deletingLastPathComponent, lesson: lesson)
    }

    /// The lesson's text with `▶ companion lessons run NN B` above each runnable block, spelled
    /// so it runs where the student is (see ``Invocation/companion(_:)``).
    static func runnableBlocksMarked(_ lesson: Lesson) -> String {
        let number = (lesson.number < 10 ? "0" : "") + "\(lesson.number)"
        return LessonProgram.markingRunnableBlocks(in: lesson.body) { block in
            Invocation.companion("lessons run \(number) \(block)")
        }
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
