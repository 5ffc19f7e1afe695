import TerminalKit

extension BlockRenderer {
    /// The inline content of a block as hard lines (split at hard line breaks) of styled spans.
    func inlines(of node: MarkdownNode, style: TextStyle) -> [[StyledSpan]] {
        var lines: [[StyledSpan]] = [[]]
        for child in node.children {
            inline(child, style: style, link: nil, into: &lines)
        }
        return lines
    }

    private func inline(_ node: MarkdownNode, style: TextStyle, link: String?, into lines: inout [[StyledSpan]]) {
        func add(_ text: String, _ spanStyle: TextStyle) {
            guard !text.isEmpty else { return }
            lines[lines.count - 1].append(StyledSpan(text, style: spanStyle, link: link))
        }
        // Plain mode frames emphasis and code with `*`/`` ` `` only at word boundaries, so
        // `foo*bar*` reads as one word "foobar", as it does when styled.
        func framed() -> Bool {
            guard isPlain else { return false }
            let before = lines[lines.count - 1].last?.text.last
            let after = node.nextSibling?.leadingCharacter
            return !(before.map(Self.isWordCharacter) ?? false) && !(after.map(Self.isWordCharacter) ?? false)
        }
        func children(_ childStyle: TextStyle, link childLink: String?) {
            guard inlineNesting < Self.maximumNesting else {
                add(node.plainText, childStyle)
                return
            }
            inlineNesting += 1
            defer { inlineNesting -= 1 }
            for child in node.children {
                inline(child, style: childStyle, link: childLink, into: &lines)
            }
        }
        switch node.kind {
        case .text:
            add(node.literal, style)
        case .softBreak:
            add(" ", style)
        case .lineBreak:
            lines.append([])
        case .code:
            let code = style.merged(with: Theme.codeSpan)
            add(framed() ? "`" + node.literal + "`" : node.literal, code)
        case .htmlInline:
            add(node.literal, style.merged(with: Theme.html))
        case .emphasis:
            let marker = framed() ? "*" : ""
            add(marker, style)
            children(style.merged(with: Theme.emphasis), link: link)
            add(marker, style)
        case .strong:
            let marker = framed() ? "**" : ""
            add(marker, style)
            children(style.merged(with: Theme.strong), link: link)
            add(marker, style)
        case .link:
            let destination = node.url
            let target = hyperlinkTarget(for: destination)
            children(style.merged(with: Theme.link), link: target ?? link)
            if target == nil, !destination.isEmpty, !isAutolink(node, destination) {
                add("[\(referenceNumber(for: destination))]", Theme.reference)
            }
        case .image:
            let alt = node.plainText
            add(alt.isEmpty ? "[image]" : "[image: \(alt)]", style.merged(with: Theme.image))
        default:
            children(style, link: link)
        }
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    /// An autolink (`<https://…>`, `<a@b.c>`) shows its destination as its text: no reference needed.
    private func isAutolink(_ node: MarkdownNode, _ destination: String) -> Bool {
        let text = node.plainText
        return text == destination || "mailto:" + text == destination
    }
}
