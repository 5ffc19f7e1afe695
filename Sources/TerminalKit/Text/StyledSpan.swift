/// A run of text in one style, optionally part of a hyperlink: the unit everything is drawn from.
///
/// The text is sanitised when the span is made (``TerminalSanitizer``), so no escape sequence can
/// hide in it: the only escapes ever written are the ones ``StyledLine`` adds for style and links.
public struct StyledSpan: Hashable, Sendable {
    /// The text, already safe to print.
    public private(set) var text: String
    /// How it looks.
    public var style: TextStyle
    /// The URI this text links to (written as OSC 8 where links are enabled), or nil.
    public var link: String?

    /// Creates a span, sanitising `text`.
    public init(_ text: String, style: TextStyle = .plain, link: String? = nil) {
        self.text = TerminalSanitizer.sanitize(text)
        self.style = style
        self.link = link
    }

    /// Creates a span from a substring, sanitising it.
    public init(_ text: Substring, style: TextStyle = .plain, link: String? = nil) {
        self.init(String(text), style: style, link: link)
    }

    /// Creates a span from text known to be sanitised already (pieces of other spans).
    init(sanitized text: String, style: TextStyle, link: String?) {
        self.text = text
        self.style = style
        self.link = link
    }

    /// Adds text known to be sanitised (another span's) to the end of this span's text.
    mutating func appendSanitized(_ more: String) {
        text += more
    }

    /// The columns the text takes.
    public var width: Int {
        DisplayWidth.of(text)
    }

    /// Whether this span looks and links the same as `other`, so the two can be joined.
    func hasSameLook(as other: StyledSpan) -> Bool {
        style == other.style && link == other.link
    }
}
