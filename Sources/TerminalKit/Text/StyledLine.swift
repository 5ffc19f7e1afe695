/// One output line made of styled spans.
///
/// Encoding a line opens what it needs and closes everything at its end, so each line stands on
/// its own: `less -R` (which resets style at each line start) and any later line shows correctly,
/// and a style or link that continues from the previous line is simply opened again.
public struct StyledLine: Hashable, Sendable {
    /// The spans, left to right.
    public var spans: [StyledSpan]
    /// Whether this line is preformatted (a code block): it is never wrapped and may be wider
    /// than the page.
    public var isPreformatted: Bool

    /// Creates a line.
    public init(_ spans: [StyledSpan] = [], isPreformatted: Bool = false) {
        self.spans = spans
        self.isPreformatted = isPreformatted
    }

    /// An empty line.
    public static let blank = StyledLine()

    /// The columns the line takes on screen.
    public var width: Int {
        spans.reduce(0) { $0 + $1.width }
    }

    /// The text without any styling.
    public var plainText: String {
        spans.map(\.text).joined()
    }

    /// Appends a span, joining it to the last one when they look the same.
    public mutating func append(_ span: StyledSpan) {
        guard !span.text.isEmpty else { return }
        // In place: the last span's text grows where it is (no copy of it is held meanwhile),
        // not rebuilt once per appended word.
        if let last = spans.indices.last, spans[last].hasSameLook(as: span) {
            spans[last].appendSanitized(span.text)
        } else {
            spans.append(span)
        }
    }

    /// Appends text known to be sanitised in a look: what appending
    /// `StyledSpan(sanitized: text, style: style, link: link)` does, without making the span first.
    mutating func appendSanitized(_ text: String, style: TextStyle, link: String?) {
        guard !text.isEmpty else { return }
        if let last = spans.indices.last, spans[last].style == style, spans[last].link == link {
            spans[last].appendSanitized(text)
        } else {
            spans.append(StyledSpan(sanitized: text, style: style, link: link))
        }
    }

    /// The line as terminal output (no newline).
    /// - Parameters:
    ///   - colors: write SGR styling; without it no escape sequence is written at all.
    ///   - hyperlinks: write OSC 8 links for spans that have one.
    public func encoded(colors: Bool, hyperlinks: Bool) -> String {
        var output = ""
        encode(into: &output, colors: colors, hyperlinks: hyperlinks)
        return output
    }

    /// Appends the line's terminal output (no newline) to `output`.
    public func encode(into output: inout String, colors: Bool, hyperlinks: Bool) {
        var bytes: [UInt8] = []
        var sequences: [TextStyle: String] = [:]
        encode(into: &bytes, colors: colors, hyperlinks: hyperlinks, sequences: &sequences)
        output += String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the line's output as UTF-8, reusing the SGR sequences of styles already seen in
    /// `sequences`. Bytes, not a `String`: appending to an array is a copy, where appending to a
    /// string checks and grows it piece by piece.
    func encode(into output: inout [UInt8], colors: Bool, hyperlinks: Bool, sequences: inout [TextStyle: String]) {
        var style = TextStyle.plain
        var link: String?
        for span in spans {
            if colors, span.style != style {
                if !style.isPlain { output += SGR.reset.utf8 }
                if let known = sequences[span.style] {
                    output += known.utf8
                } else {
                    let sequence = span.style.openSequence
                    sequences[span.style] = sequence
                    output += sequence.utf8
                }
                style = span.style
            }
            if hyperlinks, span.link != link {
                if link != nil { output += Hyperlink.close.utf8 }
                if let target = span.link { output += Hyperlink.open(target).utf8 }
                link = span.link
            }
            output += span.text.utf8
        }
        if link != nil { output += Hyperlink.close.utf8 }
        if !style.isPlain { output += SGR.reset.utf8 }
    }
}

extension Array where Element == StyledLine {
    /// The lines as terminal output, each followed by a newline.
    public func encoded(colors: Bool, hyperlinks: Bool) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(count * 64)
        var sequences: [TextStyle: String] = [:]
        for line in self {
            line.encode(into: &output, colors: colors, hyperlinks: hyperlinks, sequences: &sequences)
            output.append(0x0A)
        }
        return String(decoding: output, as: UTF8.self)
    }
}
