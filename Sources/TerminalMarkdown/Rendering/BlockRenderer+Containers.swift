import TerminalKit

extension BlockRenderer {
    /// A block quote: its blocks, two columns narrower, each line behind a bar.
    func quote(_ node: MarkdownNode, width: Int) -> [StyledLine] {
        let bar = isPlain ? StyledSpan("> ") : StyledSpan("│ ", style: Theme.quoteBar)
        // Too narrow for a bar and some text: the quote's lines go unmarked rather than too wide.
        guard width >= 3 else { return blocks(in: node, width: width, tight: false) }
        let inner = blocks(in: node, width: width - 2, tight: false)
        if inner.isEmpty { return [StyledLine([bar])] }
        return prefixed(inner, first: [bar], rest: [bar])
    }

    /// A list: each item's blocks behind its marker, wrapped lines hanging under the item text.
    func list(_ node: MarkdownNode, width: Int) -> [StyledLine] {
        listDepth += 1
        defer { listDepth -= 1 }
        let items = Array(node.children)
        let markers = items.indices.map { marker(for: node, at: $0) }
        let markerWidth = (markers.map(\.count).max() ?? 1) + 1
        let tight = node.isTightList
        var lines: [StyledLine] = []
        for (index, item) in items.enumerated() {
            if index > 0, !tight { lines.append(.blank) }
            let text = markers[index] + String(repeating: " ", count: markerWidth - markers[index].count)
            let first = [StyledSpan(text, style: Theme.bullet)]
            if width - markerWidth < 1 {
                // Too narrow to hang the text under the marker: the marker gets a line of its own.
                lines.append(StyledLine([StyledSpan(String(markers[index].prefix(width)), style: Theme.bullet)]))
                lines += blocks(in: item, width: width, tight: tight)
                continue
            }
            let content = blocks(in: item, width: width - markerWidth, tight: tight)
            if content.isEmpty {
                lines.append(StyledLine([StyledSpan(markers[index], style: Theme.bullet)]))
            } else {
                lines += prefixed(content, first: first, rest: [StyledSpan(String(repeating: " ", count: markerWidth))])
            }
        }
        return lines
    }

    private func marker(for list: MarkdownNode, at index: Int) -> String {
        if list.isOrderedList {
            return "\(list.listStart + index)" + (list.usesParenthesisDelimiter ? ")" : ".")
        }
        let shapes = isPlain ? ["*", "-", "+"] : ["•", "◦", "▪"]
        return shapes[(listDepth - 1) % shapes.count]
    }

    /// Lines with a prefix before the first and another before the rest; a blank line gets the
    /// prefix without its trailing spaces, so no line ends in whitespace.
    func prefixed(_ lines: [StyledLine], first: [StyledSpan], rest: [StyledSpan]) -> [StyledLine] {
        lines.enumerated().map { index, line in
            let prefix = index == 0 ? first : rest
            var result = StyledLine(isPreformatted: line.isPreformatted)
            if line.spans.isEmpty {
                for span in prefix {
                    let trimmed = String(span.text.reversed().drop { $0 == " " }.reversed())
                    result.append(StyledSpan(trimmed, style: span.style, link: span.link))
                }
                return result
            }
            for span in prefix { result.append(span) }
            for span in line.spans { result.append(span) }
            return result
        }
    }
}
