/// A terminal text style: attributes and 16-colour foreground/background, written as SGR.
///
/// Styles nest: ``merged(with:)`` gives the style of text inside other styled text (attributes
/// add up, an inner colour replaces an outer one). Output always starts a style from a reset,
/// so a line can be re-opened from nothing (`less -R` resets at every line start).
public struct TextStyle: Hashable, Sendable {
    /// On/off attributes of a style.
    public struct Attributes: OptionSet, Hashable, Sendable {
        /// The raw bits.
        public let rawValue: UInt8
        /// Creates attributes from raw bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Bold or increased intensity (SGR 1).
        public static let bold = Attributes(rawValue: 1 << 0)
        /// Faint (SGR 2).
        public static let dim = Attributes(rawValue: 1 << 1)
        /// Italic (SGR 3).
        public static let italic = Attributes(rawValue: 1 << 2)
        /// Underlined (SGR 4).
        public static let underline = Attributes(rawValue: 1 << 3)
        /// Reverse video (SGR 7).
        public static let inverse = Attributes(rawValue: 1 << 4)
        /// Crossed out (SGR 9).
        public static let strikethrough = Attributes(rawValue: 1 << 5)
    }

    /// The attributes switched on.
    public var attributes: Attributes
    /// The foreground colour, or the terminal's default.
    public var foreground: TerminalColor?
    /// The background colour, or the terminal's default.
    public var background: TerminalColor?

    /// Creates a style.
    public init(_ attributes: Attributes = [], foreground: TerminalColor? = nil, background: TerminalColor? = nil) {
        self.attributes = attributes
        self.foreground = foreground
        self.background = background
    }

    /// The terminal's default style: nothing to open or close.
    public static let plain = TextStyle()

    /// Whether this style changes nothing.
    public var isPlain: Bool {
        attributes.isEmpty && foreground == nil && background == nil
    }

    /// The style of text nested inside text of this style.
    public func merged(with inner: TextStyle) -> TextStyle {
        TextStyle(
            attributes.union(inner.attributes),
            foreground: inner.foreground ?? foreground,
            background: inner.background ?? background)
    }

    /// The SGR sequence that switches this style on from the default, or "" for ``plain``.
    public var openSequence: String {
        if isPlain { return "" }
        var codes: [Int] = []
        let table: [(Attributes, Int)] = [
            (.bold, 1), (.dim, 2), (.italic, 3), (.underline, 4), (.inverse, 7),
            (.strikethrough, 9),
        ]
        for (attribute, code) in table where attributes.contains(attribute) { codes.append(code) }
        if let foreground { codes.append(foreground.foregroundCode) }
        if let background { codes.append(background.backgroundCode) }
        return SGR.sequence(codes)
    }
}
