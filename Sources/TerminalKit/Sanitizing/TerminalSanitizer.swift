/// Makes text that came from outside (files, Markdown, stores, the network) harmless to print.
///
/// A terminal obeys the bytes it is sent: an ESC can recolour, retitle or hide the screen, a C1
/// control (U+009B is a one-character CSI) can do the same, and a bidirectional override can make
/// text read differently from how it is stored ("Trojan Source"). Nothing of that kind must reach
/// the terminal from data, so every such scalar is replaced by a **visible** stand-in:
///
/// | input | shown as |
/// |---|---|
/// | C0 controls U+0000–U+001F | the matching Unicode Control Picture: ESC → `␛`, NUL → `␀`, LF → `␊` |
/// | DEL U+007F | `␡` |
/// | C1 controls U+0080–U+009F | `<U+009B>` |
/// | bidi embeddings, overrides and isolates U+202A–U+202E, U+2066–U+2069 | `<U+202E>` |
/// | LINE / PARAGRAPH SEPARATOR U+2028, U+2029 | `<U+2028>` |
///
/// A TAB in running text becomes one space (code blocks expand tabs to stops before sanitising).
/// Only the renderer's own styling and link sequences are ever written as real escapes.
public enum TerminalSanitizer {
    /// Returns `text` with every dangerous scalar replaced by its visible form.
    public static func sanitize<S: StringProtocol>(_ text: S) -> String {
        guard needsWork(text) else { return String(text) }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\t" {
                result.append(" ")
            } else if needsEscaping(scalar) {
                result.append(contentsOf: visibleForm(of: scalar).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Whether `text` contains anything ``sanitize(_:)`` would change.
    public static func isSafe<S: StringProtocol>(_ text: S) -> Bool {
        !text.unicodeScalars.contains { $0 == "\t" || needsEscaping($0) }
    }

    /// Whether a scalar must never be written to a terminal as it is.
    @inline(__always)
    public static func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (value >= 0x7F && value <= 0x9F) { return true }
        if value < 0x2028 { return false }
        return (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    /// The visible stand-in printed for a scalar that ``needsEscaping(_:)``.
    public static func visibleForm(of scalar: Unicode.Scalar) -> String {
        let value = scalar.value
        if value < 0x20, let picture = Unicode.Scalar(0x2400 + value) { return String(Character(picture)) }
        if value == 0x7F { return "\u{2421}" }
        let hex = String(value, radix: 16, uppercase: true)
        return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
    }

    /// A quick byte scan: plain printable ASCII needs nothing.
    @inline(__always)
    private static func needsWork<S: StringProtocol>(_ text: S) -> Bool {
        var sawNonASCII = false
        for unit in text.utf8 {
            if unit < 0x20 || unit == 0x7F { return true }
            if unit >= 0x80 { sawNonASCII = true }
        }
        return sawNonASCII && !isSafe(text)
    }
}
