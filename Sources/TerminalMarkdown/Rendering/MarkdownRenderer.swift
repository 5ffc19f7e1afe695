import TerminalKit

/// Renders CommonMark for the terminal: the text a student reads in `companion lessons`.
///
/// libcmark parses; this walks its tree and draws every block and inline element of CommonMark
/// 0.30, GitHub pipe tables, and highlighted code (DESIGN.md §5). All text from the document is
/// sanitised (`TerminalSanitizer`), so hostile Markdown cannot reach the terminal as escapes.
///
/// ```swift
/// let renderer = MarkdownRenderer(options: RenderOptions(width: 60, colors: true))
/// print(renderer.render("# Fetching\n\nA *fetch request* asks the store…"), terminator: "")
/// ```
public struct MarkdownRenderer: Sendable {
    /// How documents are drawn.
    public var options: RenderOptions
    /// Whether text of one-column characters is wrapped by ``NarrowTextWrapper`` (always, but for
    /// the tests that hold it to `TextWrapper`'s lines).
    let wrapsNarrowTextDirectly: Bool

    /// Creates a renderer.
    public init(options: RenderOptions) {
        self.init(options: options, wrapsNarrowTextDirectly: true)
    }

    init(options: RenderOptions, wrapsNarrowTextDirectly: Bool) {
        self.options = options
        self.wrapsNarrowTextDirectly = wrapsNarrowTextDirectly
    }

    /// The document as styled lines (for callers that post-process, like search highlighting).
    public func lines(for markdown: String) -> [StyledLine] {
        let scanner = PipeTableScanner(scanning: markdown)
        let document = MarkdownDocument(parsing: scanner.source)
        // The nodes are pointers into the document's tree: it must outlive the walk.
        return withExtendedLifetime(document) {
            BlockRenderer(options: options, tables: scanner, wrapsNarrowTextDirectly: wrapsNarrowTextDirectly).render(
                document.root)
        }
    }

    /// The document as terminal output, every line ending in a newline.
    public func render(_ markdown: String) -> String {
        lines(for: markdown).encoded(colors: options.colors, hyperlinks: options.hyperlinks)
    }
}
