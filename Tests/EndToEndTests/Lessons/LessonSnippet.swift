import Foundation

/// A fenced code block of a lesson, with where it is, for messages.
struct LessonSnippet: Equatable {
    /// The info string's words: `swift run` → ["swift", "run"].
    var info: [String]
    /// The code, without the fence lines and without the fence's indentation.
    var code: String
    /// The 1-based line of the opening fence.
    var line: Int

    /// The fenced blocks of a Markdown file, in order.
    ///
    /// Fences may be indented (inside list items); the content loses that much indentation, as
    /// CommonMark says. A fence is closed by the same character, at least as many times.
    static func snippets(in markdown: String) -> [LessonSnippet] {
        var snippets: [LessonSnippet] = []
        var open: (character: Character, length: Int, indent: Int, info: [String], line: Int)?
        var lines: [String] = []
        for (offset, rawLine) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(rawLine)
            let indent = line.prefix { $0 == " " }.count
            let content = line.dropFirst(indent)
            let fenceCharacter = content.first.flatMap { $0 == "`" || $0 == "~" ? $0 : nil }
            let run = fenceCharacter.map { character in content.prefix { $0 == character }.count } ?? 0
            if let current = open {
                if fenceCharacter == current.character, run >= current.length,
                    content.dropFirst(run).allSatisfy({ $0 == " " })
                {
                    snippets.append(
                        LessonSnippet(
                            info: current.info, code: lines.joined(separator: "\n"),
                            line: current.line))
                    open = nil
                    lines = []
                } else {
                    lines.append(String(line.dropFirst(min(current.indent, indent))))
                }
            } else if let character = fenceCharacter, run >= 3 {
                let info = content.dropFirst(run).split(separator: " ").map(String.init)
                open = (character, run, indent, info, offset + 1)
            }
        }
        return snippets
    }

    /// Whether this is a `swift` block (which must compile against the library).
    var isSwift: Bool { info.first?.lowercased() == "swift" }

    /// Whether this is a `swift run` block (which must also run successfully).
    var runs: Bool { isSwift && info.dropFirst().contains("run") }

    /// Whether this is a shell block whose `companion …` / `swift run …` lines are executed.
    var isShell: Bool {
        ["sh", "bash", "zsh", "shell", "console", "shell-session", "terminal"].contains(info.first?.lowercased() ?? "")
    }
}
