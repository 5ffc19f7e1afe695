import Foundation
import TerminalMarkdown

/// A fenced code block of a lesson, with where it is, for messages.
struct LessonSnippet: Equatable {
    /// The info string's words: `swift run` → ["swift", "run"].
    var info: [String]
    /// The code, without the fence lines and without the fence's indentation.
    var code: String
    /// The 1-based line of the opening fence.
    var line: Int

    /// The fenced blocks of a Markdown file, in order, as the lesson reader finds them
    /// (``FencedCodeBlock/blocks(in:)``).
    static func snippets(in markdown: String) -> [LessonSnippet] {
        FencedCodeBlock.blocks(in: markdown).map { LessonSnippet(info: $0.info, code: $0.code, line: $0.line) }
    }

    /// Whether this is a `swift` block (which must compile against the library).
    var isSwift: Bool { info.first?.lowercased() == "swift" }

    /// Whether this is a `swift excerpt` block: part of a generated file, checked against the
    /// generator's output (``GeneratedCodeExcerpt``) instead of compiled.
    var isExcerpt: Bool { isSwift && info.dropFirst().contains("excerpt") }

    /// Whether this is a `swift run` block (which must also run successfully).
    var runs: Bool { isSwift && info.dropFirst().contains("run") }

    /// Whether this is a shell block whose `companion …` / `swift run …` lines are executed.
    var isShell: Bool {
        ["sh", "bash", "zsh", "shell", "console", "shell-session", "terminal"].contains(info.first?.lowercased() ?? "")
    }
}
