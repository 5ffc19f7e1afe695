/// The `companion …` lines in a lesson's code blocks, spelled so they run where the student is.
///
/// Lessons write `companion inspect STORE`; in a clone where `companion` was built but not
/// installed that command does not exist, so such a line is shown as `swift run companion …`
/// (see ``Invocation/companion(_:)``). Text outside fenced code blocks is left as written.
enum LessonCommandLines {
    /// `markdown` with every fenced code line that starts with `companion ` spelled by `spell`.
    static func spelled(_ markdown: String, spell: (String) -> String = Invocation.companion) -> String {
        var inFence = false
        var lines: [Substring] = []
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                inFence.toggle()
            } else if inFence, trimmed.hasPrefix("companion ") {
                let indent = line.prefix { $0 == " " }
                lines.append(indent + Substring(spell(String(trimmed.dropFirst("companion ".count)))))
                continue
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
