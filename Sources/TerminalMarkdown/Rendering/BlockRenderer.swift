import TerminalKit

/// Walks libcmark's block tree and draws each block as styled lines at a given width.
///
/// Containers (quotes, list items) draw their children narrower and then add their own prefix
/// to every line, which is how wrapped lines come to hang under the item text.
final class BlockRenderer {
    let options: RenderOptions
    let tables: PipeTableScanner
    let linkPolicy: LinkPolicy
    /// Numbered references for links that are not hyperlinks, in order of first use.
    var references: [String] = []
    var referenceNumbers: [String: Int] = [:]
    /// How deep in lists we are, for the bullet shape.
    var listDepth = 0
    /// Hyperlink targets already decided, by destination (documents repeat their links).
    private var hyperlinkTargets: [String: String?] = [:]
    /// Whether text of one-column characters is wrapped by ``NarrowTextWrapper`` (always, but for
    /// the tests that hold it to `TextWrapper`'s lines).
    let wrapsNarrowTextDirectly: Bool

    init(options: RenderOptions, tables: PipeTableScanner, wrapsNarrowTextDirectly: Bool = true) {
        self.options = options
        self.tables = tables
        self.wrapsNarrowTextDirectly = wrapsNarrowTextDirectly
        linkPolicy = LinkPolicy(documentDirectory: options.documentDirectory)
    }

    /// Whether structure must be shown with characters because there is no styling.
    var isPlain: Bool { !options.colors }

    /// The whole document, with the list of references at the end.
    func render(_ document: MarkdownNode) -> [StyledLine] {
        var lines = blocks(in: document, width: options.width, tight: false)
        if !references.isEmpty {
            if !lines.isEmpty { lines.append(.blank) }
            lines += referenceList(width: options.width)
        }
        return lines
    }

    /// How many quotes and lists nest before deeper ones are drawn flat (their text without their
    /// bars and bullets). Drawing follows the nesting by recursion, and a hostile file can nest
    /// 50,000 deep (`> > > …`); a lesson nests three or four.
    static let maximumNesting = 64

    /// How many containers are being drawn around the current block.
    var nesting = 0

    /// How many inline elements (emphasis, links) enclose the current one; past
    /// ``maximumNesting`` the rest is drawn as plain text.
    var inlineNesting = 0

    /// The children of a container, separated by blank lines unless the list is tight.
    func blocks(in parent: MarkdownNode, width: Int, tight: Bool) -> [StyledLine] {
        guard nesting < Self.maximumNesting else { return flatBlocks(in: parent, width: width) }
        nesting += 1
        defer { nesting -= 1 }
        var lines: [StyledLine] = []
        for child in parent.children {
            let drawn = block(child, width: width, tight: tight)
            if drawn.isEmpty { continue }
            if !lines.isEmpty, !tight { lines.append(.blank) }
            lines += drawn
        }
        return lines
    }

    func block(_ node: MarkdownNode, width: Int, tight: Bool) -> [StyledLine] {
        switch node.kind {
        case .paragraph:
            return wrapped(inlines(of: node, style: .plain), width: width)
        case .heading:
            return heading(node, width: width)
        case .blockQuote:
            return quote(node, width: width)
        case .list:
            return list(node, width: width)
        case .codeBlock:
            return codeBlock(node, width: width)
        case .htmlBlock:
            if let index = tables.tableIndex(ofMarker: node.literal) {
                return table(tables.tables[index], width: width)
            }
            return html(node.literal, width: width)
        case .thematicBreak:
            return [StyledLine([StyledSpan(String(repeating: "─", count: width), style: Theme.rule)])]
        case .document, .item, .customBlock:
            return blocks(in: node, width: width, tight: tight)
        default:
            // Inline content where a block is expected (never produced by libcmark): draw it as text.
            return wrapped(inlines(of: node, style: .plain), width: width)
        }
    }

    /// The leaf blocks under `parent`, found with a stack of its own rather than recursion, drawn one
    /// after another without the marks of the containers between.
    private func flatBlocks(in parent: MarkdownNode, width: Int) -> [StyledLine] {
        var lines: [StyledLine] = []
        var pending = parent.children.reversed() as [MarkdownNode]
        while let node = pending.popLast() {
            switch node.kind {
            case .blockQuote, .list, .item, .document, .customBlock:
                pending += node.children.reversed()
            default:
                let drawn = block(node, width: width, tight: false)
                if drawn.isEmpty { continue }
                if !lines.isEmpty { lines.append(.blank) }
                lines += drawn
            }
        }
        return lines
    }

