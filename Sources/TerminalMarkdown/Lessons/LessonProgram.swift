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
        for fence in FencedCodeBlock.blocks(in: markdown) where fence.isRunnable {
            programs.append(LessonProgram(number: programs.count + 1, line: fence.line, code: fence.code))
        }
        return programs
    }

    /// `markdown` with a line `▶ COMMAND` above every runnable block, `COMMAND` being what
    /// `command(number)` returns for the block's number, as a code span.
    public static func markingRunnableBlocks(in markdown: String, command: (Int) -> String) -> String {
        var lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let fences = FencedCodeBlock.blocks(in: markdown).filter(\.isRunnable)
        // From the last so earlier line numbers stay right.
        for (index, fence) in fences.enumerated().reversed() {
            let indent = String(repeating: " ", count: fence.indent)
            lines.insert(contentsOf: ["", indent + "▶ `" + command(index + 1) + "`", ""], at: fence.line - 1)
        }
        return lines.joined(separator: "\n")
    }
}
