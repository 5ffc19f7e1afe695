/// Select Graphic Rendition sequences (`ESC [ … m`), the only styling escapes TerminalKit writes.
public enum SGR {
    /// Resets every attribute and colour: `ESC [ 0 m`.
    public static let reset = "\u{1B}[0m"

    /// The sequence for the given parameters, e.g. `[1, 31]` → `ESC [ 1 ; 31 m`.
    public static func sequence(_ codes: [Int]) -> String {
        "\u{1B}[" + codes.map(String.init).joined(separator: ";") + "m"
    }

    /// `text` in `style`, followed by a reset; just `text` when the style is plain.
    public static func styled(_ text: String, _ style: TextStyle) -> String {
        style.isPlain ? text : style.openSequence + text + reset
    }
}
