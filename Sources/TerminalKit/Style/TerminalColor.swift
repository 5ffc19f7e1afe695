/// One of the 16 standard terminal colours; the user's palette decides what each looks like.
public enum TerminalColor: UInt8, Sendable, CaseIterable {
    /// Black (SGR 30/40).
    case black = 0
    /// Red (SGR 31/41).
    case red
    /// Green (SGR 32/42).
    case green
    /// Yellow (SGR 33/43).
    case yellow
    /// Blue (SGR 34/44).
    case blue
    /// Magenta (SGR 35/45).
    case magenta
    /// Cyan (SGR 36/46).
    case cyan
    /// White (SGR 37/47).
    case white
    /// Bright black, often grey (SGR 90/100).
    case brightBlack
    /// Bright red (SGR 91/101).
    case brightRed
    /// Bright green (SGR 92/102).
    case brightGreen
    /// Bright yellow (SGR 93/103).
    case brightYellow
    /// Bright blue (SGR 94/104).
    case brightBlue
    /// Bright magenta (SGR 95/105).
    case brightMagenta
    /// Bright cyan (SGR 96/106).
    case brightCyan
    /// Bright white (SGR 97/107).
    case brightWhite

    /// The SGR parameter that selects this colour as foreground.
    public var foregroundCode: Int {
        rawValue < 8 ? 30 + Int(rawValue) : 90 + Int(rawValue - 8)
    }

    /// The SGR parameter that selects this colour as background.
    public var backgroundCode: Int {
        foregroundCode + 10
    }
}
