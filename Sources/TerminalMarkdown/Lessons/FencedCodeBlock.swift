/// A fenced code block of a lesson, found by a line scan (enough for lessons, which keep fences
/// simple): what the reader runs, and what the tests compile and run.
public struct FencedCodeBlock: Equatable, Sendable {
    /// The info string's words: `swift run` → `["swift", "run"]`.
    public var info: [String]
    /// The code, without the fence lines and without the fence's indentation.
    public var code: String
    /// The 1-based line of the opening fence.
    public var line: Int
    /// The opening fence's indentation in columns.
    public var indent: Int

    /// A block with these parts.
    public init(info: [String], code: String, line: Int, indent: Int = 0) {
        self.info = info
        self.code = code
        self.line = line
        self.indent = indent
    }

    /// Whether this is a `swift run` block, which `companion lessons run` builds and runs.
    public var isRunnable: Bool { info.first?.lowercased() == "swift" && info.dropFirst().contains("run") }

    /// The fenced blocks of a Markdown text, in order.
    ///
    /// Fences may be indented up to three columns (inside list items); the content loses that much
    /// indentation, as CommonMark says. A fence is closed by the same character, at least as many
    /// times.
    public static func blocks(in markdown: String) -> [FencedCodeBlock] {
        var fences: [FencedCodeBlock] = []
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
                        FencedCodeBlock(
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
