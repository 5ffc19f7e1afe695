import TerminalKit

/// `companion lessons search WORDS`: the lessons containing every word, with the lines that
/// contain any of them and each occurrence highlighted.
///
/// Matching ignores case; a word matches anywhere inside a longer word (`fetch` finds
/// `NSFetchRequest`), the way students search.
public struct LessonSearch: Sendable {
    /// One lesson that matched.
    public struct Match: Sendable {
        /// The lesson.
        public var lesson: Lesson
        /// The matching lines: 1-based line number in the body and the line's text.
        public var lines: [(number: Int, text: String)]
    }

    /// The words searched for, lowercased.
    public let words: [String]

    /// A search for `words` (empty words are ignored).
    public init(words: [String]) {
        self.words = words.map { $0.lowercased() }.filter { !$0.isEmpty }
    }

    /// The lessons that contain every word, in catalog order.
    public func matches(in lessons: [Lesson]) -> [Match] {
        guard !words.isEmpty else { return [] }
        return lessons.compactMap { lesson in
            let text = (lesson.title + "\n" + lesson.body).lowercased()
            guard words.allSatisfy({ text.contains($0) }) else { return nil }
            let lines = lesson.body.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                .filter { _, line in words.contains { line.lowercased().contains($0) } }
                .map { (number: $0.offset + 1, text: String($0.element)) }
            return Match(lesson: lesson, lines: lines)
        }
    }

    /// `line` as spans with every occurrence of a word in `matchStyle`.
    ///
    /// Without colour the occurrences are framed as `»word«` so they still stand out.
    public func highlighted(_ line: String, colors: Bool) -> [StyledSpan] {
        let characters = Array(line)
        let lowered = characters.map { Character($0.lowercased()) }
        var marked = [Bool](repeating: false, count: characters.count)
        for word in words {
            let pattern = Array(word)
            guard !pattern.isEmpty, pattern.count <= lowered.count else { continue }
            for start in 0...(lowered.count - pattern.count)
            where Array(lowered[start..<start + pattern.count]) == pattern {
                for index in start..<start + pattern.count { marked[index] = true }
            }
        }
        var spans: [StyledSpan] = []
        var index = 0
        while index < characters.count {
            let isMatch = marked[index]
            var end = index
            while end < characters.count, marked[end] == isMatch { end += 1 }
            let text = String(characters[index..<end])
            if isMatch {
                spans.append(colors ? StyledSpan(text, style: Theme.searchMatch) : StyledSpan("»" + text + "«"))
            } else {
                spans.append(StyledSpan(text))
            }
            index = end
        }
        return spans
    }
}
