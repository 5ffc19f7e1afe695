import TerminalKit

extension StyledLine {
    /// The line that appending `first` and then each of `rest` to an empty line gives (empty
    /// texts dropped, neighbours that look the same joined), each joined text built once at its
    /// full size rather than grown span by span.
    init(joining first: StyledSpan, _ rest: [StyledSpan], isPreformatted: Bool) {
        let count = rest.count + 1
        func span(_ index: Int) -> StyledSpan { index == 0 ? first : rest[index - 1] }
        var joined: [StyledSpan] = []
        joined.reserveCapacity(count)
        var index = 0
        while index < count {
            let head = span(index)
            index += 1
            guard !head.text.isEmpty else { continue }
            // The run of spans that look like `head` (empty ones between them count for nothing).
            var end = index
            var bytes = head.text.utf8.count
            while end < count {
                let next = span(end)
                guard next.text.isEmpty || (next.style == head.style && next.link == head.link) else { break }
                bytes += next.text.utf8.count
                end += 1
            }
            guard end > index else {
                joined.append(head)
                continue
            }
            var text = head.text
            text.reserveCapacity(bytes)
            for other in index..<end { text += span(other).text }
            // Sanitised texts joined are sanitised already: sanitising again leaves them as they are.
            joined.append(StyledSpan(text, style: head.style, link: head.link))
            index = end
        }
        self.init(joined, isPreformatted: isPreformatted)
    }
}