    /// `TextWrapper(width: width).wrap(hardLines)`: by ``NarrowTextWrapper`` where every character
    /// is one scalar one column wide (most text), which gives the same lines at a fraction of the cost.
    func wrapped(_ hardLines: [[StyledSpan]], width: Int) -> [StyledLine] {
        (wrapsNarrowTextDirectly ? NarrowTextWrapper.wrap(hardLines, width: width) : nil)
            ?? TextWrapper(width: width).wrap(hardLines)
    }

    // MARK: - Leaf blocks

    private func heading(_ node: MarkdownNode, width: Int) -> [StyledLine] {
        let level = node.headingLevel
        let style = Theme.heading(level)
        if isPlain {
            let marker = String(repeating: "#", count: level) + " "
            return TextWrapper(width: width).wrap(
                inlines(of: node, style: style), firstPrefix: [StyledSpan(marker)],
                continuationPrefix: [StyledSpan(String(repeating: " ", count: marker.count))])
        }
        var lines = wrapped(inlines(of: node, style: style), width: width)
        if level <= 2 {
            let ruleWidth = min(width, lines.map(\.width).max() ?? 0)
            lines.append(
                StyledLine([
                    StyledSpan(
                        String(repeating: level == 1 ? "═" : "─", count: ruleWidth),
                        style: Theme.rule)
                ]))
        }
        return lines
    }

    private func html(_ literal: String, width: Int) -> [StyledLine] {
        var text = Substring(literal)
        while text.hasSuffix("\n") { text = text.dropLast() }
        let hardLines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            [StyledSpan(CodeHighlighter.expandTabs($0), style: Theme.html)]
        }
        return wrapped(hardLines, width: width)
    }

    /// A code block, indented by four columns. Code is never cut: with ``RenderOptions/CodeOverflow/wrap``
    /// a line wider than the page goes on under a dim `↪` in the indent, every character kept.
    private func codeBlock(_ node: MarkdownNode, width: Int) -> [StyledLine] {
        let indent = StyledSpan("    ")
        let available = max(1, width - 4)
        return CodeHighlighter.lines(of: node.literal, info: node.fenceInfo).flatMap { spans -> [StyledLine] in
            if spans.isEmpty { return [StyledLine(isPreformatted: true)] }
            // The width is only needed (and counted) where long lines wrap.
            guard options.codeOverflow == .wrap, spans.reduce(0, { $0 + $1.width }) > available else {
                return [StyledLine(joining: indent, spans, isPreformatted: true)]
            }
            return rows(of: spans, width: available).enumerated().map { index, row in
                let prefix = index == 0 ? indent : StyledSpan("  ↪ ", style: Theme.overflowMarker)
                var line = StyledLine([prefix], isPreformatted: true)
                for span in row { line.append(span) }
                return line
            }
        }
    }

    /// The spans split into rows of at most `width` columns, between characters (grapheme
    /// clusters), so no character is lost or split; a character wider than `width` gets a row.
    private func rows(of spans: [StyledSpan], width: Int) -> [[StyledSpan]] {
        var rows: [[StyledSpan]] = [[]]
        var used = 0
        for span in spans {
            var text = ""
            for character in span.text {
                let characterWidth = DisplayWidth.of(character)
                if used + characterWidth > width, used > 0 {
                    if !text.isEmpty {
                        rows[rows.count - 1].append(StyledSpan(text, style: span.style, link: span.link))
                    }
                    rows.append([])
                    text = ""
                    used = 0
                }
                text.append(character)
                used += characterWidth
            }
            if !text.isEmpty { rows[rows.count - 1].append(StyledSpan(text, style: span.style, link: span.link)) }
        }
        return rows
    }

    // MARK: - Links

    /// The OSC 8 target for a destination, or nil when the link needs a numbered reference.
    func hyperlinkTarget(for destination: String) -> String? {
        guard options.hyperlinks else { return nil }
        if let known = hyperlinkTargets[destination] { return known }
        let target = linkPolicy.hyperlinkTarget(for: destination)
        hyperlinkTargets[destination] = target
        return target
    }

    // MARK: - References

    /// The number of a reference to `destination`, adding it on first use.
    func referenceNumber(for destination: String) -> Int {
        if let number = referenceNumbers[destination] { return number }
        references.append(destination)
        referenceNumbers[destination] = references.count
        return references.count
    }

    private func referenceList(width: Int) -> [StyledLine] {
        var lines = [StyledLine([StyledSpan("Links", style: Theme.heading(3))])]
        let numberWidth = "[\(references.count)] ".count
        for (index, destination) in references.enumerated() {
            let marker = "[\(index + 1)]"
            let padded = marker + String(repeating: " ", count: numberWidth - marker.count)
            lines += TextWrapper(width: width).wrap(
                [[StyledSpan(destination, style: Theme.link)]],
                firstPrefix: [StyledSpan(padded, style: Theme.reference)],
                continuationPrefix: [StyledSpan(String(repeating: " ", count: numberWidth))])
        }
        return lines
    }
}
