/// A runnable block of a lesson: a fenced block whose info string is `swift run`.
///
/// Such a block is a whole program (the `main.swift` of an executable). `companion lessons run
/// LESSON BLOCK` builds and runs it, and the reader prints that command above it, so what a student
/// reads is what runs. Blocks are numbered from 1 in the order they appear.
public struct LessonProgram: Equatable, Sendable {
    /// The block's number among the lesson's runnable blocks, from 1.
    public var number: Int
    /// The 1-based line of the opening fence in the Markdown it was found in.
    public var line: Int
    /// The program, without the fence lines and without the fence's indentation.
    public var code: String

    /// Creates a program.
    public init(number: Int, line: Int, code: String) {
        self.number = number
        self.line = line
        self.code = code
    }

    /// The modules the program imports (`import ObjectGraph` → `ObjectGraph`), in order.
    public var imports: [String] {
        code.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard words.count >= 2, words[0] == "import" || (words.first == "@testable" && words[1] == "import")
            else { return nil }
            return String(words[words[0] == "import" ? 1 : 2])
        }
    }

    /// The runnable blocks of a Markdown text, in order.
    ///
    /// Fences may be indented (inside list items); the content loses that much indentation, as
    /// CommonMark says. A fence is closed by the same character, at least as many times.
    public static func programs(in markdown: String) -> [LessonProgram] {
        var programs: [LessonProgram] = []
        for fence in Fence.fences(in: markdown) where fence.isRunnable {
            programs.append(LessonProgram(number: programs.count + 1, line: fence.line, code: fence.code))
        }
        return programs
    }

    /// `markdown` with a line `▶ COMMAND` above every runnable block, `COMMAND` being what
    /// `command(number)` returns for the block's number, as a code span.
    public static func markingRunnableBlocks(in markdown: String, command: (Int) -> String) -> String {
        var lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let fences = Fence.fences(in: markdown).filter(\.isRunnable)
        // From the last so earlier line numbers stay right.
        for (index, fence) in fences.enumerated().reversed() {
            let indent = String(repeating: " ", count: fence.indent)
            lines.insert(contentsOf: ["", indent + "▶ `" + command(index + 1) + "`", ""], at: fence.line - 1)
        }
        return lines.joined(separator: "\n")
    }
}

/// A fenced code block found by a line scan (enough for lessons, which keep fences simple).
private struct Fence {
    var info: [String]
    var code: String
    var line: Int
    var indent: Int

    var isRunnable: Bool { info.first?.lowercased() == "swift" && info.dropFirst().contains("run") }

    static func fences(in markdown: String) -> [Fence] {
        var fences: [Fence] = []
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
                    fences.append(
                        Fence(
                            info: current.info, code: lines.joined(separator: "\n"), line: current.line,
                            indent: current.indent))
                    open = nil
                    lines = []
                } else {
                    lines.append(String(line.dropFirst(min(current.indent, indent))))
                }
            } else if let character = fenceCharacter, run >= 3, indent < 4 {
                let info = content.dropFirst(run).split(separator: " ").map(String.init)
                open = (character, run, indent, info, offset + 1)
            }
        }
        return fences
    }
}
