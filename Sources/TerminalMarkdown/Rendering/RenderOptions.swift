/// How ``MarkdownRenderer`` draws a document.
public struct RenderOptions: Sendable, Equatable {
    /// What happens to a code line wider than the page.
    public enum CodeOverflow: Sendable, Equatable {
        /// The line is written whole (into a file or a pipe, so copying code keeps it intact).
        case keep
        /// The line goes on in rows of the page width, each continuation under a dim `↪` in the
        /// code's indent (on a terminal, so the terminal does not wrap code). No character is dropped.
        case wrap
    }

    /// The page width in columns: no line is wider, except code lines with ``CodeOverflow/keep``.
    public var width: Int
    /// Whether to style with SGR colours. Off is *plain mode*: no escape sequence at all, and
    /// structure shown with characters instead (`#` headings, `*` bullets, backquotes around code, `>` quotes).
    public var colors: Bool
    /// Whether links may be written as OSC 8 hyperlinks (only with ``colors``, and only for
    /// http, https, mailto and relative paths); otherwise links get numbered references.
    public var hyperlinks: Bool
    /// The directory relative links are resolved against (a lesson's folder), or nil to treat
    /// relative links as references.
    public var documentDirectory: String?
    /// What happens to code lines wider than the page.
    public var codeOverflow: CodeOverflow

    /// Creates options; the defaults are plain text, 80 columns, code kept whole.
    public init(
        width: Int = 80, colors: Bool = false, hyperlinks: Bool = false, documentDirectory: String? = nil,
        codeOverflow: CodeOverflow = .keep
    ) {
        self.width = max(1, width)
        self.colors = colors
        self.hyperlinks = hyperlinks && colors
        self.documentDirectory = documentDirectory
        self.codeOverflow = codeOverflow
    }
}
