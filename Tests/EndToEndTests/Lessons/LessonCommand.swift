import Foundation

/// A `companion …` or `swift run …` command shown in a lesson's shell block.
struct LessonCommand: Equatable {
    /// The command as the lesson shows it (continuation lines joined).
    var text: String
    /// The line of the lesson it starts on.
    var line: Int

    /// The commands of a shell snippet.
    ///
    /// In a `console` block only lines starting with `$ ` are commands (the rest is output); in
    /// other shell blocks every line is, with an optional `$ ` prompt. A line ending in `\`
    /// continues on the next. Only commands that start with `companion` or `swift run` are
    /// returned: those are the ones the toolkit promises to run.
    static func commands(in snippet: LessonSnippet) -> [LessonCommand] {
        let promptsOnly = snippet.info.first?.lowercased() == "console"
        var commands: [LessonCommand] = []
        var pending: (text: String, line: Int)?
        for (offset, rawLine) in snippet.code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = rawLine.trimmingCharacters(in: .whitespaces)
            if pending == nil {
                if line.hasPrefix("$ ") {
                    line.removeFirst(2)
                } else if promptsOnly {
                    continue
                }
            }
            let continues = line.hasSuffix("\\")
            if continues { line = String(line.dropLast()).trimmingCharacters(in: .whitespaces) }
            var current = pending ?? ("", snippet.line + 1 + offset)
            current.text += current.text.isEmpty ? line : " " + line.trimmingCharacters(in: .whitespaces)
            if continues {
                pending = current
                continue
            }
            pending = nil
            let text = current.text.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("companion ") || text == "companion" || text.hasPrefix("swift run ") {
                commands.append(LessonCommand(text: text, line: current.line))
            }
        }
        return commands
    }

    /// The shell command that runs this with the built products: `swift run [options] NAME args`
    /// becomes `NAME args` (the test already built every product; a nested `swift run` would
    /// wait on the build lock the test run holds).
    func shellCommand() throws -> String {
        guard text.hasPrefix("swift run ") else { return text }
        var words = text.dropFirst("swift run ".count).split(separator: " ", omittingEmptySubsequences: true)
            .map(String.init)
        let optionsWithValue: Set<String> = ["-c", "--configuration", "--package-path", "--scratch-path"]
        while let first = words.first, first.hasPrefix("-") {
            words.removeFirst()
            if optionsWithValue.contains(first), !words.isEmpty { words.removeFirst() }
        }
        guard !words.isEmpty else { throw LessonHarnessError.swiftRunNeedsAProduct(text) }
        return words.joined(separator: " ")
    }
}

/// What can go wrong in the lesson harness itself.
enum LessonHarnessError: Error, CustomStringConvertible {
    case swiftRunNeedsAProduct(String)
    case toolFailed(String, String)

    var description: String {
        switch self {
        case .swiftRunNeedsAProduct(let command):
            "'\(command)' names no product; lessons write 'swift run NAME' so the test knows what to run"
        case .toolFailed(let tool, let output):
            "\(tool) failed:\n\(output)"
        }
    }
}
