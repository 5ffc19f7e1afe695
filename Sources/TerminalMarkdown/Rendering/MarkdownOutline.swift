/// The headings of a Markdown document, for `companion lessons N --toc`.
public enum MarkdownOutline {
    /// One heading.
    public struct Heading: Equatable, Sendable {
        /// 1 to 6.
        public var level: Int
        /// Its text without markup.
        public var text: String
    }

    /// Every heading, in document order (headings inside quotes and lists included).
    public static func headings(in markdown: String) -> [Heading] {
        let document = MarkdownDocument(parsing: PipeTableScanner(scanning: markdown).source)
        var result: [Heading] = []
        // The nodes are pointers into the document's tree: it must outlive the walk.
        withExtendedLifetime(document) { collect(document.root, into: &result) }
        return result
    }

    /// Walked with a stack of its own, not recursion: quotes and lists can nest tens of thousands deep.
    private static func collect(_ root: MarkdownNode, into result: inout [Heading]) {
        var pending = root.children.reversed() as [MarkdownNode]
        while let child = pending.popLast() {
            switch child.kind {
            case .heading: result.append(Heading(level: child.headingLevel, text: child.plainText))
            case .blockQuote, .list, .item, .customBlock: pending += child.children.reversed()
            default: break
            }
        }
    }
}
